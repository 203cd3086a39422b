package policy

import (
	"testing"
	"time"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// flat scores every candidate alike: the network then picks the first
// (stay), and only the search can do better.
type flat struct{}

func (flat) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// hint scores greedy's choice highest.
type hint struct{}

func (hint) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 2 * xc[k*fk.CandDim+fk.CHint]
	}
}

// TestSearchChoices: what the search answers in a maze where the network
// alone would stay beside a wanderer. Only the case with time reads the
// clock: its budget is 100 ms, where one round of trials (all it needs to
// step away) takes about 0.2 ms, a margin of hundreds; it still times the
// real clock, so it skips under the race detector, which slows the trials
// many times over. The other cases never time anything: a deadline in 1970
// has passed however slow the machine, and without one the search plays a
// fixed number of rounds.
func TestSearchChoices(t *testing.T) {
	adjacent := []ek.MinionView{wanderer(9, 7, 5, 0)}
	tests := []struct {
		name     string
		sc       Scorer
		deadline time.Time
		budget   time.Duration
		minions  []ek.MinionView
		want     ek.Action
	}{
		{"a past deadline keeps the network's stay", flat{}, time.Unix(1, 0), searchBudget, adjacent, ek.Action{Kind: ek.Wait}},
		{"the search steps away from a wanderer the network ignores", flat{}, time.Time{}, searchBudget, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"with time, it still steps away", flat{}, time.Now().Add(time.Hour), 100 * time.Millisecond, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"agrees with a greedy network when greedy is right", hint{}, time.Time{}, searchBudget, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if raceEnabled && tt.deadline.After(time.Now()) {
				t.Skip("times the real clock, which the race detector slows")
			}
			v := mazeView(t)
			v.Explorers = append([]ek.ExplorerView{explorer(0, 7, 6, 250)}, far...)
			v.Minions = tt.minions
			s := NewSearch(NewNetWith(tt.sc))
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
	v := mazeView(t)
	v.Explorers = append([]ek.ExplorerView{explorer(0, 7, 6, 180)}, far...)
	v.Minions = []ek.MinionView{wanderer(9, 7, 3, 0), wanderer(8, 7, 9, -1)}
	var first ek.Action
	for i := 0; i < 3; i++ {
		got := NewSearch(NewNetWith(hint{})).Act(v, nil)[0]
		if i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d: %v, first run %v", i, got, first)
		}
	}
}

func TestLearnedRegistered(t *testing.T) {
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	for _, name := range []string{"net", "search"} {
		p, err := New(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := ActOn(p, ek.New(3), 2, nil); len(got) != 1 {
			t.Errorf("%s: %d actions", name, len(got))
		}
	}
}
