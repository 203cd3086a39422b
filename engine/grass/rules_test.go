package grass

import (
	"strings"
	"testing"
)

// field is a 5x3 map of neutral cells of durability 5 with 100 matter each,
// changed by the given cells.
func field(t *testing.T, set map[[2]int]Cell) *State {
	t.Helper()
	cells := make([]Cell, 15)
	for i := range cells {
		cells[i] = Cell{Scrap: 5, Owner: -1}
	}
	for xy, c := range set {
		cells[xy[1]*5+xy[0]] = c
	}
	s, err := FromCells(5, 3, cells, [2]int{100, 100})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play answers one turn with a text line per seat and resolves it.
func play(t *testing.T, s *State, line0, line1 string) {
	t.Helper()
	for p, l := range []string{line0, line1} {
		if err := s.Answer(p, []string{l}); err != nil {
			t.Fatalf("player %d %q: %v", p, l, err)
		}
	}
	if err := s.Advance(); err != nil {
		t.Fatal(err)
	}
}

func own(p int8, units ...int32) Cell {
	c := Cell{Scrap: 5, Owner: p}
	if len(units) > 0 {
		c.Units[p] = units[0]
	}
	return c
}

func TestTurnRules(t *testing.T) {
	cases := []struct {
		name   string
		set    map[[2]int]Cell
		orders [2]string
		want   map[[2]int]Cell
		matter [2]int
	}{
		{
			name:   "spawned units cannot move this turn",
			set:    map[[2]int]Cell{{0, 0}: own(0)},
			orders: [2]string{"SPAWN 2 0 0;MOVE 2 0 0 1 0", "WAIT"},
			want:   map[[2]int]Cell{{0, 0}: own(0, 2), {1, 0}: {Scrap: 5, Owner: -1}},
			matter: [2]int{90, 110},
		},
		{
			name:   "moved units cannot move again",
			set:    map[[2]int]Cell{{0, 0}: own(0, 3)},
			orders: [2]string{"MOVE 3 0 0 1 0;MOVE 3 1 0 2 0", "WAIT"},
			want:   map[[2]int]Cell{{0, 0}: own(0), {1, 0}: own(0, 3), {2, 0}: {Scrap: 5, Owner: -1}},
			matter: [2]int{110, 110},
		},
		{
			name:   "a move of more units than present is skipped, later ones are not",
			set:    map[[2]int]Cell{{0, 0}: own(0, 2)},
			orders: [2]string{"MOVE 3 0 0 1 0;MOVE 0 0 0 1 0;MOVE 1 0 0 0 0;MOVE 1 0 0 1 0", "WAIT"},
			want:   map[[2]int]Cell{{0, 0}: own(0, 1), {1, 0}: own(0, 1)},
			matter: [2]int{110, 110},
		},
		{
			name:   "the larger army keeps the difference and takes the cell",
			set:    map[[2]int]Cell{{0, 1}: own(0, 3), {2, 1}: own(1, 2)},
			orders: [2]string{"MOVE 3 0 1 1 1", "MOVE 2 2 1 1 1"},
			want:   map[[2]int]Cell{{1, 1}: {Scrap: 5, Owner: 0, Units: [2]int32{1, 0}}, {0, 1}: own(0), {2, 1}: own(1)},
			matter: [2]int{110, 110},
		},
		{
			name:   "equal armies both die and the owner stays",
			set:    map[[2]int]Cell{{0, 1}: own(0, 2), {1, 1}: own(1)},
			orders: [2]string{"MOVE 2 0 1 1 1", "SPAWN 2 1 1"},
			want:   map[[2]int]Cell{{1, 1}: own(1)},
			matter: [2]int{110, 90},
		},
		{
			name:   "units in place defend",
			set:    map[[2]int]Cell{{0, 1}: own(0, 3), {1, 1}: own(1, 2)},
			orders: [2]string{"MOVE 3 0 1 1 1", "WAIT"},
			want:   map[[2]int]Cell{{1, 1}: {Scrap: 5, Owner: 0, Units: [2]int32{1, 0}}},
			matter: [2]int{110, 110},
		},
		{
			name:   "a lone unit takes a neutral cell",
			set:    map[[2]int]Cell{{0, 0}: own(0, 1)},
			orders: [2]string{"MOVE 1 0 0 4 0", "WAIT"},
			want:   map[[2]int]Cell{{1, 0}: own(0, 1), {0, 0}: own(0)},
			matter: [2]int{110, 110},
		},
		{
			name: "builds need an owned cell, no units, no recycler and matter",
			set: map[[2]int]Cell{{0, 0}: own(0, 1), {1, 0}: own(0), {2, 0}: rec(0, 5), {3, 0}: own(1),
				{4, 2}: own(1)},
			orders: [2]string{"BUILD 0 0;BUILD 2 0;BUILD 3 0;BUILD 9 9;BUILD -1 0;BUILD 1 0;BUILD 1 0", "BUILD 4 2"},
			want: map[[2]int]Cell{{0, 0}: {Scrap: 4, Owner: 0, Units: [2]int32{1, 0}}, {1, 0}: rec(0, 4), {2, 0}: rec(0, 4), {3, 0}: {Scrap: 4, Owner: 1},
				{4, 2}: rec(1, 4)},
			// p0: -10 for one recycler, +6 distinct cells reached by its two recyclers, +10.
			matter: [2]int{106, 103},
		},
		{
			name:   "spawns need an owned cell without recycler, a positive count and matter",
			set:    map[[2]int]Cell{{0, 0}: own(0), {1, 0}: rec(0, 5), {2, 0}: own(1)},
			orders: [2]string{"SPAWN 1 1 0;SPAWN 1 2 0;SPAWN 0 0 0;SPAWN 11 0 0;SPAWN 1 -1 0;SPAWN 10 0 0;SPAWN 1 0 0", "WAIT"},
			want:   map[[2]int]Cell{{0, 0}: {Scrap: 4, Owner: 0, Units: [2]int32{10, 0}}},
			// all 100 matter spent on ten units; +4 from the recycler, +10.
			matter: [2]int{14, 110},
		},
		{
			name:   "overlapping recyclers wear each cell once and pay per distinct cell",
			set:    map[[2]int]Cell{{1, 1}: rec(0, 5), {2, 1}: rec(0, 5)},
			orders: [2]string{"WAIT", "WAIT"},
			want: map[[2]int]Cell{{1, 1}: rec(0, 4), {2, 1}: rec(0, 4), {0, 1}: {Scrap: 4, Owner: -1},
				{3, 1}: {Scrap: 4, Owner: -1}, {1, 0}: {Scrap: 4, Owner: -1}, {4, 1}: {Scrap: 5, Owner: -1}},
			matter: [2]int{118, 110},
		},
		{
			name:   "both seats' recyclers reaching one cell both collect it",
			set:    map[[2]int]Cell{{1, 1}: rec(0, 5), {3, 1}: rec(1, 5)},
			orders: [2]string{"WAIT", "WAIT"},
			want:   map[[2]int]Cell{{2, 1}: {Scrap: 4, Owner: -1}},
			matter: [2]int{115, 115},
		},
		{
			name: "a worn-out cell turns to grass with its recycler and units",
			set: map[[2]int]Cell{{1, 1}: rec(0, 1), {1, 0}: {Scrap: 1, Owner: 1, Units: [2]int32{0, 3}},
				{0, 1}: {Scrap: 0, Owner: -1}},
			orders: [2]string{"WAIT", "WAIT"},
			want: map[[2]int]Cell{{1, 1}: {Owner: -1}, {1, 0}: {Owner: -1}, {0, 1}: {Owner: -1},
				{2, 1}: {Scrap: 4, Owner: -1}},
			// grass (0, 1) pays nothing: 4 cells.
			matter: [2]int{114, 110},
		},
		{
			name:   "units never enter a recycler: they go around",
			set:    map[[2]int]Cell{{0, 1}: own(0, 1), {1, 1}: rec(1, 5)},
			orders: [2]string{"MOVE 1 0 1 1 1", "WAIT"},
			want:   map[[2]int]Cell{{1, 1}: rec(1, 4), {0, 1}: {Scrap: 4, Owner: 0}},
			matter: [2]int{110, 115},
		},
		{
			name:   "a deactivated player's earlier builds still happen",
			set:    map[[2]int]Cell{{0, 0}: own(0), {4, 2}: own(1)},
			orders: [2]string{"WAIT", "BUILD 4 2;SPAWN 1 4 2;FLY"},
			want:   map[[2]int]Cell{{4, 2}: rec(1, 4)},
			matter: [2]int{110, 103},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := field(t, c.set)
			for p, l := range c.orders {
				_ = s.Answer(p, []string{l})
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
			for xy, want := range c.want {
				if got := s.At(xy[0], xy[1]); got != want {
					t.Errorf("cell %v: got %+v, want %+v", xy, got, want)
				}
			}
			if got := [2]int{s.Matter(0), s.Matter(1)}; got != c.matter {
				t.Errorf("matter %v, want %v", got, c.matter)
			}
		})
	}
}

func TestDeactivation(t *testing.T) {
	cases := []struct {
		name   string
		lines  []string
		scores []int
	}{
		{"timeout", nil, []int{1, -1}},
		{"unknown command", []string{"JUMP"}, []int{1, -1}},
		{"lower case", []string{"wait"}, []int{1, -1}},
		{"int overflow", []string{"SPAWN 2147483648 0 0"}, []int{1, -1}},
		{"empty line", []string{""}, []int{1, -1}},
		{"accepted", []string{" WAIT ;MESSAGE hi;"}, []int{1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := field(t, map[[2]int]Cell{{0, 0}: own(0), {4, 0}: own(1)})
			if err := s.Answer(0, []string{"WAIT"}); err != nil {
				t.Fatal(err)
			}
			err := s.Answer(1, c.lines)
			if (err != nil) == s.Active(1) {
				t.Fatalf("error %v but active %v", err, s.Active(1))
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
			if s.Done() != (err != nil) {
				t.Errorf("done %v after error %v", s.Done(), err)
			}
			if got := s.Scores(); got[0] != c.scores[0] || got[1] != c.scores[1] {
				t.Errorf("scores %v, want %v", got, c.scores)
			}
		})
	}
}

func TestGameEnd(t *testing.T) {
	cases := []struct {
		name string
		// turns lists seat 0's lines, one per turn; seat 1 waits. After
		// them both wait until the end.
		turns    []string
		set      map[[2]int]Cell
		turn     int // the turn the game ends on
		scores   []int
		fromTurn int
	}{
		{name: "stable from the start", set: map[[2]int]Cell{{0, 0}: own(0), {4, 2}: own(1)}, turn: 20, scores: []int{1, 1}},
		{
			name:  "a capture restarts the count",
			set:   map[[2]int]Cell{{0, 0}: own(0, 1), {4, 2}: own(1)},
			turns: []string{"WAIT", "WAIT", "WAIT", "WAIT", "WAIT", "MOVE 1 0 0 1 0"},
			turn:  25, scores: []int{2, 1},
		},
		{
			name:  "no cells left",
			set:   map[[2]int]Cell{{0, 0}: own(0, 1), {1, 0}: own(1)},
			turns: []string{"MOVE 1 0 0 1 0"},
			turn:  1, scores: []int{2, 0},
		},
		{name: "turn limit", set: map[[2]int]Cell{{2, 1}: rec(0, 9), {4, 2}: own(1)}, fromTurn: 195, turn: 200, scores: []int{1, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := field(t, c.set)
			s.turn = c.fromTurn
			for k := 0; !s.Done(); k++ {
				if s.Turn() > MaxTurns {
					t.Fatal("game does not end")
				}
				l := "WAIT"
				if k < len(c.turns) {
					l = c.turns[k]
				}
				play(t, s, l, "WAIT")
			}
			if s.Turn() != c.turn {
				t.Errorf("ended on turn %d, want %d", s.Turn(), c.turn)
			}
			if got := s.Scores(); got[0] != c.scores[0] || got[1] != c.scores[1] {
				t.Errorf("scores %v, want %v", got, c.scores)
			}
		})
	}
}

func rec(p int8, scrap int8) Cell { return Cell{Scrap: scrap, Owner: p, Recycler: true} }

func TestInputLinesPerSeat(t *testing.T) {
	s := field(t, map[[2]int]Cell{
		{0, 0}: own(0, 2), {1, 0}: rec(0, 5), {2, 0}: own(0), {4, 2}: own(1, 3), {3, 2}: {Scrap: 0, Owner: -1},
	})
	s.matter = [2]int{17, 23}
	cases := []struct {
		p    int
		line int // 0 is the matter line, 1+i the cell i
		want string
	}{
		{0, 0, "17 23"},
		{1, 0, "23 17"},
		{0, 1, "5 1 2 0 0 1 1"},  // own units: no build, in range of the recycler next door
		{1, 1, "5 0 2 0 0 0 1"},  // the same cell seen by the opponent
		{0, 2, "5 1 0 1 0 0 1"},  // the recycler itself
		{0, 3, "5 1 0 0 1 1 1"},  // empty owned cell next to the recycler
		{0, 4, "5 -1 0 0 0 0 0"}, // neutral, out of range
		{0, 15, "5 0 3 0 0 0 0"},
		{1, 15, "5 1 3 0 0 1 0"},
		{1, 14, "0 -1 0 0 0 0 0"},
	}
	for _, c := range cases {
		if got := s.InputLines(c.p)[c.line]; got != c.want {
			t.Errorf("seat %d line %d: %q, want %q", c.p, c.line, got, c.want)
		}
	}
	if got := strings.Join(s.InitLines(1), "|"); got != "5 3" {
		t.Errorf("init %q", got)
	}
}
