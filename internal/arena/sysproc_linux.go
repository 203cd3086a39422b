package arena

import "syscall"

// sysProcAttr puts the bot in its own process group, so one kill reaches
// everything it started, and has Linux kill the shell if the arena itself
// is killed, so a kill -9 of the arena leaves fewer orphans.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
