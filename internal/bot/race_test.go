//go:build race

package bot

// raceEnabled tells the tests that time the real clock to skip: the race
// detector slows every goroutine by an unknown factor.
const raceEnabled = true
