package policy

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
)

// TestAllocs: once warm, a turn of greedy or the network allocates
// nothing, so the bot's turns do not wait on the garbage collector.
// (Smitsi's check is its own; the old search's is in package baselines.)
func TestAllocs(t *testing.T) {
	s := cb.New(9)
	g0, g1 := NewGreedy(), NewGreedy()
	for s.Turn() < 20 {
		if err := s.Step(ActOn(g0, s, 0, nil), ActOn(g1, s, 1, nil)); err != nil {
			t.Fatal(err)
		}
	}
	v := new(cb.View)
	s.ViewInto(0, v)
	pols := []struct {
		name string
		p    Policy
	}{
		{"greedy", NewGreedy()},
		{"net", NewNetWith(hintScorer)},
	}
	for _, tc := range pols {
		dst := tc.p.Act(v, nil)
		if n := testing.AllocsPerRun(20, func() { dst = tc.p.Act(v, dst[:0]) }); n > 0 {
			t.Errorf("%s: %v allocations a turn", tc.name, n)
		}
	}
}
