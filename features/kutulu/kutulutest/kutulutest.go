// Package kutulutest holds the fixtures Code of Kutulu's tests share: a
// hand-placed position on seed 1's maze and a scorer of the greedy hint.
// Only tests import it.
package kutulutest

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// MazeView is seed 1's maze (15x15) with the explorer at (7,6), its
// constants, and no minions: the tests place explorers and minions.
func MazeView(t *testing.T) *ek.View {
	t.Helper()
	v := ek.New(1).View(0).(*ek.View)
	if v.Width != 15 || v.Rows[6] != "####.##.#.#...#" {
		t.Fatalf("seed 1 maze changed:\n%s", v)
	}
	return v
}

// Explorer is explorer id at (x, y) with sanity, two plans and three
// lights.
func Explorer(id, x, y, sanity int) ek.ExplorerView {
	return ek.ExplorerView{ID: id, X: x, Y: y, Sanity: sanity, Plans: 2, Lights: 3}
}

// Wanderer is wanderer id at (x, y), wandering after explorer target.
func Wanderer(id, x, y, target int) ek.MinionView {
	return ek.MinionView{Kind: 1, ID: id, X: x, Y: y, Countdown: 30, State: 1, Target: target}
}

// Corners are three other explorers in the corners, out of the way.
var Corners = []ek.ExplorerView{Explorer(1, 1, 1, 250), Explorer(2, 13, 13, 250), Explorer(3, 1, 13, 250)}

// Hint scores each candidate by twice its greedy hint, so the network
// over it plays greedy's choice.
type Hint struct{}

// ScoreAll implements model.Scorer.
func (Hint) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 2 * xc[k*fk.CandDim+fk.CHint]
	}
}

// Actor is a Kutulu policy as the fixtures play it.
type Actor interface {
	Act(v *ek.View, dst []ek.Action) []ek.Action
}

// MidgameViews plays seeds 1 to 6 to turn 60 with a policy of newPolicy
// in every seat and keeps each explorer's view then, the positions the
// benchmarks time.
func MidgameViews[P Actor](tb testing.TB, newPolicy func() P) []*ek.View {
	tb.Helper()
	var out []*ek.View
	for seed := int64(1); seed <= 6; seed++ {
		s := ek.New(seed)
		var pols [ek.Players]P
		for p := range pols {
			pols[p] = newPolicy()
		}
		for !s.Done() && s.TurnNumber() < 60 {
			var acts [ek.Players]ek.Action
			for p := range acts {
				if s.Active(p) {
					v := new(ek.View)
					s.ViewInto(p, v)
					acts[p] = pols[p].Act(v, nil)[0]
				}
			}
			_ = s.Step(&acts)
		}
		for p := 0; p < ek.Players; p++ {
			if s.Active(p) {
				out = append(out, s.View(p).(*ek.View))
			}
		}
	}
	if len(out) == 0 {
		tb.Fatal("no explorer left at turn 60")
	}
	return out
}
