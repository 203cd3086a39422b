package policy

import (
	"testing"

	"cgpolicy/engine/soak"
	"cgpolicy/internal/search/searchtest"
)

// midgames collects positions of random games on a big map, 5 agents a
// side, where combat is on: the turns a bot's time limit is about.
func midgames(b *testing.B) []*soak.State {
	var out []*soak.State
	for seed := int64(1); len(out) < 64 && seed < 5000; seed++ {
		s, err := soak.New(seed)
		if err != nil {
			b.Fatal(err)
		}
		if s.Width() != soak.MaxWidth || s.Alive(0) != 5 {
			continue
		}
		pols := [2]Policy{NewGreedy(), NewRandom(seed)}
		var acts [2][]soak.Action
		for !s.Done() {
			if s.Turn() >= 8 && s.Turn()%4 == 0 {
				out = append(out, s.Copy())
			}
			for p := 0; p < 2; p++ {
				acts[p] = ActOn(pols[p], s, p, acts[p][:0])
			}
			s.Step(&acts)
		}
	}
	return out
}

// BenchmarkGreedyMidgames is one greedy turn for player 1 (the random side, so
// positions stay contested) in mid-game positions.
func BenchmarkGreedyMidgames(b *testing.B) {
	views := midgameViews(b)
	g := NewGreedy()
	searchtest.Turns(b, func(i int, dst []soak.Action) []soak.Action { return g.Act(views[i%len(views)], dst) })
}

// BenchmarkRandomMidgames is one random turn in the same positions.
func BenchmarkRandomMidgames(b *testing.B) {
	views := midgameViews(b)
	r := NewRandom(1)
	searchtest.Turns(b, func(i int, dst []soak.Action) []soak.Action { return r.Act(views[i%len(views)], dst) })
}

// midgameViews are player 1's views of midgames.
func midgameViews(b *testing.B) []*soak.View {
	var out []*soak.View
	for _, s := range midgames(b) {
		out = append(out, s.PlayerView(1))
	}
	return out
}
