package policy

import (
	"reflect"
	"testing"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/model/expert/experttest"
)

// hintScorer scores each candidate by how far it agrees with the greedy
// answer, so a Net over it should play about as greedy does.
var hintScorer = experttest.NewColumn(fgrass.CandDim, fgrass.CHint)

// contraryScorer prefers the candidates that agree least with the greedy
// answer: the control that shows the tests below can fail.
type contraryScorer struct{}

func (contraryScorer) ScoreAll(xa, xc []float32, n int, dst []float32) {
	hintScorer.ScoreAll(xa, xc, n, dst)
	for k := 0; k < n; k++ {
		dst[k] = -dst[k]
	}
}

// agreement walks greedy-against-greedy games of seeds 1..seeds and, at
// every turn and seat, plays the turn once with greedy's answer and once
// with the answer of a Net over sc in its place; it returns on how many of
// those turns the two boards after the turn are the same.
func agreement(t *testing.T, sc Scorer, seeds int64) (same, turns int) {
	t.Helper()
	for seed := int64(1); seed <= seeds; seed++ {
		s, err := grass.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		greedy := [2]Policy{NewGreedy(), NewGreedy()}
		net := NewNetWith(sc)
		for !s.Done() {
			var acts [2][]grass.Action
			for p := 0; p < 2; p++ {
				acts[p] = ActOn(greedy[p], s, p, nil)
			}
			for p := 0; p < 2; p++ {
				alt := acts
				alt[p] = ActOn(net, s, p, nil)
				want, got := s.Copy(), s.Copy()
				if err := want.Step(acts[0], acts[1]); err != nil {
					t.Fatal(err)
				}
				if err := got.Step(alt[0], alt[1]); err != nil {
					t.Fatal(err)
				}
				if reflect.DeepEqual(want.Cells(), got.Cells()) && want.Matter(p) == got.Matter(p) {
					same++
				}
				turns++
			}
			if err := s.Step(acts[0], acts[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return same, turns
}

// TestNetFollowsHint: the encoding can express the greedy bot. A network
// that scores each candidate by its agreement with greedy's answer leaves
// the board exactly as greedy would on 882 of the 952 turns of ten games
// (93%); the rest are where the encoding cannot say what greedy did: it
// sends a whole stack to one cell where greedy splits it, and builds one
// recycler a turn. Those small differences compound, so whole games are
// not a fair check of parity (the net wins or draws 11 of 20 against
// greedy, greedy itself 13). A network that contradicts the hint agrees on
// no turn, so the bound can fail.
func TestNetFollowsHint(t *testing.T) {
	tests := []struct {
		name   string
		sc     Scorer
		parity bool
	}{
		{"follows the hint", hintScorer, true},
		{"contradicts the hint", contraryScorer{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			same, turns := agreement(t, tc.sc, 10)
			t.Logf("same board as greedy after %d of %d turns", same, turns)
			if turns < 500 {
				t.Fatalf("only %d turns played", turns)
			}
			// 85% leaves room for a changed encoder, well above what
			// anything but following the hint reaches
			if got := same*100 >= turns*85; got != tc.parity {
				t.Errorf("same board on %d of %d turns: parity %v, want %v", same, turns, got, tc.parity)
			}
		})
	}
}
