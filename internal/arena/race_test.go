//go:build race

package arena

// raceEnabled: the race detector slows everything several times over, so
// the tests whose outcome rests on the real clock do not run under it.
const raceEnabled = true
