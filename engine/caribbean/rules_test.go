package caribbean

import (
	"errors"
	"strings"
	"testing"

	"cgpolicy/engine"
)

// layout builds a game by hand: per ships a side, given as player 0's then
// player 1's (Owner and ID are filled in), with full rum unless set.
func layout(per int, ships []Ship, mines []Mine, barrels []Barrel) *State {
	s := &State{per: per, nextID: 100, active: [2]bool{true, true}}
	for i, sh := range ships {
		sh.ID, sh.Owner, sh.Alive = i, i/per, true
		if sh.Rum == 0 {
			sh.Rum = MaxRum
		}
		s.ships[i] = sh
	}
	s.mines = append(make([]Mine, 0, 32), mines...)
	s.barrels = append(make([]Barrel, 0, 40), barrels...)
	s.balls = make([]Cannonball, 0, 16)
	s.explosions = make([]Coord, 0, 16)
	s.damage = make([]damageMark, 0, 32)
	s.startStep()
	return s
}

// turn gives both players' lines (nil: WAIT for every ship) and updates.
func turn(t *testing.T, s *State, p0, p1 []string) {
	t.Helper()
	for p, lines := range [2][]string{p0, p1} {
		if !s.asked[p] || s.answered[p] {
			continue
		}
		if lines == nil {
			for i := s.Alive(p); i > 0; i-- {
				lines = append(lines, "WAIT")
			}
		}
		if err := s.Answer(p, lines); err != nil {
			if _, ok := engine.Deactivated(err); !ok {
				t.Fatal(err)
			}
		}
	}
	if err := s.Advance(); err != nil {
		t.Fatal(err)
	}
}

// far is a ship parked where it meets nothing.
var far = Ship{Pos: Coord{20, 18}, Orient: 3}

func TestParseLine(t *testing.T) {
	// expectations checked against java.util.regex with the referee's
	// patterns
	for _, tc := range []struct {
		line string
		want Action
		msg  string
		has  bool
		ok   bool
	}{
		{"MOVE 1 2", Action{Move, 1, 2}, "", false, true},
		{"move 00000005 -7 hi there", Action{Move, 5, -7}, "hi there", true, true},
		{"MOVE 1\t\t2 msg", Action{Move, 1, 2}, "msg", true, true},
		{"MOVE 1 2 ", Action{}, "", false, false},
		{"MOVE 1 2  ", Action{Move, 1, 2}, " ", true, true},
		{"MOVE  1 2", Action{}, "", false, false},
		{"MOVE 3", Action{}, "", false, false},
		{"MOVE 123456789 2", Action{}, "", false, false},
		{"MOVE 12345678 -2", Action{Move, 12345678, -2}, "", false, true},
		{"FIRE -1 5", Action{Fire, -1, 5}, "", false, true},
		{"FIRE 123456789 2", Action{}, "", false, false},
		{"FIRE ", Action{}, "", false, false},
		{"fIrE 3 4 boom", Action{Fire, 3, 4}, "boom", true, true},
		{"WAIT", Action{Wait, 0, 0}, "", false, true},
		{"WAIT ", Action{}, "", false, false},
		{"WAIT  ", Action{Wait, 0, 0}, " ", true, true},
		{"WAIT\t\r", Action{}, "", false, false},
		{"WAIT  \u0085", Action{}, "", false, false},
		{"WAITING", Action{}, "", false, false},
		{"Starboard", Action{Kind: Starboard}, "", false, true},
		{"starboardx", Action{}, "", false, false},
		{"FASTER ARRR", Action{Kind: Faster}, "ARRR", true, true},
		{"slower", Action{Kind: Slower}, "", false, true},
		{"PORT\tleft", Action{Kind: Port}, "left", true, true},
		{"MINE", Action{Kind: LayMine}, "", false, true},
		{"MINE\u0085", Action{}, "", false, false},
		{"", Action{}, "", false, false},
	} {
		a, msg, has, ok := ParseLine(tc.line)
		if ok != tc.ok || a != tc.want || msg != tc.msg || has != tc.has {
			t.Errorf("ParseLine(%q) = %+v %q %v %v, want %+v %q %v %v", tc.line, a, msg, has, ok, tc.want, tc.msg, tc.has, tc.ok)
		}
	}
}

func TestHex(t *testing.T) {
	for _, tc := range []struct {
		from Coord
		o    int
		want Coord
	}{
		{Coord{5, 4}, 0, Coord{6, 4}}, {Coord{5, 4}, 1, Coord{5, 3}}, {Coord{5, 4}, 2, Coord{4, 3}},
		{Coord{5, 4}, 4, Coord{4, 5}}, {Coord{5, 5}, 1, Coord{6, 4}}, {Coord{5, 5}, 5, Coord{6, 6}},
		{Coord{5, 5}, 4, Coord{5, 6}},
		// a negative odd row takes the even steps, as the referee's y%2 == 1
		{Coord{0, -1}, 1, Coord{0, -2}},
	} {
		if got := tc.from.Neighbor(tc.o); got != tc.want {
			t.Errorf("%v.Neighbor(%d) = %v, want %v", tc.from, tc.o, got, tc.want)
		}
	}
	for _, tc := range []struct {
		a, b Coord
		d    int
	}{
		{Coord{5, 5}, Coord{5, 5}, 0}, {Coord{5, 5}, Coord{6, 4}, 1}, {Coord{5, 4}, Coord{6, 3}, 2},
		{Coord{0, 0}, Coord{22, 20}, 32}, {Coord{3, 3}, Coord{3, 9}, 6}, {Coord{6, 5}, Coord{12, 5}, 6},
	} {
		if got := tc.a.Distance(tc.b); got != tc.d || tc.b.Distance(tc.a) != tc.d {
			t.Errorf("distance %v-%v = %d, want %d", tc.a, tc.b, got, tc.d)
		}
	}
}

func TestAutopilot(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ship   Ship
		target Coord
		want   Kind
	}{
		{"on target", Ship{Pos: Coord{5, 5}, Speed: 1}, Coord{5, 5}, Slower},
		{"full speed", Ship{Pos: Coord{5, 5}, Speed: 2}, Coord{15, 5}, Slower},
		{"ahead from rest", Ship{Pos: Coord{5, 5}}, Coord{15, 5}, Faster},
		// straight behind: port and starboard tie, and so do their angles to
		// the centre (also straight ahead), so port wins for orientation 0
		{"behind from rest", Ship{Pos: Coord{5, 10}}, Coord{0, 10}, Port},
		{"next cell is the target", Ship{Pos: Coord{5, 5}, Speed: 1}, Coord{6, 5}, Wait},
		{"forward leaves the map", Ship{Pos: Coord{22, 5}, Speed: 1}, Coord{3, 5}, Slower},
		{"beside the target, wrong way", Ship{Pos: Coord{5, 4}, Speed: 1}, Coord{5, 3}, Slower},
	} {
		if got := tc.ship.autopilot(tc.target); got != tc.want {
			t.Errorf("%s: autopilot = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestMovement(t *testing.T) {
	t.Run("speeds up and sails", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		turn(t, s, []string{"FASTER"}, nil)
		if sh := s.ships[0]; sh.Pos != (Coord{6, 5}) || sh.Speed != 1 {
			t.Fatalf("after FASTER: %v speed %d", sh.Pos, sh.Speed)
		}
		turn(t, s, []string{"FASTER"}, nil)
		if sh := s.ships[0]; sh.Pos != (Coord{8, 5}) || sh.Speed != 2 || sh.Rum != 98 {
			t.Fatalf("after FASTER again: %v speed %d rum %d", sh.Pos, sh.Speed, sh.Rum)
		}
	})
	t.Run("map edge stops", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{21, 5}, Speed: 2}, far}, nil, nil)
		turn(t, s, nil, nil)
		if sh := s.ships[0]; sh.Pos != (Coord{22, 5}) || sh.Speed != 0 {
			t.Fatalf("%v speed %d, want 22,5 stopped", sh.Pos, sh.Speed)
		}
	})
	t.Run("head-on bows stop both", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}, Speed: 1}, {Pos: Coord{8, 5}, Orient: 3, Speed: 1}}, nil, nil)
		turn(t, s, nil, nil)
		a, b := s.ships[0], s.ships[1]
		if a.Pos != (Coord{5, 5}) || b.Pos != (Coord{8, 5}) || a.Speed != 0 || b.Speed != 0 {
			t.Fatalf("a %v v%d, b %v v%d", a.Pos, a.Speed, b.Pos, b.Speed)
		}
	})
	t.Run("a blocked turn stops the other ship too", func(t *testing.T) {
		// b sails to cover 6,4, where a's bow would turn to
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, {Pos: Coord{5, 4}, Speed: 1}}, nil, nil)
		turn(t, s, []string{"PORT"}, nil)
		a, b := s.ships[0], s.ships[1]
		if a.Orient != 0 || b.Pos != (Coord{6, 4}) || b.Speed != 0 {
			t.Fatalf("a orientation %d; b at %v speed %d", a.Orient, b.Pos, b.Speed)
		}
	})
	t.Run("free turn", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		turn(t, s, []string{"STARBOARD"}, nil)
		if s.ships[0].Orient != 5 {
			t.Fatalf("orientation %d, want 5", s.ships[0].Orient)
		}
	})
}

func TestCannon(t *testing.T) {
	t.Run("flight and listing", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		turn(t, s, []string{"FIRE 12 5"}, nil) // 6 from the bow: 3 turns
		var seen []string
		for k := 0; k < 5; k++ {
			left := "gone"
			for _, l := range s.InputLines(1) {
				if f := strings.Fields(l); len(f) == 8 && f[1] == "CANNONBALL" && f[2] == "12" && f[3] == "5" && f[4] == "0" {
					left = f[5]
				}
			}
			seen = append(seen, left)
			turn(t, s, nil, nil)
		}
		if got := strings.Join(seen, " "); got != "3 2 1 0 gone" {
			t.Fatalf("remaining turns listed %q, want 3 2 1 0 then gone", got)
		}
	})
	t.Run("out of range keeps the cooldown", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		turn(t, s, []string{"FIRE 17 5"}, nil) // 11 from the bow
		if len(s.balls) != 0 || s.ships[0].CannonCD != 0 {
			t.Fatalf("balls %v cooldown %d", s.balls, s.ships[0].CannonCD)
		}
		turn(t, s, []string{"FIRE 16 5"}, nil)
		if len(s.balls) != 1 || s.ships[0].CannonCD != CannonCooldown || s.balls[0].Flight != 1+3 {
			t.Fatalf("balls %v cooldown %d", s.balls, s.ships[0].CannonCD)
		}
		turn(t, s, []string{"FIRE 10 5"}, nil)
		if len(s.balls) != 1 {
			t.Fatal("fired during the cooldown")
		}
	})
	for _, tc := range []struct {
		name   string
		at     Coord
		rum    int
		after  int
		barrel int // rum dropped, 0 for none
	}{
		{"centre", Coord{10, 10}, 100, 49, 0},
		{"bow", Coord{11, 10}, 100, 74, 0},
		{"stern", Coord{9, 10}, 100, 74, 0},
		{"sinks with little rum", Coord{10, 10}, 20, 0, 19},
		{"sinks with much rum", Coord{10, 10}, 45, 0, 30},
	} {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := layout(1, []Ship{far, {Pos: Coord{10, 10}, Rum: tc.rum}}, nil, nil)
			s.balls = append(s.balls, Cannonball{ID: 50, Pos: tc.at, Remaining: 1, Flight: 2})
			turn(t, s, nil, nil)
			sh := s.ships[1]
			if sh.Rum != tc.after {
				t.Fatalf("rum %d, want %d", sh.Rum, tc.after)
			}
			if sunk := tc.after == 0; sh.Alive == sunk || s.Done() != sunk {
				t.Fatalf("alive %v, done %v", sh.Alive, s.Done())
			}
			if tc.barrel > 0 && (len(s.barrels) != 1 || s.barrels[0].Rum != tc.barrel || s.barrels[0].Pos != sh.Pos) {
				t.Fatalf("barrels %v, want %d rum at %v", s.barrels, tc.barrel, sh.Pos)
			}
		})
	}
}

func TestMines(t *testing.T) {
	t.Run("sailing onto a mine", func(t *testing.T) {
		// a's bow reaches the mine; b's stern is next to it
		s := layout(1, []Ship{{Pos: Coord{5, 5}, Speed: 1}, {Pos: Coord{8, 6}}}, []Mine{{ID: 40, Pos: Coord{7, 5}}}, nil)
		turn(t, s, nil, nil)
		if a, b := s.ships[0].Rum, s.ships[1].Rum; a != 74 || b != 89 || len(s.mines) != 0 {
			t.Fatalf("rum %d and %d, mines %v; want 74, 89, none", a, b, s.mines)
		}
	})
	t.Run("shot mine", func(t *testing.T) {
		s := layout(1, []Ship{far, {Pos: Coord{8, 6}}}, []Mine{{ID: 40, Pos: Coord{7, 5}}}, nil)
		s.balls = append(s.balls, Cannonball{ID: 50, Pos: Coord{7, 5}, Remaining: 1, Flight: 1})
		turn(t, s, nil, nil)
		if b := s.ships[1].Rum; b != 89 || len(s.mines) != 0 {
			t.Fatalf("rum %d, mines %v; want 89, none", b, s.mines)
		}
	})
	t.Run("laying and cooldown", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		turn(t, s, []string{"MINE"}, nil)
		if len(s.mines) != 1 || s.mines[0].Pos != (Coord{3, 5}) || s.ships[0].MineCD != MineCooldown {
			t.Fatalf("mines %v cooldown %d", s.mines, s.ships[0].MineCD)
		}
		turn(t, s, []string{"PORT"}, nil)
		turn(t, s, []string{"MINE"}, nil)
		if len(s.mines) != 1 {
			t.Fatalf("mine laid during the cooldown: %v", s.mines)
		}
	})
	t.Run("visibility", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, []Mine{{ID: 40, Pos: Coord{10, 5}}, {ID: 41, Pos: Coord{11, 5}}}, nil)
		in := strings.Join(s.InputLines(0), "\n")
		if !strings.Contains(in, "40 MINE 10 5") || strings.Contains(in, "41 MINE") {
			t.Fatalf("player 0 sees:\n%s", in)
		}
		if strings.Contains(strings.Join(s.InputLines(1), "\n"), "MINE") {
			t.Fatal("player 1 sees mines far from its ship")
		}
	})
}

func TestBarrelCap(t *testing.T) {
	s := layout(1, []Ship{{Pos: Coord{5, 5}, Speed: 1, Rum: 95}, far}, nil, []Barrel{{ID: 40, Pos: Coord{7, 5}, Rum: 20}})
	turn(t, s, nil, nil)
	if s.ships[0].Rum != MaxRum || len(s.barrels) != 0 {
		t.Fatalf("rum %d, barrels %v", s.ships[0].Rum, s.barrels)
	}
}

func TestDeactivation(t *testing.T) {
	t.Run("invalid line", func(t *testing.T) {
		// the ship keeps sailing after its player is out, and a barrel
		// still gives it rum
		s := layout(1, []Ship{{Pos: Coord{5, 5}, Speed: 1}, far}, nil, []Barrel{{ID: 40, Pos: Coord{7, 5}, Rum: 18}})
		err := s.Answer(0, []string{"MOVE 3"})
		d, ok := engine.Deactivated(err)
		if !ok || d.Player != 0 || d.Timeout || d.Reason != "invalid input. Expected 'A valid action' but found 'MOVE 3'" {
			t.Fatalf("verdict %v", err)
		}
		if !strings.Contains(s.InputLines(1)[3], " 0 0") {
			t.Fatalf("player 1 should see rum 0 at once: %q", s.InputLines(1)[3])
		}
		if err := s.Answer(1, []string{"WAIT"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
		if !s.Done() || s.EndReason() != "invalid command by player 0" || s.Points(0) != 18 || s.Active(0) {
			t.Fatalf("done %v %q, points %d", s.Done(), s.EndReason(), s.Points(0))
		}
	})
	t.Run("too few lines", func(t *testing.T) {
		s := layout(2, []Ship{{Pos: Coord{5, 5}}, {Pos: Coord{12, 5}}, far, {Pos: Coord{16, 14}}}, nil, nil)
		err := s.Answer(1, []string{"WAIT"})
		d, ok := engine.Deactivated(err)
		if !ok || !d.Timeout || d.Player != 1 {
			t.Fatalf("verdict %v", err)
		}
		turn(t, s, nil, nil)
		if s.EndReason() != "timeout by player 1" || s.Points(1) != 0 {
			t.Fatalf("%q, points %d", s.EndReason(), s.Points(1))
		}
	})
	t.Run("protocol", func(t *testing.T) {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		if err := s.Advance(); !errors.Is(err, engine.ErrProtocol) {
			t.Fatalf("advance before answers: %v", err)
		}
		_ = s.Answer(0, []string{"WAIT"})
		if err := s.Answer(0, []string{"WAIT"}); !errors.Is(err, engine.ErrProtocol) {
			t.Fatalf("second answer: %v", err)
		}
		if err := s.AnswerActions(1, []Action{{}, {}}); !errors.Is(err, engine.ErrProtocol) {
			t.Fatalf("two orders for one ship: %v", err)
		}
	})
}

func TestReadAhead(t *testing.T) {
	for _, on := range []bool{false, true} {
		s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
		s.SetReadAhead(on)
		turn(t, s, []string{"WAIT", "PORT"}, nil)
		err := s.Answer(0, nil)
		if on && (err != nil || s.ships[0].act != Port) {
			t.Fatalf("read ahead: %v, order %v", err, s.ships[0].act)
		}
		if d, ok := engine.Deactivated(err); !on && (!ok || !d.Timeout) {
			t.Fatalf("without read ahead: %v", err)
		}
	}
}

func TestTurnLimit(t *testing.T) {
	s := layout(1, []Ship{{Pos: Coord{5, 5}}, far}, nil, nil)
	s.turn = MaxTurns - 2
	turn(t, s, nil, nil)
	if s.Done() {
		t.Fatalf("over after %d turns", s.Turn())
	}
	turn(t, s, nil, nil)
	if !s.Done() || s.EndReason() != "turn limit" || s.Turn() != MaxTurns {
		t.Fatalf("done %v %q after %d", s.Done(), s.EndReason(), s.Turn())
	}
}

// TestObserverRejects: the observer refuses input that no referee sends.
func TestObserverRejects(t *testing.T) {
	for _, in := range [][]string{
		{}, {"1"}, {"1", "2", "0 SHIP 1 1 0 0 100 1"}, {"1", "1", "0 SHIP 1 1 0 0 100 0"},
		{"1", "1", "0 BOAT 1 1 0 0 100 1"}, {"0", "1", "0 SHIP 1 1 x 0 100 0"},
	} {
		if _, err := new(Observer).ObserveView(in); err == nil {
			t.Errorf("input %q accepted", in)
		}
	}
	s := New(1)
	v, err := new(Observer).ObserveView(s.InputLines(0))
	if err != nil || v.String() != s.View(0).String() {
		t.Fatalf("observer %v:\n%v\nwant\n%v", err, v, s.View(0))
	}
}
