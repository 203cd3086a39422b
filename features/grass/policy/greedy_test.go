package policy

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine/grass"
	"cgpolicy/internal/search/searchtest"
)

// board builds a position from rows of cells: '.' neutral scrap 10, '#'
// grass, 'a'/'b' owned by seat 0/1 (scrap 10), 'A'/'B' their recyclers,
// and digits a neutral cell of that scrap. units places unit stacks.
func board(t *testing.T, rows []string, units map[[2]int][2]int32, scrap map[[2]int]int8, matter [2]int) *grass.State {
	t.Helper()
	w, h := len(rows[0]), len(rows)
	cells := make([]grass.Cell, 0, w*h)
	for y, row := range rows {
		for x, ch := range row {
			c := grass.Cell{Scrap: 10, Owner: -1}
			switch {
			case ch == '#':
				c.Scrap = 0
			case ch == 'a' || ch == 'b':
				c.Owner = int8(ch - 'a')
			case ch == 'A' || ch == 'B':
				c.Owner, c.Recycler = int8(ch-'A'), true
			case ch >= '1' && ch <= '9':
				c.Scrap = int8(ch - '0')
			}
			if v, ok := scrap[[2]int{x, y}]; ok {
				c.Scrap = v
			}
			c.Units = units[[2]int{x, y}]
			cells = append(cells, c)
		}
	}
	s, err := grass.FromCells(w, h, cells, matter)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGreedyCases(t *testing.T) {
	cases := []struct {
		name   string
		rows   []string
		units  map[[2]int][2]int32
		scrap  map[[2]int]int8
		matter int
		want   []string // commands that must appear
		reject []string // command prefixes that must not
	}{
		{
			name:   "recycler where scrap is rich on our side",
			rows:   []string{"aaa.......", "aaa......b", "aaa......."},
			units:  map[[2]int][2]int32{{0, 0}: {1, 0}, {9, 1}: {0, 1}},
			scrap:  map[[2]int]int8{{1, 1}: 8},
			matter: 10,
			want:   []string{"BUILD 1 1"},
		},
		{
			name:   "no economic recycler next to the enemy",
			rows:   []string{"ab"},
			units:  map[[2]int][2]int32{{1, 0}: {0, 1}},
			matter: 10,
			reject: []string{"BUILD 0 0"},
		},
		{
			name:   "spawns the deficit on a threatened border cell",
			rows:   []string{"aab...", "aa#...", "......"},
			units:  map[[2]int][2]int32{{1, 0}: {1, 0}, {2, 0}: {0, 3}},
			matter: 30,
			want:   []string{"SPAWN 2 1 0"},
			reject: []string{"MOVE 1 1 0"},
		},
		{
			name:   "walls an empty threatened cell with a recycler",
			rows:   []string{"aab...", "aa#...", "......"},
			units:  map[[2]int][2]int32{{0, 0}: {1, 0}, {2, 0}: {0, 4}},
			matter: 10,
			want:   []string{"BUILD 1 0"},
		},
		{
			name:   "does not step onto a cell that turns to grass",
			rows:   []string{"a.B..", "a#...", "#b..."},
			units:  map[[2]int][2]int32{{0, 0}: {2, 0}, {1, 2}: {0, 1}},
			scrap:  map[[2]int]int8{{1, 0}: 1},
			matter: 0,
			reject: []string{"MOVE 2 0 0 1 0", "MOVE 1 0 0 1 0"},
		},
		{
			name:   "takes the unguarded enemy cell next door",
			rows:   []string{"ab.", "..b"},
			units:  map[[2]int][2]int32{{0, 0}: {1, 0}, {2, 1}: {0, 1}},
			matter: 0,
			want:   []string{"MOVE 1 0 0 1 0"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := board(t, tc.rows, tc.units, tc.scrap, [2]int{tc.matter, 10})
			acts := ActOn(NewGreedy(), s, 0, nil)
			if err := checkEffective(s, 0, acts); err != nil {
				t.Fatal(err)
			}
			line := grass.Format(acts)
			got := map[string]bool{}
			for _, a := range acts {
				got[a.String()] = true
			}
			for _, w := range tc.want {
				if !got[w] {
					t.Errorf("%q lacks %q", line, w)
				}
			}
			for _, r := range tc.reject {
				for _, a := range acts {
					if strings.HasPrefix(a.String(), r) {
						t.Errorf("%q has %q", line, a)
					}
				}
			}
		})
	}
}

// TestGreedyEffectiveOnRandomPositions checks greedy's actions, for both
// seats, on positions random play reaches: nothing the referee would skip,
// no move onto ground about to vanish.
func TestGreedyEffectiveOnRandomPositions(t *testing.T) {
	g := NewGreedy()
	var acts, ra, rb []grass.Action
	for seed := int64(1); seed <= 30; seed++ {
		s, err := grass.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(seed))
		for !s.Done() {
			for p := 0; p < 2; p++ {
				acts = ActOn(g, s, p, acts[:0])
				if err := checkEffective(s, p, acts); err != nil {
					t.Fatalf("seed %d turn %d seat %d: %v", seed, s.Turn(), p, err)
				}
			}
			ra = grass.RandomActions(s, 0, rng, ra[:0])
			rb = grass.RandomActions(s, 1, rng, rb[:0])
			if err := s.Step(ra, rb); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestGreedyDeterministic replays a greedy mirror match twice.
func TestGreedyDeterministic(t *testing.T) {
	var logs [2][]string
	for k := range logs {
		s, err := grass.New(42)
		if err != nil {
			t.Fatal(err)
		}
		g0, g1 := NewGreedy(), NewGreedy()
		for !s.Done() {
			a0 := ActOn(g0, s, 0, nil)
			a1 := ActOn(g1, s, 1, nil)
			logs[k] = append(logs[k], grass.Format(a0), grass.Format(a1))
			if err := s.Step(a0, a1); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(logs[0]) < 20 {
		t.Fatalf("mirror game lasted %d turns, suspiciously short", len(logs[0])/2)
	}
	if !reflect.DeepEqual(logs[0], logs[1]) {
		t.Fatal("two runs of the same game differ")
	}
}

// TestRandomSeeded checks that the random policy follows its seed.
func TestRandomSeeded(t *testing.T) {
	s, err := grass.New(3)
	if err != nil {
		t.Fatal(err)
	}
	line := func(seed int64) string {
		r := NewRandom(seed)
		var out []string
		for k := 0; k < 5; k++ {
			out = append(out, grass.Format(ActOn(r, s, 0, nil)))
		}
		return strings.Join(out, "|")
	}
	if line(7) != line(7) {
		t.Error("the same seed gave different turns")
	}
	if line(7) == line(8) {
		t.Error("different seeds gave the same five turns")
	}
}

func BenchmarkGreedyTurn(b *testing.B) {
	// Positions from the middle of greedy mirror games on contest maps.
	var states []*grass.State
	for seed := int64(1); seed <= 8; seed++ {
		s, err := grass.New(seed)
		if err != nil {
			b.Fatal(err)
		}
		g0, g1 := NewGreedy(), NewGreedy()
		for k := 0; k < 15 && !s.Done(); k++ {
			if err := s.Step(ActOn(g0, s, 0, nil), ActOn(g1, s, 1, nil)); err != nil {
				b.Fatal(err)
			}
		}
		states = append(states, s)
	}
	g := NewGreedy()
	searchtest.Turns(b, func(i int, dst []grass.Action) []grass.Action { return ActOn(g, states[i%len(states)], i&1, dst) })
}
