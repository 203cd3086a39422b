package game

import (
	"reflect"
	"testing"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/model/expert/experttest"
)

func spawnAt(n, x, y, off int) grass.Action {
	a := grass.SpawnAction(n, x, y)
	a.FromX = off
	return a
}

// TestReplace: a candidate replaces its own decision's part of any answer,
// the network's or greedy's, and nothing else.
func TestReplace(t *testing.T) {
	build := grass.BuildAction(1, 1)
	mv := grass.MoveAction(2, 3, 3, 4, 3)
	other := grass.MoveAction(1, 5, 5, 5, 6)
	experttest.Replace[*grass.State, *grass.View, grass.Action](t, Learn{}, []experttest.Case[grass.Action]{
		{Name: "build replaces builds", Base: []grass.Action{build, mv, grass.BuildAction(2, 2)}, Cand: grass.BuildAction(0, 0),
			Want: []grass.Action{mv, grass.BuildAction(0, 0)}},
		{Name: "no build drops builds", Base: []grass.Action{build, mv}, Cand: grass.Action{Kind: grass.Wait, Text: fgrass.TagNoBuild},
			Want: []grass.Action{mv}},
		{Name: "move replaces the stack's moves", Base: []grass.Action{mv, other, grass.MoveAction(1, 3, 3, 3, 2)}, Cand: grass.MoveAction(3, 3, 3, 2, 3),
			Want: []grass.Action{other, grass.MoveAction(3, 3, 3, 2, 3)}},
		{Name: "stay drops the stack's moves", Base: []grass.Action{mv, other}, Cand: grass.Action{Kind: grass.Wait, FromX: 3, FromY: 3, Text: fgrass.TagStay},
			Want: []grass.Action{other}},
		{Name: "spawn in the middle of greedy's", Base: []grass.Action{mv, grass.SpawnAction(3, 1, 1), grass.SpawnAction(2, 2, 2)}, Cand: spawnAt(2, 0, 0, 2),
			Want: []grass.Action{mv, grass.SpawnAction(2, 1, 1), spawnAt(2, 0, 0, 2), grass.SpawnAction(1, 2, 2)}},
		{Name: "spawn of the network's second decision", Base: []grass.Action{spawnAt(2, 1, 1, 0), spawnAt(2, 2, 2, 2), spawnAt(1, 3, 3, 4)}, Cand: spawnAt(2, 0, 0, 2),
			Want: []grass.Action{spawnAt(2, 1, 1, 0), spawnAt(2, 0, 0, 2), spawnAt(1, 3, 3, 4)}},
		{Name: "spawn beyond the answer's", Base: []grass.Action{grass.SpawnAction(1, 1, 1)}, Cand: spawnAt(1, 0, 0, 3),
			Want: []grass.Action{grass.SpawnAction(1, 1, 1), spawnAt(1, 0, 0, 3)}},
		{Name: "no spawn drops its units", Base: []grass.Action{grass.SpawnAction(4, 1, 1)}, Cand: grass.Action{Kind: grass.Wait, N: 2, FromX: 1, Text: fgrass.TagNoSpawn},
			Want: []grass.Action{grass.SpawnAction(1, 1, 1), grass.SpawnAction(1, 1, 1)}},
	})
}

// TestNetDecisions: the plug-in's decision walk gives the answer Net.Act
// gives, and Features match the shape.
func TestNetDecisions(t *testing.T) {
	s, err := grass.New(11)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	n := g.NewNet(experttest.Flat{})
	v := g.ViewInto(s, 1, nil)
	want := fgrass.Strip(nil, n.Act(v, nil))
	got := experttest.Walk[*grass.State, *grass.View, grass.Action](t, g, n, v, false)
	if got = fgrass.Strip(nil, got); !reflect.DeepEqual(got, want) {
		t.Fatalf("walk %v, Act %v", got, want)
	}
}

// TestPlugin: the checks every plug-in passes (experttest): it trains
// through the core with the smoke settings, on rollout targets (-search 0)
// and on the shared search's visits; for every decision of the trainer's
// Net that has candidates, the search reports candidates the Net ranks for
// it, each at most once, whose visits add up to the iterations run (and
// none for a decision without candidates); and the weights depend on the
// seed alone, not on how many workers share the games.
func TestPlugin(t *testing.T) {
	g := Learn{}
	t.Run("TinyRun", func(t *testing.T) { experttest.TinyRun[*grass.State, *grass.View, grass.Action](t, g, 0, 20) })
	t.Run("SearchVisits", func(t *testing.T) {
		pos := experttest.Starts[*grass.State, *grass.View, grass.Action](t, g, 1, 2, 3)
		experttest.SearchVisits[*grass.State, *grass.View, grass.Action](t, g, experttest.Visits[*grass.State]{Positions: pos, Iters: 40, Empty: true})
	})
	t.Run("WorkersAgree", func(t *testing.T) { experttest.Agree[*grass.State, *grass.View, grass.Action](t, g) })
}
