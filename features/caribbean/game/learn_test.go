package game

import (
	"fmt"
	"reflect"
	"testing"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/features/caribbean/policy/baselines"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestReplace: a candidate replaces its own ship's order and nothing else.
func TestReplace(t *testing.T) {
	w, f := cb.Action{Kind: cb.Wait}, cb.Action{Kind: cb.Faster}
	fire := cb.Action{Kind: cb.Fire, X: 3, Y: 4}
	experttest.Replace[*cb.State, *cb.View, cb.Action](t, Learn{}, []experttest.Case[cb.Action]{
		{Name: "first of three", Base: []cb.Action{w, w, w}, D: 0, Cand: fire, Want: []cb.Action{fire, w, w}},
		{Name: "last of three", Base: []cb.Action{w, f, w}, D: 2, Cand: f, Want: []cb.Action{w, f, f}},
		{Name: "single ship", Base: []cb.Action{fire}, D: 0, Cand: w, Want: []cb.Action{w}},
	})
}

// TestNetDecisions: the plug-in's decision walk gives the answer Net.Act
// gives, one order per ship, and Features match the shape.
func TestNetDecisions(t *testing.T) {
	for _, seed := range []int64{4, 5, 6} {
		s := cb.New(seed)
		g := Learn{}
		v := g.ViewInto(s, 1, nil)
		want := g.NewNet(experttest.Flat{}).Act(v, nil)
		got := experttest.Walk[*cb.State, *cb.View, cb.Action](t, g, g.NewNet(experttest.Flat{}), v, true)
		if len(got) != s.Alive(1) || !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: walk %v, Act %v", seed, got, want)
		}
	}
}

// TestSearchForgetsLastPosition: a trainer's worker reuses one search for
// positions of many games, so a Run must give what a fresh search gives,
// whatever position it searched before. The earlier position is one of
// another game at the same turn, whose ships may neither fire nor mine:
// cooldowns remembered from it would take those orders from the next.
func TestSearchForgetsLastPosition(t *testing.T) {
	p, err := model.Init(model.Config{AgentDim: fcb.DecDim, CandDim: fcb.CandDim, MaxCands: fcb.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	pos := func(seed int64, turns int) *cb.State {
		s := cb.New(seed)
		a, b := policy.NewGreedy(), policy.NewGreedy()
		for i := 0; i < turns && !s.Done(); i++ {
			_ = s.Step(a.Act(s.View(0).(*cb.View), nil), b.Act(s.View(1).(*cb.View), nil))
		}
		return s
	}
	visits := func(sr expert.Search[*cb.State], s *cb.State, me int) []float32 {
		sr.(expert.Reseeder).Reseed(7)
		sr.Run(s, me, 200)
		idx, vis := make([]int, fcb.MaxCands), make([]float32, fcb.MaxCands)
		var out []float32
		for d := 0; ; d++ {
			k, ok := sr.Visits(d, idx, vis)
			if !ok {
				return out
			}
			out = append(out, vis[:k]...)
		}
	}
	for _, turns := range []int{3, 12} {
		for me := 0; me < 2; me++ {
			before, s := pos(11, turns), pos(12, turns)
			for i := range before.PlayerShips(me) {
				before.PlayerShips(me)[i].CannonCD, before.PlayerShips(me)[i].MineCD = 1, cb.MineCooldown
			}
			for i := range s.PlayerShips(me) {
				s.PlayerShips(me)[i].CannonCD, s.PlayerShips(me)[i].MineCD = 0, 0
			}
			fresh := visits(expert.NewTreeSearch[*cb.State, cb.Action](g, model.NewNet(p)), s, me)
			used := expert.NewTreeSearch[*cb.State, cb.Action](g, model.NewNet(p))
			visits(used, before, me)
			if after := visits(used, s, me); len(fresh) == 0 || !reflect.DeepEqual(fresh, after) {
				t.Errorf("turn %d player %d: a fresh search's visits %v, after another position %v", turns, me, fresh, after)
			}
		}
	}
}

// TestPlugin: the checks every plug-in passes (experttest): it trains
// through the core with the smoke settings on rollout targets and on the
// shared search's visits; for every decision of the trainer's Net, the
// search reports candidates the Net ranks for it, each at most once,
// whose visits add up to the iterations run; and the weights depend on
// the seed alone, not on how many workers share the games.
func TestPlugin(t *testing.T) {
	g := Learn{}
	t.Run("TinyRun", func(t *testing.T) { experttest.TinyRun[*cb.State, *cb.View, cb.Action](t, g, 0, 20) })
	t.Run("SearchVisits", func(t *testing.T) {
		experttest.SearchVisits[*cb.State, *cb.View, cb.Action](t, g, experttest.Visits[*cb.State]{Positions: experttest.Starts[*cb.State, *cb.View, cb.Action](t, g, 1, 2, 3), Iters: 40})
	})
	t.Run("WorkersAgree", func(t *testing.T) { experttest.Agree[*cb.State, *cb.View, cb.Action](t, g) })
}

// TestPool: the trainer's pool is baselines.Pool, in order (so the
// arena's pool mode plays the same members), at least five of them, and
// each member gives one order per own ship.
func TestPool(t *testing.T) {
	s := cb.New(7)
	v := new(cb.View)
	s.ViewInto(0, v)
	experttest.Pool[*cb.View, cb.Action](t, Learn{}, baselines.Pool, func(_ string, p expert.Policy[*cb.View, cb.Action]) error {
		if acts := p.Act(v, nil); len(acts) != s.Alive(0) {
			return fmt.Errorf("%d orders for %d ships", len(acts), s.Alive(0))
		}
		return nil
	})
}
