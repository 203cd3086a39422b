package policy

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/kutulutest"
	"cgpolicy/internal/search/searchtest"
)

// midGameViews are greedy's games at turn 60, each explorer's view: the
// positions the benchmarks time.
func midGameViews(b *testing.B) []*ek.View {
	return kutulutest.MidgameViews(b, func() *Greedy { return new(Greedy) })
}

func benchPolicy(b *testing.B, p Policy) {
	views := midGameViews(b)
	searchtest.Turns(b, func(i int, dst []ek.Action) []ek.Action { return p.Act(views[i%len(views)], dst) })
}

func BenchmarkGreedyTurn(b *testing.B) { benchPolicy(b, NewGreedy()) }
