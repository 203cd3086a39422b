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

func TestSearchChoices(t *testing.T) {
	adjacent := []ek.MinionView{wanderer(9, 7, 5, 0)}
	tests := []struct {
		name     string
		sc       Scorer
		deadline time.Time
		minions  []ek.MinionView
		want     ek.Action
	}{
		{"a past deadline keeps the network's stay", flat{}, time.Unix(1, 0), adjacent, ek.Action{Kind: ek.Wait}},
		{"the search steps away from a wanderer the network ignores", flat{}, time.Time{}, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"with time, it still steps away", flat{}, time.Now().Add(time.Hour), adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{"agrees with a greedy network when greedy is right", hint{}, time.Time{}, adjacent, ek.Action{Kind: ek.Move, X: 7, Y: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mazeView(t)
			v.Explorers = append([]ek.ExplorerView{explorer(0, 7, 6, 250)}, far...)
			v.Minions = tt.minions
			s := NewSearch(NewNetWith(tt.sc))
			s.Budget = 5 * time.Millisecond
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
