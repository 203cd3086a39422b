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

// wallAt is Clock's At on the wall clock.
func wallAt(t time.Time) (<-chan time.Time, func()) {
	tm := time.NewTimer(time.Until(t))
	return tm.C, func() { tm.Stop() }
}
