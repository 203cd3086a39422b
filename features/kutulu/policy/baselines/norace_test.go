//go:build !race

package baselines

// raceEnabled: the race detector is off (see race_test.go).
const raceEnabled = false
