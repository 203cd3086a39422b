package game

import (
	"fmt"
	"testing"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy/baselines"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestPool: the trainer's pool is baselines.Pool, in order (so the
// arena's pool mode plays the same members), at least five of them,
// random and greedy among them, and each member gives one action per
// living agent.
func TestPool(t *testing.T) {
	s, err := soak.New(3)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	experttest.Pool[*soak.View, soak.Action](t, Learn{}, baselines.Pool, func(name string, p expert.Policy[*soak.View, soak.Action]) error {
		names[name] = true
		if acts := p.Act(s.PlayerView(0), nil); len(acts) != s.Alive(0) {
			return fmt.Errorf("%d actions for %d agents", len(acts), s.Alive(0))
		}
		return nil
	})
	if !names["random"] || !names["greedy"] {
		t.Fatalf("pool %v lacks random or greedy", names)
	}
}

// TestReplace: a candidate replaces its own agent's action in any answer.
func TestReplace(t *testing.T) {
	h1, h2 := soak.Action{Agent: 1, Combat: soak.Hunker}, soak.Action{Agent: 2, Combat: soak.Hunker}
	c := soak.Action{Agent: 2, Move: true, MoveX: 3, MoveY: 4}
	experttest.Replace[*soak.State, *soak.View, soak.Action](t, Learn{}, []experttest.Case[soak.Action]{
		{Name: "second agent", Base: []soak.Action{h1, h2}, D: 1, Cand: c, Want: []soak.Action{h1, c}},
	})
}

// TestPlugin: the checks every plug-in passes (experttest): it trains
// through the core with the smoke settings; for every own living agent, in
// the Net's decision order, the search reports at least two candidates the
// Net ranks for that agent, each at most once, whose visits add up to the
// iterations run (every iteration picks one root candidate per agent), and
// none past the last agent; and the weights depend on the seed alone, not
// on how many workers share the games.
func TestPlugin(t *testing.T) {
	g := Learn{}
	t.Run("TinyRun", func(t *testing.T) { experttest.TinyRun[*soak.State, *soak.View, soak.Action](t, g) })
	t.Run("SearchVisits", func(t *testing.T) {
		pos := experttest.Starts[*soak.State, *soak.View, soak.Action](t, g, 1, 2, 3, 4)
		experttest.SearchVisits[*soak.State, *soak.View, soak.Action](t, g, experttest.Visits[*soak.State]{Positions: pos, Iters: 300, Min: 2, First: true})
	})
	t.Run("WorkersAgree", func(t *testing.T) { experttest.Agree[*soak.State, *soak.View, soak.Action](t, g) })
}
