package bot

import "time"

// Clock is the time as the runtime reads it. Bots use the wall clock;
// tests pass one they drive, so that which call is late is the test's
// choice and not the accident of a loaded machine.
type Clock interface {
	Now() time.Time
	// At returns a channel that receives once the clock has reached t,
	// and a function that releases it when it is no longer needed.
	At(t time.Time) (<-chan time.Time, func())
}

// wallClock is the real time.
type wallClock struct{}

func (wallClock) Now() time.Time { return time.Now() }

func (wallClock) At(t time.Time) (<-chan time.Time, func()) {
	tm := time.NewTimer(time.Until(t))
	return tm.C, func() { tm.Stop() }
}

// clockOr is c, or the wall clock for nil.
func clockOr(c Clock) Clock {
	if c == nil {
		return wallClock{}
	}
	return c
}
