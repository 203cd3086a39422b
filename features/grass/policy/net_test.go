package policy

import (
	"testing"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
)

// hintScorer scores each candidate by how far it agrees with the greedy
// answer, so a Net over it should play about as greedy does.
type hintScorer struct{}

func (hintScorer) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = xc[k*fgrass.CandDim+fgrass.CHint]
	}
}

// ownedDiff plays seed with a in seat 0 and b in seat 1 and returns seat 0's
// owned cells minus seat 1's at the end.
func ownedDiff(t *testing.T, seed int64, a, b Policy) int {
	s := playGame(t, seed, a, b)
	return s.Owned(0) - s.Owned(1)
}

// TestNetFollowsHint: the encoding can express the greedy bot: the network
// that follows the hint wins about as often as greedy against greedy.
func TestNetFollowsHint(t *testing.T) {
	var wins, games int
	for seed := int64(1); seed <= 10; seed++ {
		for seat := 0; seat < 2; seat++ {
			n := NewNetWith(hintScorer{})
			pols := [2]Policy{NewGreedy(), NewGreedy()}
			pols[seat] = n
			d := ownedDiff(t, seed, pols[0], pols[1])
			if seat == 1 {
				d = -d
			}
			if d >= 0 {
				wins++
			}
			games++
		}
	}
	t.Logf("hint net won or drew %d of %d", wins, games)
	if wins*10 < games*3 {
		t.Fatalf("hint-following net won or drew %d of %d games against greedy", wins, games)
	}
}

func TestSearchPlays(t *testing.T) {
	s := NewSearch(NewNetWith(hintScorer{}))
	st := playGame(t, 3, s, NewGreedy())
	if !st.Done() {
		t.Fatal("game not over")
	}
	t.Logf("search vs greedy: %d - %d", st.Owned(0), st.Owned(1))
}

var _ = grass.Wait
