package ocean

import (
	"testing"

	"cgpolicy/engine/ocean"
)

// narrowBelief leaves the opponent in the 3x3 corner of openMind's map
// that twelve moves east and twelve north reach from the opposite one.
func narrowBelief(t *testing.T, m *Mind) {
	t.Helper()
	for _, d := range []ocean.Dir{ocean.E, ocean.N} {
		for i := 0; i < 12; i++ {
			m.Tracker.Apply(ocean.Action{Kind: ocean.MoveAct, Dir: d}, 0)
		}
	}
	if m.Tracker.Cells != 9 {
		t.Fatalf("narrowed belief has %d cells, want 9", m.Tracker.Cells)
	}
}

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
		// narrow: the opponent's belief is at most SonarWide cells
		narrow bool
		cd     [5]int
		want   ocean.Power
	}{
		{"default: torpedo first", Charges{}, true, cd(3, 4, 6, 3), T},
		{"default: silence second", Charges{}, true, cd(0, 4, 6, 3), Si},
		{"default: sonar third", Charges{}, true, cd(0, 4, 0, 3), So},
		{"default: mines last", Charges{}, true, cd(0, 0, 0, 3), M},
		{"default: all full", Charges{}, true, cd(0, 0, 0, 0), ocean.NoPower},
		{"wide: torpedo first", Charges{}, false, cd(3, 4, 6, 3), T},
		{"wide: sonar second", Charges{}, false, cd(0, 4, 6, 3), So},
		{"wide: silence third", Charges{}, false, cd(0, 0, 6, 3), Si},
		{"wide: mines last", Charges{}, false, cd(0, 0, 0, 3), M},
		{"legacy: mines second", LegacyCharges, false, cd(0, 4, 6, 3), M},
		{"legacy: sonar third", LegacyCharges, false, cd(0, 4, 6, 0), So},
		{"legacy: silence last", LegacyCharges, false, cd(0, 0, 6, 0), Si},
		{"legacy: torpedo first", LegacyCharges, true, cd(1, 4, 6, 3), T},
		{"legacy: narrow, mines second", LegacyCharges, true, cd(0, 4, 6, 3), M},
		{"three powers: silence", Charges{T, Si, So}, false, cd(0, 4, 6, 3), Si},
		{"three powers: mines never", Charges{T, Si, So}, true, cd(0, 0, 0, 3), ocean.NoPower},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, m := openMind()
			v.Cooldown = tc.cd
			if tc.narrow {
				narrowBelief(t, m)
			} else if m.Tracker.Cells <= SonarWide {
				t.Fatalf("open belief of %d cells", m.Tracker.Cells)
			}
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
