package game

import (
	"strings"
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy/baselines"
)

// TestPool: the trainer's pool is baselines.Pool, in order (so the
// arena's pool mode plays the same members), at least five of them, and
// each member gives one command.
func TestPool(t *testing.T) {
	var got []string
	s := ek.New(7)
	v := new(ek.View)
	s.ViewInto(0, v)
	for _, m := range (Learn{}).Pool() {
		got = append(got, m.Name)
		if acts := m.New(1).Act(v, nil); len(acts) != 1 {
			t.Errorf("%s: %d commands, want 1", m.Name, len(acts))
		}
	}
	want := baselines.Pool
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) < 5 {
		t.Fatalf("pool %v, want baselines.Pool %v (at least 5 members)", got, want)
	}
}
