package arena

import (
	"sync"
	"time"
)

// A loaded or throttled machine (a CPU quota spent, a busy hypervisor)
// can freeze every process on it, the arena and the bots alike, for a
// hundred milliseconds at a time. A bot frozen past its limit times out
// through no fault of its own, where CodinGame's servers would not have
// frozen it, so the arena watches for such stalls and reports which
// timeouts came during one: the timeout still counts (the game is scored
// as the referee scores it), but a player can tell a slow bot from a
// busy machine, and rerun on a quieter one or with -slack.

// StallMin is the shortest gap the watcher counts as a stall: it wakes
// every millisecond, and an ordinary busy machine delays a wakeup by a
// few milliseconds, not by twenty.
const StallMin = 20 * time.Millisecond

// stallKeep is how many of the latest stalls the watcher remembers: a
// turn asks only about the last fraction of a second.
const stallKeep = 64

// span is a stretch of wall-clock time.
type span struct{ from, to time.Time }

// stallWatch records the stalls it saw, the latest stallKeep of them.
type stallWatch struct {
	mu    sync.Mutex
	spans [stallKeep]span
	n     int       // stalls seen in all
	last  time.Time // the latest sample
}

// sample records the clock read at now, the previous read being at
// prev: a stall if they are StallMin apart or more.
func (w *stallWatch) sample(prev, now time.Time) {
	w.mu.Lock()
	if now.Sub(prev) >= StallMin {
		w.spans[w.n%stallKeep] = span{prev, now}
		w.n++
	}
	w.last = now
	w.mu.Unlock()
}

// during reports whether a stall overlaps from..to: a recorded one, or
// one not recorded yet because the watcher has not woken since it began
// (the stall that made a turn late wakes the arena and the watcher at
// once, and the arena may ask first).
func (w *stallWatch) during(from, to time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.last.IsZero() && w.last.Before(to) && time.Since(w.last) >= StallMin {
		return true
	}
	k := w.n
	if k > stallKeep {
		k = stallKeep
	}
	for i := 0; i < k; i++ {
		s := w.spans[i]
		if s.from.Before(to) && s.to.After(from) {
			return true
		}
	}
	return false
}

// watch samples the clock every millisecond until stop is closed and
// records every gap of at least StallMin.
func (w *stallWatch) watch(stop <-chan struct{}) {
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	last := time.Now()
	w.sample(last, last)
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			// the tick carries when it was due; a stall shows in when
			// the watcher actually woke
			now := time.Now()
			w.sample(last, now)
			last = now
		}
	}
}
