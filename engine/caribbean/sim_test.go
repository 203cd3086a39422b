package caribbean

import (
	"math/rand"
	"testing"
)

// TestFromViewRoundTrip rebuilds states from both players' views through
// random games and checks that the rebuilt state shows its seat 0 the same
// view, so simulations start from exactly what the player knows.
func TestFromViewRoundTrip(t *testing.T) {
	for _, seed := range []int64{0, 1, 7, 42} {
		s := New(seed)
		rng := rand.New(rand.NewSource(seed))
		var v, back View
		var sim *State
		var a0, a1 []Action
		for !s.Done() {
			for p := 0; p < 2; p++ {
				s.ViewInto(p, &v)
				sim = FromView(&v, sim)
				sim.ViewInto(0, &back)
				if got, want := back.String(), v.String(); got != want {
					t.Fatalf("seed %d turn %d player %d: rebuilt view\n%s\nwant\n%s", seed, s.Turn(), p, got, want)
				}
			}
			a0, a1 = s.RandomActions(0, rng, a0), s.RandomActions(1, rng, a1)
			if err := s.Step(a0, a1); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
}

// TestAutopilotMatchesMove checks that Autopilot predicts what MOVE does:
// the same turn played with MOVE and with the predicted order leaves the
// same state.
func TestAutopilotMatchesMove(t *testing.T) {
	tests := []struct {
		seed  int64
		turns int
	}{{1, 30}, {5, 60}, {9, 90}}
	for _, tt := range tests {
		s := New(tt.seed)
		rng := rand.New(rand.NewSource(tt.seed))
		for turn := 0; turn < tt.turns && !s.Done(); turn++ {
			tgt := Coord{rng.Intn(Width), rng.Intn(Height)}
			var moves, pred []Action
			for _, sh := range s.PlayerShips(0) {
				if sh.Alive {
					sh := sh
					moves = append(moves, Action{Kind: Move, X: tgt.X, Y: tgt.Y})
					pred = append(pred, Action{Kind: sh.Autopilot(tgt)})
				}
			}
			opp := s.RandomActions(1, rng, nil)
			a, b := s.Copy(), s.Copy()
			if err := a.Step(moves, opp); err != nil {
				t.Fatal(err)
			}
			if err := b.Step(pred, opp); err != nil {
				t.Fatal(err)
			}
			if a.String() != b.String() {
				t.Fatalf("seed %d turn %d: MOVE %v and its autopilot order differ", tt.seed, turn, tgt)
			}
			s = a
		}
	}
}
