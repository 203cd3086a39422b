package ocean

import (
	"strings"
	"testing"

	"cgpolicy/engine"
)

// testState is a game on a hand-drawn map (rows of '.' and 'x', missing
// cells are water) after both players answered their start cells, with
// player 0 to play.
func testState(t *testing.T, rows []string, p0, p1 [2]int) *State {
	t.Helper()
	b := &board{}
	for y, row := range rows {
		for x := 0; x < len(row); x++ {
			b.island[cell(x, y)] = row[x] == 'x'
		}
	}
	b.computeReach()
	s := New(1)
	s.b = b
	for p, c := range [2][2]int{p0, p1} {
		if err := s.AnswerActions(p, []Action{{X: c[0], Y: c[1]}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Advance(); err != nil {
		t.Fatal(err)
	}
	if got := s.Pending(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("pending %v after the start cells", got)
	}
	return s
}

// runTurn answers for the pending player and resolves frames until the
// next request or the end, returning the answer's error, the frames played
// and the summary lines of all of them.
func runTurn(t *testing.T, s *State, answer string) (error, int, []string) {
	t.Helper()
	p := s.Pending()[0]
	err := s.Answer(p, []string{answer})
	if err != nil {
		if _, ok := engine.Deactivated(err); !ok {
			t.Fatalf("answer %q: not a deactivation: %v", answer, err)
		}
	}
	var summary []string
	frames := 0
	for {
		if aerr := s.Advance(); aerr != nil {
			t.Fatal(aerr)
		}
		frames++
		summary = append(summary, s.Summary()...)
		if s.Done() || len(s.Pending()) > 0 {
			return err, frames, summary
		}
	}
}

var islandRow = []string{
	"",
	"",
	"",
	"",
	"....x",
	"....x",
	"xxx.x",
}

func TestRules(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		p0, p1  [2]int
		setup   func(s *State)
		answer  string
		removed string   // the referee's message, "" when p0 stays
		frames  int      // frames until the next request or the end
		orders  string   // what player 1 reads of player 0's turn
		summary []string // game summary over those frames
		lives   [2]int
		scores  [2]int
		at      [2]int // player 0's cell after the turn
	}{
		{name: "move charges a power used later in the chain", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 2 },
			answer: "MOVE E TORPEDO|TORPEDO 8 5", frames: 2, orders: "MOVE E|TORPEDO 8 5",
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{6, 5}},
		{name: "a power before the move that charges it is dropped", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 2 },
			answer: "TORPEDO 8 5|MOVE E TORPEDO", frames: 1, orders: "MOVE E",
			summary: []string{"Not enough charges of TORPEDO"},
			lives:   [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{6, 5}},
		{name: "only a message surfaces", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MSG hello", frames: 1, orders: "SURFACE 5",
			lives: [2]int{5, 6}, scores: [2]int{5, 6}, at: [2]int{5, 5}},
		{name: "an empty line surfaces", p0: [2]int{0, 0}, p1: [2]int{12, 12},
			answer: "", frames: 1, orders: "SURFACE 1",
			lives: [2]int{5, 6}, scores: [2]int{5, 6}},
		{name: "only uncharged powers surface after their messages", p0: [2]int{14, 14}, p1: [2]int{0, 0},
			answer: "SONAR 3 | SILENCE N 9 ||MINE E", frames: 1, orders: "SURFACE 9",
			summary: []string{"Not enough charges of SONAR", "Not enough charges of SILENCE", "Not enough charges of MINE"},
			lives:   [2]int{5, 6}, scores: [2]int{5, 6}, at: [2]int{14, 14}},
		{name: "messages may repeat", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MSG a|MOVE N|MSG b", frames: 1, orders: "MOVE N",
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{5, 4}},
		{name: "two commands of one kind", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MOVE N|SONAR 2|MOVE S", removed: "Two equal commands executed.", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 5}},
		{name: "unknown word after a move", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MOVE N|move n", removed: "Unknown command: move n", frames: 1, orders: "MOVE N",
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 4}},
		{name: "bad sector is fine while uncharged", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "SONAR 12|MOVE W", frames: 1, orders: "MOVE W", summary: []string{"Not enough charges of SONAR"},
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{4, 5}},
		{name: "bad sector removes once charged", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Sonar] = 4 },
			answer: "MOVE W|SONAR 12", removed: "Invalid sector on SONAR: SONAR 12", frames: 1, orders: "MOVE W",
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{4, 5}},
		{name: "silence too far", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Silence] = 6 },
			answer: "SILENCE N 5", removed: "Invalid distance on SILENCE: SILENCE N 5", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 5}},
		{name: "silence zero steps", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Silence] = 6 },
			answer: "SILENCE N 0|MOVE E SILENCE", frames: 2, orders: "SILENCE|MOVE E",
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{6, 5}},
		{name: "bad direction", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MOVE  N", removed: "Invalid direction: . Legal values are: N, S, E or W.", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 5}},
		{name: "bad power to charge", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			answer: "MOVE N LASER", removed: "Invalid power to charge: LASER", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 5}},
		{name: "move onto an island", rows: islandRow, p0: [2]int{3, 5}, p1: [2]int{12, 12},
			answer: "MOVE E", removed: "Invalid move. Tried to move outside map or onto island", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{3, 5}},
		{name: "move off the map", p0: [2]int{0, 3}, p1: [2]int{12, 12},
			answer: "MOVE W", removed: "Invalid move. Tried to move outside map or onto island", frames: 1,
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{0, 3}},
		{name: "silence back over its own track", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Silence] = 6 },
			answer: "MOVE E|SILENCE W 2", removed: "Can't visit same location twice. Use surface.", frames: 2, orders: "MOVE E",
			lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{6, 5}},
		{name: "torpedo around islands is out of range", rows: islandRow, p0: [2]int{3, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 3 },
			answer: "TORPEDO 5 5|MOVE N", frames: 1, orders: "MOVE N", summary: []string{"Tried to fire out of range"},
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{3, 4}},
		{name: "torpedo hurts its own submarine too", p0: [2]int{5, 5}, p1: [2]int{7, 5},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 3 },
			answer: "TORPEDO 6 5", frames: 1, orders: "TORPEDO 6 5",
			lives: [2]int{5, 5}, scores: [2]int{5, 5}, at: [2]int{5, 5}},
		{name: "direct hit", p0: [2]int{5, 5}, p1: [2]int{7, 5},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 3 },
			answer: "TORPEDO 7 5|MOVE W", frames: 2, orders: "TORPEDO 7 5|MOVE W",
			lives: [2]int{6, 4}, scores: [2]int{6, 4}, at: [2]int{4, 5}},
		{name: "a mine laid this turn cannot be triggered", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Mine] = 3 },
			answer: "MINE N|TRIGGER 5 4|MOVE S", frames: 2, orders: "MINE|MOVE S",
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{5, 6}},
		{name: "mine onto an island", rows: islandRow, p0: [2]int{3, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Mine] = 3 },
			answer: "MINE E|MOVE N", frames: 1, orders: "MOVE N", summary: []string{"Mine target outside map or on obstacle"},
			lives: [2]int{6, 6}, scores: [2]int{6, 6}, at: [2]int{3, 4}},
		{name: "surface resets the track", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].visited.set(cell(5, 4)) },
			answer: "SURFACE|MOVE N", frames: 2, orders: "SURFACE 5|MOVE N",
			lives: [2]int{5, 6}, scores: [2]int{5, 6}, at: [2]int{5, 4}},
		{name: "a chain's later fault is judged right after the action before it", p0: [2]int{5, 5}, p1: [2]int{12, 12},
			setup:  func(s *State) { s.pl[0].charge[Torpedo] = 3; s.pl[0].charge[Sonar] = 4 },
			answer: "MOVE N|TORPEDO 5 6|SONAR 0", removed: "Invalid sector on SONAR: SONAR 0", frames: 2,
			orders: "MOVE N|TORPEDO 5 6", lives: [2]int{-1, 6}, scores: [2]int{-1, 6}, at: [2]int{5, 4}},
		{name: "a removal freezes the opponent's score", p0: [2]int{5, 5}, p1: [2]int{7, 5},
			setup: func(s *State) {
				s.pl[0].charge[Torpedo] = 3
				s.pl[0].charge[Sonar] = 4
				s.pl[1].life, s.pl[1].score = 2, 2
			},
			answer: "TORPEDO 7 5|SONAR 10", removed: "Invalid sector on SONAR: SONAR 10", frames: 1,
			orders: "TORPEDO 7 5", lives: [2]int{-1, 0}, scores: [2]int{-1, 2}, at: [2]int{5, 5}},
		{name: "a kill ends the chain", p0: [2]int{5, 5}, p1: [2]int{7, 5},
			setup: func(s *State) {
				s.pl[0].charge[Torpedo] = 3
				s.pl[1].life, s.pl[1].score = 2, 2
			},
			answer: "TORPEDO 7 5|MOVE N", frames: 2, orders: "TORPEDO 7 5",
			lives: [2]int{6, 0}, scores: [2]int{6, 0}, at: [2]int{5, 5}},
	}
	for _, c := range cases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			s := testState(t, c.rows, c.p0, c.p1)
			if c.setup != nil {
				c.setup(s)
			}
			err, frames, summary := runTurn(t, s, c.answer)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != c.removed {
				t.Errorf("removal %q, want %q", got, c.removed)
			}
			if frames != c.frames {
				t.Errorf("%d frames, want %d", frames, c.frames)
			}
			if c.orders != "" {
				if o := s.Orders(0); o != c.orders {
					t.Errorf("orders %q, want %q", o, c.orders)
				}
			}
			if strings.Join(summary, "\n") != strings.Join(c.summary, "\n") {
				t.Errorf("summary %q, want %q", summary, c.summary)
			}
			if l := [2]int{s.Life(0), s.Life(1)}; l != c.lives {
				t.Errorf("lives %v, want %v", l, c.lives)
			}
			if sc := [2]int{s.Points(0), s.Points(1)}; sc != c.scores {
				t.Errorf("scores %v, want %v", sc, c.scores)
			}
			if c.at != [2]int{} {
				if x, y := s.Position(0); [2]int{x, y} != c.at {
					t.Errorf("at %d %d, want %v", x, y, c.at)
				}
			}
		})
	}
}

func TestStartCells(t *testing.T) {
	cases := []struct {
		line    string
		removed string
	}{
		{"3 4", ""},
		{"03 14", ""},
		{"3 4 ", "Cannot read initial coordinates. Expected format: 'X Y'"},
		{" 3 4", "Cannot read initial coordinates. Expected format: 'X Y'"},
		{"3  4", "Cannot read initial coordinates. Expected format: 'X Y'"},
		{"100 4", "Cannot read initial coordinates. Expected format: 'X Y'"},
		{"-1 4", "Cannot read initial coordinates. Expected format: 'X Y'"},
		{"15 4", "Invalid coordinates!"},
		{"4 5", "Invalid coordinates!"}, // an island
	}
	for _, c := range cases {
		s := New(1)
		b := &board{}
		b.island[cell(4, 5)] = true
		b.computeReach()
		s.b = b
		err := s.Answer(0, []string{c.line})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.removed {
			t.Errorf("%q: removal %q, want %q", c.line, got, c.removed)
		}
		// the other player still answers in the same frame
		if err := s.Answer(1, []string{"9 9"}); err != nil {
			t.Fatalf("%q: player 1: %v", c.line, err)
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
		if s.Done() != (c.removed != "") {
			t.Errorf("%q: done %v", c.line, s.Done())
		}
		if c.removed != "" && (s.Points(0) != -1 || s.Points(1) != StartLife || s.EndReason() != "invalid command by player 0") {
			t.Errorf("%q: points %d %d, end %q", c.line, s.Points(0), s.Points(1), s.EndReason())
		}
	}
}

func TestTimeout(t *testing.T) {
	s := testState(t, nil, [2]int{1, 1}, [2]int{9, 9})
	err := s.Answer(0, nil)
	d, ok := engine.Deactivated(err)
	if !ok || !d.Timeout || d.Reason != "Timeout!" || d.Player != 0 {
		t.Fatalf("answer with no line: %v", err)
	}
	if s.Active(0) {
		t.Error("timed-out player still active")
	}
	_ = s.Advance()
	if !s.Done() || s.EndReason() != "timeout by player 0" || s.Winner() != 1 {
		t.Errorf("done %v, end %q, winner %d", s.Done(), s.EndReason(), s.Winner())
	}
}

// TestSonarAndMinesNextTurn follows the effects that show a turn later: a
// sonar's answer in the player's own input, a mine laid one turn armed the
// next, and the opponent's orders in the input.
func TestSonarAndMinesNextTurn(t *testing.T) {
	s := testState(t, nil, [2]int{1, 1}, [2]int{13, 13})
	s.pl[0].charge[Sonar] = 4
	s.pl[0].charge[Mine] = 3
	if err, _, _ := runTurn(t, s, "SONAR 9|MINE S|MOVE E"); err != nil {
		t.Fatal(err)
	}
	in := s.InputLines(1)
	if want := []string{"13 13 6 6 3 4 6 3", "NA", "SONAR 9|MINE|MOVE E"}; strings.Join(in, "\n") != strings.Join(want, "\n") {
		t.Fatalf("player 1 input %q, want %q", in, want)
	}
	if err, _, _ := runTurn(t, s, "MOVE N"); err != nil {
		t.Fatal(err)
	}
	in = s.InputLines(0)
	if want := []string{"2 1 6 6 3 4 6 3", "Y", "MOVE N"}; strings.Join(in, "\n") != strings.Join(want, "\n") {
		t.Fatalf("player 0 input %q, want %q", in, want)
	}
	if err, _, _ := runTurn(t, s, "TRIGGER 1 2|MOVE E"); err != nil {
		t.Fatal(err)
	}
	// the mine at 1 2 is next to (2 1): one life for the trigger's owner
	if s.Life(0) != 5 || s.Life(1) != 6 || s.Orders(0) != "TRIGGER 1 2|MOVE E" {
		t.Fatalf("lives %d %d, orders %q", s.Life(0), s.Life(1), s.Orders(0))
	}
	// a blown mine is gone
	if err, _, _ := runTurn(t, s, "MOVE W"); err != nil {
		t.Fatal(err)
	}
	if err, _, _ := runTurn(t, s, "TRIGGER 1 2|MOVE E"); err != nil {
		t.Fatal(err)
	}
	if s.Orders(0) != "MOVE E" {
		t.Fatalf("orders %q after triggering a blown mine", s.Orders(0))
	}
}

// TestTurnLimit: the game stops in the frame where the turn counter would
// pass 598, asking nobody; equal lives tie.
func TestTurnLimit(t *testing.T) {
	s := testState(t, nil, [2]int{1, 1}, [2]int{13, 13})
	s.turn = MaxTurns // player 0 answers the last turn
	err, frames, _ := runTurn(t, s, "MOVE E|SONAR 1")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Done() || frames != 2 || s.Rounds() != MaxTurns+1 || s.EndReason() != "turn limit" || s.Winner() != -1 {
		t.Fatalf("done %v frames %d rounds %d end %q winner %d", s.Done(), frames, s.Rounds(), s.EndReason(), s.Winner())
	}
}

// TestChainFrames: each action of a chain takes a frame that asks nobody.
func TestChainFrames(t *testing.T) {
	s := testState(t, nil, [2]int{1, 1}, [2]int{13, 13})
	s.pl[0].charge[Silence] = 6
	s.pl[0].charge[Torpedo] = 3
	if err := s.Answer(0, []string{"MOVE E | SILENCE S 2|TORPEDO 1 1 | MSG x"}); err != nil {
		t.Fatal(err)
	}
	var pend []int
	for i := 0; i < 3; i++ {
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
		pend = append(pend, len(s.Pending()))
	}
	if pend[0] != 0 || pend[1] != 0 || pend[2] != 1 || s.Pending()[0] != 1 {
		t.Fatalf("pending counts %v", pend)
	}
	if s.Orders(0) != "MOVE E|SILENCE|TORPEDO 1 1" || s.Turn() != 4 || s.Rounds() != 2 {
		t.Fatalf("orders %q, frames %d, rounds %d", s.Orders(0), s.Turn(), s.Rounds())
	}
	if x, y := s.Position(0); x != 2 || y != 3 {
		t.Fatalf("at %d %d", x, y)
	}
}
