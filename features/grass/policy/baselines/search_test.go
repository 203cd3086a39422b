package baselines

import (
	"reflect"
	"testing"
	"time"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/search/searchtest"
	"cgpolicy/model/expert/experttest"
)

// hintScorer scores each candidate by how far it agrees with the greedy
// answer, so a Net over it plays about as greedy does.
var hintScorer = experttest.NewColumn(fgrass.CandDim, fgrass.CHint)

// midGame plays greedy against greedy for turns turns from seed's start,
// giving the tests and benchmarks a position with a front.
func midGame(tb testing.TB, seed int64, turns int) *grass.State {
	return enginetest.Play[*grass.State, *grass.View, grass.Action](tb, grass.Fast{}, seed, turns, policy.NewGreedy(), policy.NewGreedy())
}

// ownedDiff plays seed with a in seat 0 and b in seat 1 and returns seat
// 0's owned cells minus seat 1's at the end.
func ownedDiff(t *testing.T, seed int64, a, b policy.Policy) int {
	s, _, err := play(seed, [2]policy.Policy{a, b})
	if err != nil {
		t.Fatal(err)
	}
	return s.Owned(0) - s.Owned(1)
}

// TestSearchNoAllocs: once warmed up, the search answers a turn without
// allocating, so a long game puts no pressure on the collector.
func TestSearchNoAllocs(t *testing.T) {
	s := midGame(t, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	sr := NewSearch(searchtest.Must(t, policy.NewNet))
	searchtest.NoAllocs(t, 5, func(dst []grass.Action) []grass.Action { return sr.Act(&v, dst) })
}

// TestSearchDeterministic: without a deadline the same game replays the
// same answers, and the search's shortcut (the decisions before a forced
// one replayed, not scored) changes none of them.
func TestSearchDeterministic(t *testing.T) {
	play := func(noReplay bool) []string {
		s, err := grass.New(6)
		if err != nil {
			t.Fatal(err)
		}
		n, err := policy.NewNet()
		if err != nil {
			t.Fatal(err)
		}
		sr := NewSearch(n)
		sr.noReplay = noReplay
		g := policy.NewGreedy()
		var lines []string
		for turn := 0; turn < 30 && !s.Done(); turn++ {
			a := policy.ActOn(sr, s, 0, nil)
			b := policy.ActOn(g, s, 1, nil)
			lines = append(lines, grass.Format(a))
			if err := s.Step(a, b); err != nil {
				t.Fatal(err)
			}
		}
		return lines
	}
	a := play(false)
	if b := play(false); !reflect.DeepEqual(a, b) {
		t.Fatal("two plays of the same game differ")
	}
	if b := play(true); !reflect.DeepEqual(a, b) {
		t.Fatal("replaying the unchanged decisions changes the answers")
	}
}

// TestSearchDeadline: a deadline already passed leaves the network's own
// answer, found without judging anything; a far one leaves the cap on
// evaluations. Nothing is timed: the far deadline is an hour away and has
// no Budget under it (the default 35 ms would fail the test on a machine
// that stalls that long before the first evaluation).
func TestSearchDeadline(t *testing.T) {
	s, err := grass.New(8)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		deadline time.Time
		check    func(evals int) bool
	}{
		{"passed", time.Now().Add(-time.Second), func(e int) bool { return e == 0 }},
		{"far", time.Now().Add(time.Hour), func(e int) bool { return e > 0 && e <= searchEvals }},
		{"none", time.Time{}, func(e int) bool { return e > 0 && e <= searchEvals }},
	}
	for _, tc := range tests {
		sr := NewSearch(policy.NewNetWith(hintScorer))
		sr.Budget = 0
		sr.SetDeadline(tc.deadline)
		got := policy.ActOn(sr, s, 0, nil)
		if !tc.check(sr.Evals()) {
			t.Errorf("%s: %d evaluations", tc.name, sr.Evals())
		}
		if tc.name == "passed" {
			want := policy.ActOn(policy.NewNetWith(hintScorer), s, 0, nil)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("passed: %v, the network says %v", got, want)
			}
		}
	}
}

// TestSearchPlays: the search around the hint-following network, with its
// fixed cap on evaluations and no deadline (so no clock), beats greedy: of
// twenty games (seeds 1 to 10, each seat) it wins 19, by 55 cells on
// average. The test asks for 15 wins and 20 cells; greedy itself, against
// greedy, wins 7 and averages 0, so the bound can fail.
func TestSearchPlays(t *testing.T) {
	tests := []struct {
		name  string
		mk    func() policy.Policy
		beats bool
	}{
		{"search", func() policy.Policy { return NewSearch(policy.NewNetWith(hintScorer)) }, true},
		{"greedy", func() policy.Policy { return policy.NewGreedy() }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var wins, margin, games int
			for seed := int64(1); seed <= 10; seed++ {
				for seat := 0; seat < 2; seat++ {
					pols := [2]policy.Policy{policy.NewGreedy(), policy.NewGreedy()}
					pols[seat] = tc.mk()
					d := ownedDiff(t, seed, pols[0], pols[1])
					if seat == 1 {
						d = -d
					}
					if d > 0 {
						wins++
					}
					margin += d
					games++
				}
			}
			t.Logf("%s against greedy: %d wins of %d, %+d cells in all", tc.name, wins, games, margin)
			if got := wins*4 >= games*3 && margin >= 20*games; got != tc.beats {
				t.Errorf("%d wins of %d, %+d cells: beats greedy %v, want %v", wins, games, margin, got, tc.beats)
			}
		})
	}
}

func BenchmarkSearchAct(b *testing.B) {
	s := midGame(b, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	sr := NewSearch(searchtest.Must(b, policy.NewNet))
	searchtest.Turns(b, func(_ int, dst []grass.Action) []grass.Action { return sr.Act(&v, dst) })
}
