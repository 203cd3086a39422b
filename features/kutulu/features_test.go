package kutulu

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
)

// seedOne is seed 1's maze with its four explorers at the start.
func seedOne(t *testing.T) *ek.View {
	t.Helper()
	return ek.New(1).View(0).(*ek.View)
}

func TestGrid(t *testing.T) {
	v := seedOne(t)
	var g Grid
	g.Load(v)
	at := func(x, y int) int {
		c, ok := g.Cell(x, y)
		if !ok {
			t.Fatalf("(%d,%d) off the map", x, y)
		}
		return c
	}
	var dist [maxCells]int16
	g.BFS(at(7, 6), &dist)
	tests := []struct {
		name      string
		got, want int
	}{
		{"step up", int(dist[at(7, 5)]), 1},
		{"three down", int(dist[at(7, 9)]), 3},
		{"wall", int(dist[at(6, 6)]), -1},
		{"corridor exits", g.Exits(at(7, 6)), 2},
		{"sees down the column", b2i(g.InSight(at(7, 3), at(7, 8))), 1},
		{"not round the corner", b2i(g.InSight(at(7, 3), at(6, 7))), 0},
		{"manhattan", g.Manhattan(at(7, 6), at(6, 7)), 2},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, tt.got, tt.want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestEncoder: the candidates are stay, the open steps, PLAN and LIGHT at
// the start; the hint row marks greedy's choice, and the terms see the
// group.
func TestEncoder(t *testing.T) {
	v := seedOne(t)
	var e Encoder
	n := e.Encode(v)
	want := []ek.Action{{Kind: ek.Wait}, {Kind: ek.Move, X: 7, Y: 5}, {Kind: ek.Move, X: 7, Y: 7},
		{Kind: ek.Plan}, {Kind: ek.Light}}
	if n != len(want) {
		t.Fatalf("%d candidates %v, want %v", n, e.A.Acts[:n], want)
	}
	hints := 0
	for k := 0; k < n; k++ {
		if e.A.Acts[k] != want[k] {
			t.Errorf("candidate %d: %v, want %v", k, e.A.Acts[k], want[k])
		}
		row := e.Cands[k*CandDim : (k+1)*CandDim]
		if row[CHint] == 1 {
			hints++
			if k != e.Hint {
				t.Errorf("hint on %d, greedy chose %d", k, e.Hint)
			}
		}
	}
	if hints != 1 {
		t.Errorf("%d hints", hints)
	}
	if e.Cands[0*CandDim+TGroup] != 1 || e.Cands[0*CandDim+TStay] != 1 {
		t.Errorf("stay row %v: want the group and stay terms set", e.Cands[:CandDim])
	}
	if e.Dec[DSanity] != 1 || e.Dec[DOthers] != 1 || e.Dec[DBias] != 1 {
		t.Errorf("decision features %v", e.Dec)
	}
}

// TestSteps: the engine's walking table, which the search's leaf reads
// by position, agrees with a BFS over the view's grid from every
// walkable cell, on two mazes, and says -1 from a wall and off the maze.
func TestSteps(t *testing.T) {
	if ek.New(1).MapName() == ek.New(2).MapName() {
		t.Fatal("seeds 1 and 2 share a maze; pick another seed")
	}
	for _, seed := range []int64{1, 2} {
		s := ek.New(seed)
		var g Grid
		g.Load(s.View(0).(*ek.View))
		n := g.W * g.H
		var want [maxCells]int16
		for from := 0; from < n; from++ {
			if !g.Walk[from] {
				x, y := g.XY(from)
				if got := s.Steps(x, y, x, y); got != -1 {
					t.Errorf("seed %d: steps from the wall at %d: %d, want -1", seed, from, got)
				}
				continue
			}
			g.BFS(from, &want)
			fx, fy := g.XY(from)
			for to := 0; to < n; to++ {
				tx, ty := g.XY(to)
				if got := s.Steps(fx, fy, tx, ty); got != int(want[to]) {
					t.Fatalf("seed %d: steps %d to %d: %d, BFS %d", seed, from, to, got, want[to])
				}
			}
		}
		for _, c := range [][4]int{{-1, 0, 1, 1}, {1, 1, 0, -1}, {g.W, 0, 1, 1}, {1, 1, 0, g.H}} {
			if got := s.Steps(c[0], c[1], c[2], c[3]); got != -1 {
				t.Errorf("seed %d: steps %v: %d, want -1", seed, c, got)
			}
		}
	}
}
