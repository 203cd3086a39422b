//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package league

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, waiting for it; the
// kernel releases it when the holder dies, even by kill -9.
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

func unlockFile(f *os.File) { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
