package policy

import "testing"

// TestRandomNeverRejected plays random against random over many seeds on
// the text path, where playText fails on any rejected answer; the same
// seed must also replay the same game.
func TestRandomNeverRejected(t *testing.T) {
	for seed := int64(1); seed <= 60; seed++ {
		a := playText(t, seed, [2]Policy{NewRandom(seed), NewRandom(-seed)})
		b := playText(t, seed, [2]Policy{NewRandom(seed), NewRandom(-seed)})
		if a[0] != b[0] || a[1] != b[1] {
			t.Fatalf("seed %d: scores %v then %v", seed, a, b)
		}
		if a[0] < 0 && a[1] < 0 {
			t.Fatalf("seed %d: both scored -1 (%v)", seed, a)
		}
	}
}
