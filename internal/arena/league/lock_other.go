//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package league

import "os"

// lockFile is a no-op where flock is missing: one process at a time must
// then write a league.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) {}

// tryLockFile always succeeds where flock is missing: two runs of one
// league are then the user's to avoid.
func tryLockFile(*os.File) (bool, error) { return true, nil }
