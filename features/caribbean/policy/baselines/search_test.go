package baselines

import (
	"testing"
	"time"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/engine/enginetest"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/model/expert/experttest"
)

// hintScorer scores each candidate by whether greedy gives it, which makes
// the network play greedy's answer.
var hintScorer = experttest.NewColumn(fcb.CandDim, fcb.CHint)

// midGame is seed's game after turns turns of greedy against greedy.
func midGame(t *testing.T, seed int64, turns int) *cb.State {
	return enginetest.Play[*cb.State, *cb.View, cb.Action](t, cb.Fast{}, seed, turns, policy.NewGreedy(), policy.NewGreedy())
}

// playGame plays seed to the end with a in seat 0 and b in seat 1 and
// returns the scores.
func playGame(t *testing.T, seed int64, a, b policy.Policy) []int {
	t.Helper()
	s, _, err := play(seed, [2]policy.Policy{a, b})
	if err != nil {
		t.Fatal(err)
	}
	return s.Scores()
}

// TestSearchAllocs: once warm, a search turn allocates nothing, so the
// bot's turns did not wait on the garbage collector.
func TestSearchAllocs(t *testing.T) {
	s := midGame(t, 9, 20)
	v := new(cb.View)
	s.ViewInto(0, v)
	p := NewSearch(policy.NewNetWith(hintScorer))
	dst := p.Act(v, nil)
	if n := testing.AllocsPerRun(20, func() { dst = p.Act(v, dst[:0]) }); n > 0 {
		t.Errorf("search: %v allocations a turn", n)
	}
}

// TestSearchBudgets: without a deadline the search judges at most Evals
// answers and depends only on the view.
func TestSearchBudgets(t *testing.T) {
	s := midGame(t, 9, 20)
	a := NewSearch(policy.NewNetWith(hintScorer))
	b := NewSearch(policy.NewNetWith(hintScorer))
	x, y := policy.ActOn(a, s, 0, nil), policy.ActOn(b, s, 0, nil)
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
}

// TestSearchDeadline: with a deadline the search stops as soon as it sees
// the clock reach it, or reach the start plus Budget when that is sooner,
// and judges nothing after. The clock is the test's own and moves on one
// tick at every reading, so the deadline falls a chosen number of readings
// into the turn whatever the machine's speed; nothing is timed.
func TestSearchDeadline(t *testing.T) {
	const tick = time.Millisecond
	s := midGame(t, 9, 20)
	start := time.Unix(1000, 0)
	tests := []struct {
		name     string
		deadline time.Time
		budget   time.Duration
	}{
		{"already passed", start.Add(-tick), searchBudget},
		{"at the first reading", start.Add(tick), 0},
		{"five readings in", start.Add(5 * tick), 0},
		{"twelve readings in", start.Add(12 * tick), 0},
		{"a budget of eight readings under a far deadline", start.Add(time.Hour), 8 * tick},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sr := NewSearch(policy.NewNetWith(hintScorer))
			sr.Budget = tc.budget
			now, reads := start, 0
			var stop time.Time // where the search must stop, known at its first reading
			seen := -1         // answers judged when a reading first reached stop
			sr.now = func() time.Time {
				now = now.Add(tick)
				reads++
				if reads == 1 {
					stop = tc.deadline
					if tc.budget > 0 && now.Add(tc.budget).Before(stop) {
						stop = now.Add(tc.budget)
					}
				}
				if seen < 0 && !now.Before(stop) {
					seen = sr.Judged()
				}
				return now
			}
			sr.SetDeadline(tc.deadline)
			got := policy.ActOn(sr, s, 0, nil)
			t.Logf("%d readings, %d judged, stop seen after %d", reads, sr.Judged(), seen)
			if len(got) != s.Alive(0) {
				t.Fatalf("%d orders for %d ships", len(got), s.Alive(0))
			}
			if seen < 0 {
				t.Fatalf("the search ended after %d readings without reaching its stop (%d judged)", reads, sr.Judged())
			}
			if sr.Judged() != seen {
				t.Errorf("judged %d answers, %d of them after the clock reached the stop", sr.Judged(), sr.Judged()-seen)
			}
			if tc.deadline.Before(start) && sr.Judged() != 0 {
				t.Errorf("a passed deadline, and still %d answers judged", sr.Judged())
			}
		})
	}
}

// TestSearchRealClock: without an injected clock the search reads the
// real one: a deadline already passed stops it before it judges anything.
// Nothing is timed.
func TestSearchRealClock(t *testing.T) {
	s := midGame(t, 9, 20)
	sr := NewSearch(policy.NewNetWith(hintScorer))
	sr.SetDeadline(time.Now().Add(-time.Second))
	got := policy.ActOn(sr, s, 0, nil)
	want := policy.ActOn(policy.NewNetWith(hintScorer), s, 0, nil)
	if sr.Judged() != 0 {
		t.Fatalf("judged %d answers after the deadline", sr.Judged())
	}
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Fatalf("late search answered %v, the network %v", got, want)
		}
	}
}

// TestSearchBeatsGreedy: the search around a greedy-copying network wins
// most games against greedy in-process: 8 of 10 over seeds 1 to 5 in each
// seat, with no deadline, so each turn judges a fixed Evals answers and the
// games depend on their seeds alone. The test asks for more than half.
func TestSearchBeatsGreedy(t *testing.T) {
	wins, games := 0, 0
	for seed := int64(1); seed <= 5; seed++ {
		sc := playGame(t, seed, NewSearch(policy.NewNetWith(hintScorer)), policy.NewGreedy())
		if sc[0] > sc[1] {
			wins++
		}
		sc = playGame(t, seed, policy.NewGreedy(), NewSearch(policy.NewNetWith(hintScorer)))
		if sc[1] > sc[0] {
			wins++
		}
		games += 2
	}
	t.Logf("search won %d of %d against greedy", wins, games)
	if wins*2 <= games {
		t.Fatalf("search won %d of %d against greedy", wins, games)
	}
}
