package grass

import (
	"math/rand"
	"testing"

	"cgpolicy/engine"
)

// grid builds a map from rows: '#' grass, 'R' a neutral-owned recycler
// (seat 1), anything else a neutral cell of durability 5.
func grid(t *testing.T, rows ...string) *State {
	t.Helper()
	w, h := len(rows[0]), len(rows)
	cells := make([]Cell, 0, w*h)
	for _, r := range rows {
		for _, ch := range r {
			c := Cell{Scrap: 5, Owner: -1}
			switch ch {
			case '#':
				c.Scrap = 0
			case 'R':
				c.Owner, c.Recycler = 1, true
			}
			cells = append(cells, c)
		}
	}
	s, err := FromCells(w, h, cells, [2]int{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPathStep(t *testing.T) {
	cases := []struct {
		name           string
		rows           []string
		from, to, want [2]int
		stay           bool
	}{
		{
			name: "straight line",
			rows: []string{".....", "....."}, from: [2]int{0, 0}, to: [2]int{4, 0}, want: [2]int{1, 0},
		},
		{
			// Grass target: head for the reachable cell nearest to it;
			// (0, 1), (1, 0) and (2, 1) tie at distance 2, and (2, 1) is
			// nearest the centre (1.5, 1.5).
			name: "unreachable target: nearest cell, then nearest the centre",
			rows: []string{"...", ".#.", "###"}, from: [2]int{1, 0}, to: [2]int{1, 2}, want: [2]int{2, 0},
		},
		{
			name: "cut off, the origin is the nearest cell: no move",
			rows: []string{"..#.."}, from: [2]int{1, 0}, to: [2]int{3, 0}, stay: true,
		},
		{
			name: "cut off: go to the nearest reachable cell",
			rows: []string{"..#.."}, from: [2]int{0, 0}, to: [2]int{4, 0}, want: [2]int{1, 0},
		},
		{
			name: "target off the map, the origin is the nearest cell",
			rows: []string{"....", "...."}, from: [2]int{1, 1}, to: [2]int{1, 5}, want: [2]int{1, 1},
			stay: true,
		},
		{
			// Java int overflow: from (1, 0) the distance to x = -2147483647
			// wraps to -2147483648, the smallest of all, so the units walk
			// away from the target.
			name: "distance overflow as in Java",
			rows: []string{"....."}, from: [2]int{0, 0}, to: [2]int{-2147483647, 0}, want: [2]int{1, 0},
		},
		{
			name: "recyclers block",
			rows: []string{"R..", ".R.", "..."}, from: [2]int{0, 1}, to: [2]int{2, 1}, want: [2]int{0, 2},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := grid(t, c.rows...)
			x, y, ok := s.PathStep(c.from[0], c.from[1], c.to[0], c.to[1])
			if ok == c.stay {
				t.Fatalf("moved %v to (%d, %d), want stay %v", ok, x, y, c.stay)
			}
			if ok && [2]int{x, y} != c.want {
				t.Errorf("step (%d, %d), want %v", x, y, c.want)
			}
		})
	}
}

// TestPathStepProperties checks on generated maps that every step goes to
// an open neighbour and, when the target is reachable, shortens the
// remaining path by exactly one.
func TestPathStepProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for seed := int64(1); seed <= 20; seed++ {
		s, err := New(seed)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 50; k++ {
			from := rng.Intn(len(s.cells))
			if s.cells[from].Scrap == 0 {
				continue
			}
			to := rng.Intn(len(s.cells))
			fx, fy := s.b.XY(from)
			tx, ty := s.b.XY(to)
			x, y, ok := s.PathStep(fx, fy, tx, ty)
			dist := bfs(s, to)
			if !ok {
				if dist[from] > 0 && s.cells[to].Scrap > 0 {
					t.Fatalf("seed %d: no move from (%d,%d) to reachable (%d,%d)", seed, fx, fy, tx, ty)
				}
				continue
			}
			step := s.b.Index(x, y)
			if engine.Abs(x-fx)+engine.Abs(y-fy) != 1 || s.cells[step].Scrap == 0 {
				t.Fatalf("seed %d: step (%d,%d) from (%d,%d) is not an open neighbour", seed, x, y, fx, fy)
			}
			if dist[from] > 0 && dist[step] != dist[from]-1 {
				t.Fatalf("seed %d: step (%d,%d) from (%d,%d) to (%d,%d) is off the shortest path", seed, x, y, fx, fy, tx, ty)
			}
		}
	}
}

// bfs returns path lengths to cell to over open cells, -1 where unreachable.
func bfs(s *State, to int) []int {
	dist := make([]int, len(s.cells))
	for i := range dist {
		dist[i] = -1
	}
	if s.cells[to].Scrap == 0 {
		return dist
	}
	dist[to] = 0
	queue := []int{to}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range s.b.adj[c] {
			if n >= 0 && s.cells[n].Scrap > 0 && !s.cells[n].Recycler && dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, int(n))
			}
		}
	}
	return dist
}
