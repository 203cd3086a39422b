package bot

import (
	"sync"
	"testing"
	"time"
)

// manualClock is a Clock the tests move by hand, so that no test depends
// on how fast the machine runs: a deadline passes when the test (or a
// policy it plays) calls Advance past it. armed receives each time a
// timer is set for a time still ahead.
type manualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []manualTimer
	armed  chan struct{}
}

type manualTimer struct {
	at time.Time
	c  chan time.Time
}

func newManualClock() *manualClock {
	return &manualClock{now: time.Unix(1000, 0), armed: make(chan struct{}, 64)}
}

func (m *manualClock) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

func (m *manualClock) At(t time.Time) (<-chan time.Time, func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := make(chan time.Time, 1)
	if !m.now.Before(t) {
		c <- m.now
		return c, func() {}
	}
	m.timers = append(m.timers, manualTimer{at: t, c: c})
	m.armed <- struct{}{}
	return c, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		for i := range m.timers {
			if m.timers[i].c == c {
				m.timers = append(m.timers[:i], m.timers[i+1:]...)
				return
			}
		}
	}
}

// Advance moves the clock by d and fires the timers it passes.
func (m *manualClock) Advance(d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.now = m.now.Add(d)
	kept := m.timers[:0]
	for _, t := range m.timers {
		if m.now.Before(t.at) {
			kept = append(kept, t)
			continue
		}
		t.c <- m.now
	}
	m.timers = kept
}

// advanceWhenArmed advances the clock by d once a timer is set, from
// another goroutine: it makes a call that waits for a deadline see it
// pass.
func (m *manualClock) advanceWhenArmed(d time.Duration) {
	go func() {
		<-m.armed
		m.Advance(d)
	}()
}

// drainArmed forgets the timers set so far.
func (m *manualClock) drainArmed() {
	for {
		select {
		case <-m.armed:
		default:
			return
		}
	}
}

// TestWallClock checks the real clock where it is the thing under test: a
// call that never returns is late once the deadline has passed, and the
// guard returns about then. The margin is 100 times the deadline; the
// check is skipped under -race, which slows everything.
func TestWallClock(t *testing.T) {
	if raceEnabled {
		t.Skip("timing under -race")
	}
	release := make(chan struct{})
	defer close(release)
	var g Guard[int]
	const wait = 10 * time.Millisecond
	start := time.Now()
	_, err := g.Call(start.Add(wait), func() int { <-release; return 1 })
	if err != ErrLate {
		t.Fatalf("err = %v, want ErrLate", err)
	}
	if el := time.Since(start); el < wait || el > 100*wait {
		t.Errorf("returned after %v, want between %v and %v", el, wait, 100*wait)
	}
}
