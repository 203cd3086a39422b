package ocean

import (
	"testing"

	"cgpolicy/engine/ocean"
)

// TestMoveCharges: every MOVE candidate charges the first power of the
// encoder's order that is not full, and nothing once all are.
func TestMoveCharges(t *testing.T) {
	const T, So, Si, M = ocean.Torpedo, ocean.Sonar, ocean.Silence, ocean.Mine
	cd := func(torpedo, sonar, silence, mine int) [5]int {
		var c [5]int
		c[T], c[So], c[Si], c[M] = torpedo, sonar, silence, mine
		return c
	}
	for _, tc := range []struct {
		name  string
		order Charges
		cd    [5]int
		want  ocean.Power
	}{
		{"default: torpedo first", Charges{}, cd(3, 4, 6, 3), T},
		{"default: silence second", Charges{}, cd(0, 4, 6, 3), Si},
		{"default: sonar third", Charges{}, cd(0, 4, 0, 3), So},
		{"default: mines last", Charges{}, cd(0, 0, 0, 3), M},
		{"default: all full", Charges{}, cd(0, 0, 0, 0), ocean.NoPower},
		{"legacy: mines second", LegacyCharges, cd(0, 4, 6, 3), M},
		{"legacy: sonar third", LegacyCharges, cd(0, 4, 6, 0), So},
		{"legacy: silence last", LegacyCharges, cd(0, 0, 6, 0), Si},
		{"legacy: torpedo first", LegacyCharges, cd(1, 4, 6, 3), T},
		{"three powers: silence", Charges{T, Si, So}, cd(0, 4, 6, 3), Si},
		{"three powers: mines never", Charges{T, Si, So}, cd(0, 0, 0, 3), ocean.NoPower},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, m := openMind()
			v.Cooldown = tc.cd
			e := Encoder{Charges: tc.order}
			e.Reset(v, m, nil)
			k := e.Encode(DecMove)
			if k == 0 {
				t.Fatal("no MOVE candidate")
			}
			for _, a := range e.Actions[:k] {
				if a.Kind != ocean.MoveAct || a.Charge != tc.want {
					t.Errorf("candidate %+v, want a MOVE charging %d", a, tc.want)
				}
			}
		})
	}
}
