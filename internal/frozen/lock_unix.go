//go:build unix

package frozen

import (
	"os"
	"syscall"
)

// lock holds an exclusive lock on path (made if missing) until the
// returned function runs, so that test binaries of several packages,
// started together, build a frozen bot once between them.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
