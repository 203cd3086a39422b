//go:build race

package baselines

// raceEnabled: the race detector is on, and the tests that time the real
// clock skip, since it slows the code they time many times over.
const raceEnabled = true
