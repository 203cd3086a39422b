package policy

import (
	"testing"
	"time"

	"cgpolicy/engine/ocean"
)

// TestLearnedRegistered: the committed weights fit the features, and the
// network and the search play whole games without a refused answer.
func TestLearnedRegistered(t *testing.T) {
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	for _, name := range []string{"net", "search"} {
		for seed := int64(1); seed <= 2; seed++ {
			p, err := New(name, seed)
			if err != nil {
				t.Fatal(err)
			}
			playGame(t, seed, p, Play(NewGreedy()))
		}
	}
}

// TestSearchDeadline: under a deadline the search answers in time and
// widens its beam past the fixed width when time allows; without one it
// keeps the fixed width, so its answers depend on the view only.
func TestSearchDeadline(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deadline time.Duration
	}{
		{"no deadline", 0},
		{"40ms", 40 * time.Millisecond},
	} {
		n, err := NewNet()
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearch(n)
		p := &timed{Player: Play(s), s: s, limit: tc.deadline}
		playGame(t, 3, p, Play(NewGreedy()))
		if tc.deadline == 0 {
			if s.Widths[widthIndex(searchWidth)] == 0 || p.turns != s.Widths[widthIndex(searchWidth)] {
				t.Errorf("%s: widths %v over %d turns, want all %d", tc.name, s.Widths, p.turns, searchWidth)
			}
			continue
		}
		if p.late > 0 {
			t.Errorf("%s: %d of %d turns past the deadline (slowest %v)", tc.name, p.late, p.turns, p.slowest)
		}
		wide := 0
		for i := widthIndex(searchWidth) + 1; i < len(s.Widths); i++ {
			wide += s.Widths[i]
		}
		if wide == 0 {
			t.Errorf("%s: the beam never widened past %d: %v", tc.name, searchWidth, s.Widths)
		}
		t.Logf("%s: turns by width 1, 2, 4, ...: %v; slowest %v", tc.name, s.Widths, p.slowest)
	}
}

// timed sets a deadline before each turn and counts the late answers.
type timed struct {
	*Player
	s       *Search
	limit   time.Duration
	turns   int
	late    int
	slowest time.Duration
}

func (p *timed) Act(v *ocean.View, dst []ocean.Action) []ocean.Action {
	start := time.Now()
	if p.limit > 0 {
		p.s.SetDeadline(start.Add(p.limit))
	}
	dst = p.Player.Act(v, dst)
	if v.Request > 0 {
		p.turns++
		el := time.Since(start)
		if el > p.slowest {
			p.slowest = el
		}
		if p.limit > 0 && el > p.limit {
			p.late++
		}
	}
	return dst
}
