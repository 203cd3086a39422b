//go:build !linux

package arena

import "syscall"

// sysProcAttr puts the bot in its own process group, so one kill reaches
// everything it started.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
