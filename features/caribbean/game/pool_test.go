package game

import (
	"strings"
	"testing"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy/baselines"
)

// TestPool: the trainer's pool is baselines.Pool, in order (so the
// arena's pool mode plays the same members), at least five of them, and
// each member gives one order per own ship.
func TestPool(t *testing.T) {
	var got []string
	s := cb.New(7)
	v := new(cb.View)
	s.ViewInto(0, v)
	for _, m := range (Learn{}).Pool() {
		got = append(got, m.Name)
		if acts := m.New(1).Act(v, nil); len(acts) != s.Alive(0) {
			t.Errorf("%s: %d orders for %d ships", m.Name, len(acts), s.Alive(0))
		}
	}
	want := baselines.Pool
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) < 5 {
		t.Fatalf("pool %v, want baselines.Pool %v (at least 5 members)", got, want)
	}
}
