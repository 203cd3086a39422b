package baselines

import (
	"testing"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/search/searchtest"
)

// midgameViews are player 1's views of mid-game positions of greedy
// against random on the largest maps with 5 agents a side, where combat is
// on: the turns a time limit is about.
func midgameViews(b *testing.B) []*soak.View {
	var out []*soak.View
	for seed := int64(1); len(out) < 64 && seed < 5000; seed++ {
		s, err := soak.New(seed)
		if err != nil {
			b.Fatal(err)
		}
		if s.Width() != soak.MaxWidth || s.Alive(0) != 5 {
			continue
		}
		pols := [2]policy.Policy{policy.NewGreedy(), policy.NewRandom(seed)}
		var acts [2][]soak.Action
		for !s.Done() {
			if s.Turn() >= 8 && s.Turn()%4 == 0 {
				out = append(out, s.PlayerView(1))
			}
			for p := 0; p < 2; p++ {
				acts[p] = policy.ActOn(pols[p], s, p, acts[p][:0])
			}
			s.Step(&acts)
		}
	}
	return out
}

// BenchmarkBaselines is one turn of each baseline in those positions.
func BenchmarkBaselines(b *testing.B) {
	views := midgameViews(b)
	for _, c := range []struct {
		name string
		new  func() policy.Policy
	}{{"aggressive", NewAggressive}, {"territory", NewTerritory}, {"camper", NewCamper}} {
		b.Run(c.name, func(b *testing.B) {
			p := c.new()
			searchtest.Turns(b, func(i int, dst []soak.Action) []soak.Action { return p.Act(views[i%len(views)], dst) })
		})
	}
}
