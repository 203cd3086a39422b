package policy

import (
	"testing"

	"cgpolicy/engine/soak"
	"cgpolicy/internal/search/searchtest"
)

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

// midgameViews are the benchmarks' positions (MidgameViews).
func midgameViews(*testing.B) []*soak.View { return MidgameViews(64) }
