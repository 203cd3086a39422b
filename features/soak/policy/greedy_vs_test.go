package policy

import (
	"testing"

	"cgpolicy/engine"
)

// TestGreedyBeatsRandom plays 40 games, 20 seeds from both seats, on the
// text path: greedy must win at least 90% and play the same games twice.
func TestGreedyBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 games")
	}
	run := func() (int, []int) {
		wins := 0
		var all []int
		for seed := int64(1); seed <= 20; seed++ {
			for seat := 0; seat < 2; seat++ {
				var pols [2]Policy
				pols[seat] = NewGreedy()
				pols[1-seat] = NewRandom(seed*2 + int64(seat))
				sc := playText(t, seed, pols)
				all = append(all, sc...)
				if engine.Winner(sc) == seat {
					wins++
				}
			}
		}
		return wins, all
	}
	wins, first := run()
	t.Logf("greedy won %d of 40", wins)
	if wins < 36 {
		t.Errorf("greedy won %d of 40 games against random, want >= 36", wins)
	}
	_, second := run()
	for i := range first {
		if first[i] != second[i] {
			t.Fatalf("games differ between runs: %v vs %v", first, second)
		}
	}
}
