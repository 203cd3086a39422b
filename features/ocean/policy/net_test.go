package policy

import (
	"testing"
	"time"

	"cgpolicy/engine/ocean"
	"cgpolicy/internal/registry/pooltest"
)

// TestLearnedRegistered: the committed weights fit the features, and the
// network and the search play whole games without a refused answer.
func TestLearnedRegistered(t *testing.T) {
	pooltest.Learned(t, Policies, nil, nil)
	for _, name := range []string{"net", "search"} {
		for seed := int64(1); seed <= 2; seed++ {
			playGame(t, seed, pooltest.Make(t, Policies, name, seed), Play(NewGreedy()))
		}
	}
}

// TestSearchDeadline: the search obeys its deadline without the test
// timing anything (a loaded machine must not fail it). Without a deadline
// it keeps the fixed width, so its answers depend on the view only; with a
// deadline already passed it gives up before any beam wider than one and
// still answers legally; with a deadline an hour away and no budget cap it
// widens to the widest beam every turn.
func TestSearchDeadline(t *testing.T) {
	for _, tc := range []struct {
		name   string
		offset time.Duration // deadline relative to the turn's start; 0: none
		budget time.Duration
		width  func(w [8]int, turns int) bool
	}{
		{"no deadline", 0, searchBudget, func(w [8]int, turns int) bool { return w[widthIndex(searchWidth)] == turns }},
		{"passed", -time.Millisecond, searchBudget, func(w [8]int, turns int) bool { return w[0]+w[1] == turns }},
		{"an hour away", time.Hour, 0, func(w [8]int, turns int) bool { return w[widthIndex(searchMaxWidth)] == turns }},
	} {
		n, err := NewNet()
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearch(n)
		s.Budget = tc.budget
		p := &timed{Player: Play(s), s: s, offset: tc.offset}
		playGame(t, 3, p, Play(NewGreedy()))
		if p.turns == 0 || !tc.width(s.Widths, p.turns) {
			t.Errorf("%s: turns by width 1, 2, 4, ...: %v over %d turns", tc.name, s.Widths, p.turns)
		}
	}
}

// timed sets a deadline before each turn and counts the turns.
type timed struct {
	*Player
	s      *Search
	offset time.Duration
	turns  int
}

func (p *timed) Act(v *ocean.View, dst []ocean.Action) []ocean.Action {
	if p.offset != 0 {
		p.s.SetDeadline(time.Now().Add(p.offset))
	}
	dst = p.Player.Act(v, dst)
	if v.Request > 0 {
		p.turns++
	}
	return dst
}
