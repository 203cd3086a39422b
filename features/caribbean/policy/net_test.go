package policy

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/engine/enginetest"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/registry/pooltest"
	"cgpolicy/model/expert/experttest"
)

// TestLearnedRegistered: the committed weights fit the features, so "net"
// and "smitsi" are named.
func TestLearnedRegistered(t *testing.T) {
	pooltest.Learned(t, Policies, []string{"net", "smitsi"}, nil)
}

// hintScorer scores each candidate by whether greedy gives it, which makes
// the network play greedy's answer.
var hintScorer = experttest.NewColumn(fcb.CandDim, fcb.CHint)

// TestNetFollowsHint: with a scorer that copies greedy's choice the network
// plays exactly greedy's orders, turn after turn, cooldowns included.
func TestNetFollowsHint(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		s := cb.New(seed)
		g, n, r := NewGreedy(), NewNetWith(hintScorer), NewRandom(seed)
		for !s.Done() {
			a := ActOn(g, s, 0, nil)
			b := ActOn(n, s, 0, nil)
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("seed %d turn %d ship %d: greedy %v, network %v", seed, s.Turn(), i, a[i], b[i])
				}
			}
			if err := s.Step(a, ActOn(r, s, 1, nil)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// midGame is seed's game after turns turns of greedy against greedy.
func midGame(t *testing.T, seed int64, turns int) *cb.State {
	return enginetest.Play[*cb.State, *cb.View, cb.Action](t, cb.Fast{}, seed, turns, NewGreedy(), NewGreedy())
}
