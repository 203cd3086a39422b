package baselines

import (
	"testing"
	"time"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/kutulutest"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/registry/pooltest"
	"cgpolicy/internal/search/searchtest"
	"cgpolicy/model/expert/experttest"
)

// TestSearchChoices: what the search answers in a maze where the network
// alone would stay beside a wanderer. Only the case with time reads the
// clock: its budget is 100 ms, where one round of trials (all it needs to
// step away) takes about 0.2 ms, a margin of hundreds; it still times the
// real clock, so it skips under the race detector, which slows the trials
// many times over. The other cases never time anything: a deadline in 1970
// has passed however slow the machine, and without one the search plays a
// fixed number of rounds.
func TestSearchChoices(t *testing.T) {
	adjacent := []ek.MinionView{kutulutest.Wanderer(9, 7, 5, 0)}
	tests := []struct {
		name     string
		sc       policy.Scorer
		deadline time.Time
		budget   time.Duration
		minions  []ek.MinionView
		want     ek.Action
	}{
		{"a past deadline keeps the network's stay", experttest.Flat{}, time.Unix(1, 0), searchBudget, adjacent, ek.Action{Kind: ek.Wait}},
		{"the search steps away from a wanderer the network ignores", experttest.Flat{}, time.Time{}, searchBudget, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"with time, it still steps away", experttest.Flat{}, time.Now().Add(time.Hour), 100 * time.Millisecond, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"agrees with a greedy network when greedy is right", kutulutest.Hint{}, time.Time{}, searchBudget, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if raceEnabled && tt.deadline.After(time.Now()) {
				t.Skip("times the real clock, which the race detector slows")
			}
			v := kutulutest.MazeView(t)
			v.Explorers = append([]ek.ExplorerView{kutulutest.Explorer(0, 7, 6, 250)}, kutulutest.Corners...)
			v.Minions = tt.minions
			s := NewSearch(policy.NewNetWith(tt.sc))
			s.Budget = tt.budget
			s.SetDeadline(tt.deadline)
			got := s.Act(v, nil)
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("got %v, want %v", got, ek.FormatAction(tt.want))
			}
		})
	}
}

// TestSearchDeterministic: without a deadline the answer depends on the
// view alone.
func TestSearchDeterministic(t *testing.T) {
	v := kutulutest.MazeView(t)
	v.Explorers = append([]ek.ExplorerView{kutulutest.Explorer(0, 7, 6, 180)}, kutulutest.Corners...)
	v.Minions = []ek.MinionView{kutulutest.Wanderer(9, 7, 3, 0), kutulutest.Wanderer(8, 7, 9, -1)}
	var first ek.Action
	for i := 0; i < 3; i++ {
		got := NewSearch(policy.NewNetWith(kutulutest.Hint{})).Act(v, nil)[0]
		if i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d: %v, first run %v", i, got, first)
		}
	}
}

// TestSearchRegistered: "search" is named here, outside the bot, and
// plays one order.
func TestSearchRegistered(t *testing.T) {
	if err := policy.Policies.Err(); err != nil {
		t.Fatal(err)
	}
	p := pooltest.Make(t, policy.Policies, "search", 1)
	if got := policy.ActOn(p, ek.New(3), 2, nil); len(got) != 1 {
		t.Errorf("search: %d actions", len(got))
	}
}

// midGameViews are greedy's games at turn 60, each explorer's view: the
// positions the benchmarks time.
func midGameViews(b *testing.B) []*ek.View {
	return kutulutest.MidgameViews(b, func() *policy.Greedy { return new(policy.Greedy) })
}

func BenchmarkSearchTurn(b *testing.B) {
	p := NewSearch(searchtest.Must(b, policy.NewNet))
	views := midGameViews(b)
	searchtest.Turns(b, func(i int, dst []ek.Action) []ek.Action { return p.Act(views[i%len(views)], dst) })
}
