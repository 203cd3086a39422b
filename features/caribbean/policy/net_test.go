package policy

import (
	"testing"
	"time"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
)

// TestLearnedRegistered: the committed weights fit the features, so "net"
// and "search" are named.
func TestLearnedRegistered(t *testing.T) {
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	for _, name := range []string{"net", "search"} {
		if _, err := New(name, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// hintScorer scores each candidate by whether greedy gives it, which makes
// the network play greedy's answer.
type hintScorer struct{}

func (hintScorer) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = xc[k*fcb.CandDim+fcb.CHint]
	}
}

// TestNetFollowsHint: with a scorer that copies greedy's choice the network
// plays exactly greedy's orders, turn after turn, cooldowns included.
func TestNetFollowsHint(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		s := cb.New(seed)
		g, n, r := NewGreedy(), NewNetWith(hintScorer{}), NewRandom(seed)
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

// TestSearchBudgets: without a deadline the search judges at most Evals
// answers and depends only on the view; with a deadline it stops in time.
func TestSearchBudgets(t *testing.T) {
	s := cb.New(9)
	g0, g1 := NewGreedy(), NewGreedy()
	for s.Turn() < 20 {
		if err := s.Step(ActOn(g0, s, 0, nil), ActOn(g1, s, 1, nil)); err != nil {
			t.Fatal(err)
		}
	}
	a := NewSearch(NewNetWith(hintScorer{}))
	b := NewSearch(NewNetWith(hintScorer{}))
	x, y := ActOn(a, s, 0, nil), ActOn(b, s, 0, nil)
	if a.Judged() > a.Evals || a.Judged() == 0 {
		t.Fatalf("judged %d answers, cap %d", a.Judged(), a.Evals)
	}
	for i := range x {
		if x[i] != y[i] {
			t.Fatalf("same view, different answers: %v vs %v", x, y)
		}
	}
	if len(x) != s.Alive(0) {
		t.Fatalf("%d orders for %d ships", len(x), s.Alive(0))
	}
	tests := []time.Duration{5 * time.Millisecond, 20 * time.Millisecond}
	for _, budget := range tests {
		c := NewSearch(NewNetWith(hintScorer{}))
		start := time.Now()
		c.SetDeadline(start.Add(budget))
		ActOn(c, s, 0, nil)
		if el := time.Since(start); el > budget+60*time.Millisecond { // slack for a loaded machine
			t.Errorf("deadline %v: took %v", budget, el)
		}
	}
}

// TestSearchBeatsGreedy: the search around a greedy-copying network wins
// most games against greedy in-process (a fixed small budget per turn).
func TestSearchBeatsGreedy(t *testing.T) {
	wins, games := 0, 0
	for seed := int64(1); seed <= 2; seed++ {
		sc := playGame(t, seed, NewSearch(NewNetWith(hintScorer{})), NewGreedy())
		if sc[0] > sc[1] {
			wins++
		}
		sc = playGame(t, seed, NewGreedy(), NewSearch(NewNetWith(hintScorer{})))
		if sc[1] > sc[0] {
			wins++
		}
		games += 2
	}
	if wins*4 < games*3 {
		t.Fatalf("search won %d of %d against greedy", wins, games)
	}
}
