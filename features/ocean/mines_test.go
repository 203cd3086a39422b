package ocean

import (
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/ocean"
)

// openCell is a water cell of m whose four neighbours and diagonals are
// water, at least from cells away from skip (-1 for none).
func openCell(t *testing.T, m *Map, skip, from int) int {
	t.Helper()
	for c := 0; c < Cells; c++ {
		x, y := c%Size, c/Size
		if skip >= 0 && engine.Abs(x-skip%Size)+engine.Abs(y-skip/Size) < from {
			continue
		}
		ok := true
		for dy := -1; dy <= 1 && ok; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if !m.Water(x+dx, y+dy) {
					ok = false
					break
				}
			}
		}
		if ok {
			return c
		}
	}
	t.Fatal("no open cell")
	return -1
}

// pinned is a tracker whose opponent is on one of cells, each a path
// that visited only its cell.
func pinned(m *Map, cells ...int) *Tracker {
	tr := NewTracker(m, MaxPaths)
	tr.started = true
	tr.n = 0
	for _, c := range cells {
		p := path{cell: int16(c)}
		p.visited.Set(c)
		tr.paths[tr.n] = p
		tr.n++
	}
	tr.count()
	return tr
}

// TestMines: what MINE and TRIGGER orders tell of the opponent's mines,
// on hand-made beliefs.
func TestMines(t *testing.T) {
	s := ocean.New(3)
	var m Map
	m.Init(&s.View(0).(*ocean.View).Island)
	a := openCell(t, &m, -1, 0)
	b := openCell(t, &m, a, 6)
	next := func(c int, d ocean.Dir) int { return int(m.Next[c][d]) }
	for _, tc := range []struct {
		name   string
		cells  []int
		orders []string
		live   int
		may    []int // every possible mine cell
		paths  int
		danger float64 // MineDanger at cell a
		lost   int     // the lives the opponent lost this turn
	}{
		{"a mine next to a known cell", []int{a}, []string{"MINE"}, 1,
			[]int{next(a, ocean.N), next(a, ocean.E), next(a, ocean.S), next(a, ocean.W)}, 1, 1, 0},
		{"laid after a move", []int{a}, []string{"MOVE E", "MINE"}, 1,
			[]int{a, next(next(a, ocean.E), ocean.N), next(next(a, ocean.E), ocean.E), next(next(a, ocean.E), ocean.S)}, 1, 0.5 + 0.25*2, 0},
		{"a trigger tells which way it came", []int{a, b}, []string{"MINE", "TRIGGER " + xy(next(b, ocean.S))}, 0, nil, 1, 0, 1},
		{"a trigger off every mine empties the set", []int{a}, []string{"MINE", "TRIGGER " + xy(b)}, 0, nil, -1, 0, 0},
		{"no mine, no danger", []int{a, b}, []string{"MOVE N"}, 0, nil, 2, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := pinned(&m, tc.cells...)
			v := ocean.View{Sonar: "NA", OppLife: ocean.StartLife - tc.lost, OppOrders: tc.orders}
			tr.Update(&v, nil)
			if tc.paths < 0 {
				if tr.Resets != 1 {
					t.Fatalf("%d resets, want 1", tr.Resets)
				}
				return
			}
			if tr.Paths() != tc.paths || tr.Resets != 0 {
				t.Fatalf("%d paths and %d resets, want %d and none", tr.Paths(), tr.Resets, tc.paths)
			}
			if tr.Live() != tc.live {
				t.Errorf("Live() = %d, want %d", tr.Live(), tc.live)
			}
			var want Bits
			for _, c := range tc.may {
				want.Set(c)
			}
			if tr.Live() == 0 {
				want = Bits{}
			}
			if tr.MayMine != want {
				t.Errorf("MayMine has %d cells, want %d", tr.MayMine.count(), want.count())
			}
			if got := tr.MineDanger(a); got < tc.danger-1e-6 || got > tc.danger+1e-6 {
				t.Errorf("MineDanger(a) = %v, want %v", got, tc.danger)
			}
		})
	}
}

func xy(c int) string { return itoa(c%Size) + " " + itoa(c/Size) }
