//go:build !race

package policy

// raceEnabled: the race detector is off (see race_test.go).
const raceEnabled = false
