package policy

import (
	"reflect"
	"testing"

	"cgpolicy/engine/soak"
)

func TestComplete(t *testing.T) {
	s := position(t, open,
		[]spec{{class: soak.Gunner, x: 1, y: 1}, {class: soak.Sniper, x: 1, y: 3}, dead},
		[]spec{{class: soak.Gunner, x: 8, y: 1}, dead, dead})
	hunk := func(id int) soak.Action { return soak.Action{Agent: id, Combat: soak.Hunker} }
	cases := []struct {
		name string
		in   []soak.Action
		want []soak.Action
	}{
		{"nothing", nil, []soak.Action{hunk(1), hunk(2)}},
		{"enemy and dead agents dropped",
			[]soak.Action{{Agent: 4, Combat: soak.Hunker}, {Agent: 3, Move: true, MoveX: 2}},
			[]soak.Action{hunk(1), hunk(2)}},
		{"order restored, last wins",
			[]soak.Action{{Agent: 2, Move: true, MoveX: 2, MoveY: 3}, {Agent: 1}, {Agent: 2, Combat: soak.Shoot, ShootID: 4}},
			[]soak.Action{{Agent: 1}, {Agent: 2, Combat: soak.Shoot, ShootID: 4}}},
		{"fatal numbers removed",
			[]soak.Action{{Agent: 1, Move: true, MoveX: -1, MoveY: 2, Combat: soak.Shoot, ShootID: -3},
				{Agent: 2, Combat: soak.Throw, ThrowX: 40, ThrowY: 1}},
			[]soak.Action{hunk(1), hunk(2)}},
		{"stray fields cleared",
			[]soak.Action{{Agent: 1, MoveX: 5, Combat: soak.Hunker, ShootID: 4, ThrowX: 3}, {Agent: 2, Combat: soak.Throw, ThrowX: 3, ThrowY: 3, ShootID: 9}},
			[]soak.Action{hunk(1), {Agent: 2, Combat: soak.Throw, ThrowX: 3, ThrowY: 3}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Complete(s, 0, tc.in, nil)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Complete(%+v) = %+v, want %+v", tc.in, got, tc.want)
			}
			lines := make([]string, len(got))
			for i, a := range got {
				lines[i] = soak.FormatAction(a)
			}
			if err := s.Copy().Answer(0, lines); err != nil {
				t.Errorf("referee rejects %q: %v", lines, err)
			}
		})
	}
}
