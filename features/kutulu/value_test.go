package kutulu

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
)

// TestStandingWorth: an explorer still in gains plan points for each PLAN
// it holds, and Standing is the default worth; one out stands at its score
// whatever a PLAN is worth.
func TestStandingWorth(t *testing.T) {
	v := seedOne(t)
	v.Explorers = v.Explorers[:3] // explorer 3 is out
	var s ek.State
	if err := s.SetView(v, 1); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		p     int
		plan  float64
		extra float64 // over StandingWorth at 0
	}{
		{"in, no worth", 0, 0, 0},
		{"in, default worth", 1, planWorth, planWorth * float64(s.Plans(1))},
		{"in, sixteen", 2, 16, 16 * float64(s.Plans(2))},
		{"out", 3, 16, 0},
	}
	if !s.Active(0) || s.Active(3) || s.Plans(1) == 0 {
		t.Fatalf("seed 1 without explorer 3: active %v %v, plans %d", s.Active(0), s.Active(3), s.Plans(1))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := StandingWorth(&s, tt.p, 0)
			if got := StandingWorth(&s, tt.p, tt.plan) - base; got != tt.extra {
				t.Errorf("StandingWorth(%d, %v) - StandingWorth(%d, 0) = %v, want %v", tt.p, tt.plan, tt.p, got, tt.extra)
			}
			if got, want := Standing(&s, tt.p), StandingWorth(&s, tt.p, planWorth); got != want {
				t.Errorf("Standing(%d) = %v, want StandingWorth at %v = %v", tt.p, got, planWorth, want)
			}
		})
	}
	if got, want := Standing(&s, 3), float64(s.Score(3)); got != want {
		t.Errorf("Standing of the explorer out = %v, want its score %v", got, want)
	}
}
