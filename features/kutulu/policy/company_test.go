package policy

import (
	"math"
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// TestSmitsiCompany: the leaf docks an explorer out of the group's reach
// smCompany of the lonely rate's excess per step of its walk to the
// nearest other explorer beyond two, and no one within reach of another;
// explorers out of the game are no company.
func TestSmitsiCompany(t *testing.T) {
	v := mazeView(t)
	var g fk.Grid
	g.Load(v)
	cell := func(e ek.ExplorerView) int {
		c, ok := g.Cell(e.X, e.Y)
		if !ok {
			t.Fatalf("%+v off the maze", e)
		}
		return c
	}
	steps := func(a, b ek.ExplorerView) int {
		var d [512]int16
		g.BFS(cell(a), &d)
		return int(d[cell(b)])
	}
	start := v.Explorers
	corner := explorer(0, 1, 1, 200)
	tests := []struct {
		name string
		ex   []ek.ExplorerView
		// nearest[p] is the explorer p walks to, for those docked
		nearest map[int]ek.ExplorerView
	}{
		{name: "together at the start", ex: start},
		{name: "one in a corner", ex: []ek.ExplorerView{corner, start[1], start[2], start[3]},
			nearest: map[int]ek.ExplorerView{0: start[1]}},
		{name: "two pairs apart", ex: []ek.ExplorerView{corner, explorer(1, 1, 3, 200),
			explorer(2, 13, 13, 200), explorer(3, 12, 13, 200)}},
		// six steps round the wall, but the group rate counts Manhattan
		{name: "across a wall", ex: []ek.ExplorerView{explorer(0, 1, 3, 200), explorer(1, 3, 3, 200),
			explorer(2, 13, 13, 200), explorer(3, 12, 13, 200)}},
		{name: "the one near is out", ex: []ek.ExplorerView{corner, start[2], start[3]},
			nearest: map[int]ek.ExplorerView{0: start[2]}},
		{name: "all apart", ex: []ek.ExplorerView{corner, explorer(1, 13, 1, 200),
			explorer(2, 13, 13, 200), explorer(3, 1, 13, 200)},
			nearest: map[int]ek.ExplorerView{0: explorer(3, 1, 13, 200), 1: explorer(0, 1, 1, 200),
				2: explorer(1, 13, 1, 200), 3: explorer(0, 1, 1, 200)}},
	}
	n, err := NewNet()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := *v
			w.Explorers, w.Minions, w.Effects = tt.ex, nil, nil
			var s ek.State
			if err := s.SetView(&w, 1); err != nil {
				t.Fatal(err)
			}
			sg := newSmGame(n)
			val := make([]float64, ek.Players)
			sg.Value(&s, 0, val)
			for _, e := range tt.ex {
				want := fk.StandingWorth(&s, e.ID, smPlanWorth)
				if to, ok := tt.nearest[e.ID]; ok {
					want -= smCompany * float64(v.LonelyLoss-v.GroupLoss) * float64(steps(e, to)-2)
				}
				if got := sg.st[e.ID]; math.Abs(got-want) > 1e-9 {
					t.Errorf("explorer %d: standing %.2f, want %.2f", e.ID, got, want)
				}
			}
		})
	}
}
