package baselines

import (
	"testing"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/search/searchtest"
)

// midgameViews are the policies' benchmark positions (policy.MidgameViews).
func midgameViews(*testing.B) []*soak.View { return policy.MidgameViews(64) }

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
