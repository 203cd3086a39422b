package league

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// RunLockName is the file in a league directory whose lock a run holds for
// its whole life. It is apart from the league file's own lock, which every
// writer takes for one line at a time, so that adds and removes from other
// shells still go through during a run.
const RunLockName = "run.lock"

// ErrRunning is what a Run returns while another run plays the league.
var ErrRunning = errors.New("another run is playing this league")

// lockRun takes the league's run lock without waiting, and returns its
// release. The lock is flock's: the kernel drops it when its holder dies,
// even by kill -9, so a crashed run never blocks the next one. The file
// says who holds it, for the error a second run gets.
func (l *League) lockRun() (func(), error) {
	f, err := os.OpenFile(filepath.Join(l.Dir, RunLockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	ok, err := tryLockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("league in %s: run lock: %w", l.Dir, err)
	}
	if !ok {
		holder, _ := io.ReadAll(io.LimitReader(f, 1<<10))
		f.Close()
		who := strings.TrimSpace(string(holder))
		if who == "" {
			who = "a run that is starting"
		}
		return nil, fmt.Errorf("league in %s: %w (%s); one run at a time plays a league: wait for it or stop it, and give one run more -workers rather than start two",
			l.Dir, ErrRunning, who)
	}
	host, _ := os.Hostname()
	note := fmt.Sprintf("pid %d on %s since %s\n", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(note), 0)
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

// newRunID names one run, for the names of the rounds it draws. It only
// has to differ from every other run's, and decides nothing in any game, so
// it comes from the system's randomness rather than a seed.
func newRunID() (string, error) {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("league: run id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}
