package policy

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/internal/search/searchtest"
)

// midGameViews plays greedy games to turn 60 and keeps each explorer's
// view then, the positions the benchmarks time.
func midGameViews(b *testing.B) []*ek.View {
	b.Helper()
	var out []*ek.View
	for seed := int64(1); seed <= 6; seed++ {
		s := ek.New(seed)
		var pols [ek.Players]Greedy
		for !s.Done() && s.TurnNumber() < 60 {
			var acts [ek.Players]ek.Action
			for p := range acts {
				if s.Active(p) {
					acts[p] = ActOn(&pols[p], s, p, nil)[0]
				}
			}
			_ = s.Step(&acts)
		}
		for p := 0; p < ek.Players; p++ {
			if s.Active(p) {
				out = append(out, s.View(p).(*ek.View))
			}
		}
	}
	if len(out) == 0 {
		b.Fatal("no explorer left at turn 60")
	}
	return out
}

func benchPolicy(b *testing.B, p Policy) {
	views := midGameViews(b)
	searchtest.Turns(b, func(i int, dst []ek.Action) []ek.Action { return p.Act(views[i%len(views)], dst) })
}

func BenchmarkGreedyTurn(b *testing.B) { benchPolicy(b, NewGreedy()) }
