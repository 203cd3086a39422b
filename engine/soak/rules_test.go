package soak

import (
	"errors"
	"fmt"
	"math/rand"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/enginetest"
)

func newTestRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }

// mkState builds a game on a hand-drawn map ('.' floor, 'o' low cover, 'X'
// high cover). Agents are given in id order, player 0's first, half each.
func mkState(t *testing.T, rows []string, agents ...Agent) *State {
	t.Helper()
	h, w := len(rows), len(rows[0])
	tiles := make([]Tile, w*h)
	for y, r := range rows {
		for x, c := range r {
			switch c {
			case 'o':
				tiles[y*w+x] = LowCover
			case 'X':
				tiles[y*w+x] = HighCover
			}
		}
	}
	if len(agents)%2 != 0 {
		t.Fatal("teams must be the same size")
	}
	s := &State{b: newBoard(w, h, tiles), n: len(agents), per: len(agents) / 2, active: [2]bool{true, true}}
	for i, a := range agents {
		a.ID, a.Owner, a.Alive = i+1, i/s.per, true
		if a.Bombs == 0 && a.Class == Bomber {
			a.Bombs = 3
		}
		s.agents[i] = a
	}
	return s
}

func at(x, y int, c Class) Agent { return Agent{X: x, Y: y, Class: c} }

var open6x3 = []string{"......", "......", "......"}

func TestShotDamage(t *testing.T) {
	tests := []struct {
		name    string
		rows    []string
		shooter Agent
		target  Agent
		hunker  bool
		want    int // wetness of the target afterwards; 0 also when no shot
	}{
		{"optimal range", []string{"......"}, at(0, 0, Gunner), at(4, 0, Sniper), false, 16},
		{"half range", []string{"......"}, at(0, 0, Gunner), at(5, 0, Sniper), false, 8},
		{"out of range", []string{".........."}, at(0, 0, Gunner), at(9, 0, Sniper), false, 0},
		{"low cover", []string{"..o..."}, at(0, 0, Gunner), at(3, 0, Sniper), false, 8},
		{"high cover", []string{"..X..."}, at(0, 0, Gunner), at(3, 0, Sniper), false, 4},
		{"cover next to shooter ignored", []string{"..X..."}, at(1, 0, Gunner), at(3, 0, Sniper), false, 16},
		{"cover on the far side ignored", []string{"....X."}, at(0, 0, Gunner), at(3, 0, Sniper), false, 16},
		{"best of two axes, half range", []string{"....", "....", "...X", "..o."}, at(0, 0, Gunner), at(3, 3, Sniper), false, 2},
		{"no cover on an axis at distance 1", []string{"..", "..", "..", "o."}, at(0, 0, Gunner), at(1, 3, Sniper), false, 16},
		{"hunker in the open", []string{"......"}, at(0, 0, Gunner), at(3, 0, Sniper), true, 12},
		{"hunker behind high cover", []string{"..X..."}, at(0, 0, Gunner), at(3, 0, Sniper), true, 0},
		{"bomber far, low cover, hunker", []string{"..o..."}, at(0, 0, Bomber), at(3, 0, Gunner), true, 1},
		{"berserker point blank", []string{"......"}, at(0, 0, Berserker), at(1, 0, Gunner), false, 32},
		{"sniper at twice its range", []string{"..............", "..............", ".............."}, at(0, 0, Sniper), at(11, 1, Gunner), false, 12},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, tc.rows, tc.shooter, tc.target)
			acts := [2][]Action{{{Agent: 1, Combat: Shoot, ShootID: 2}}, nil}
			if tc.hunker {
				acts[1] = []Action{{Agent: 2, Combat: Hunker}}
			}
			s.Step(&acts)
			if got := s.agents[1].Wetness; got != tc.want {
				t.Errorf("wetness %d, want %d", got, tc.want)
			}
			cd := 0
			if tc.want > 0 || tc.name == "hunker behind high cover" {
				cd = tc.shooter.Class.Stats().Cooldown
			}
			if got := s.agents[0].Cooldown; got != cd {
				t.Errorf("cooldown shown next turn %d, want %d", got, cd)
			}
		})
	}
}

func TestShotErrors(t *testing.T) {
	tests := []struct {
		name   string
		target int
		cool   int
		want   eventKind
	}{
		{"on cooldown", 2, 1, evCooldown},
		{"no such agent", 7, 0, evNoTarget},
		{"self", 1, 0, evSelf},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, open6x3, at(0, 0, Gunner), at(2, 0, Gunner))
			s.agents[0].Cooldown = tc.cool
			s.Step(&[2][]Action{{{Agent: 1, Combat: Shoot, ShootID: tc.target}}, nil})
			if s.nEvents != 1 || s.events[0].kind != tc.want {
				t.Fatalf("events %v, want one of kind %d", s.events[:s.nEvents], tc.want)
			}
			if s.agents[1].Wetness != 0 || s.agents[0].Wetness != 0 {
				t.Error("a failed shot did damage")
			}
		})
	}
}

type pos struct{ x, y int }

func TestCollisions(t *testing.T) {
	mv := func(id, x, y int) Action { return Action{Agent: id, Move: true, MoveX: x, MoveY: y} }
	tests := []struct {
		name   string
		agents []Agent
		p0, p1 []Action
		want   []pos
	}{
		{"free step", []Agent{at(1, 1, Gunner), at(4, 1, Gunner)},
			[]Action{mv(1, 2, 1)}, nil, []pos{{2, 1}, {4, 1}}},
		{"onto a standing agent", []Agent{at(1, 1, Gunner), at(2, 1, Gunner)},
			[]Action{mv(1, 2, 1)}, nil, []pos{{1, 1}, {2, 1}}},
		{"swap", []Agent{at(1, 1, Gunner), at(2, 1, Gunner)},
			[]Action{mv(1, 2, 1)}, []Action{mv(2, 1, 1)}, []pos{{1, 1}, {2, 1}}},
		{"same cell", []Agent{at(1, 1, Gunner), at(3, 1, Gunner)},
			[]Action{mv(1, 2, 1)}, []Action{mv(2, 2, 1)}, []pos{{1, 1}, {3, 1}}},
		{"follow the leader", []Agent{at(1, 1, Gunner), at(2, 1, Sniper), at(5, 2, Gunner), at(0, 0, Sniper)},
			[]Action{mv(1, 2, 1), mv(2, 3, 1)}, nil, []pos{{2, 1}, {3, 1}, {5, 2}, {0, 0}}},
		{"cascade from a standing agent", []Agent{at(1, 1, Gunner), at(2, 1, Sniper), at(3, 1, Gunner), at(0, 0, Sniper)},
			[]Action{mv(1, 2, 1), mv(2, 3, 1)}, nil, []pos{{1, 1}, {2, 1}, {3, 1}, {0, 0}}},
		{"cascade from a same-cell clash", []Agent{at(1, 1, Gunner), at(2, 1, Sniper), at(3, 2, Gunner), at(5, 0, Sniper)},
			[]Action{mv(1, 2, 1), mv(2, 2, 2)}, []Action{mv(3, 2, 2)}, []pos{{1, 1}, {2, 1}, {3, 2}, {5, 0}}},
		{"a stay order is no move", []Agent{at(1, 1, Gunner), at(2, 1, Gunner)},
			[]Action{mv(1, 2, 1)}, []Action{mv(2, 2, 1)}, []pos{{1, 1}, {2, 1}}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, open6x3, tc.agents...)
			s.Step(&[2][]Action{tc.p0, tc.p1})
			for i, w := range tc.want {
				if a := s.agents[i]; a.X != w.x || a.Y != w.y {
					t.Errorf("agent %d at (%d,%d), want (%d,%d)", a.ID, a.X, a.Y, w.x, w.y)
				}
			}
		})
	}
}

func TestPathChoice(t *testing.T) {
	tests := []struct {
		name   string
		rows   []string
		agents []Agent // agent 1 moves
		tx, ty int
		want   pos
	}{
		{"ties go far from the centre", []string{"...", "..."},
			[]Agent{at(0, 0, Gunner), at(2, 0, Gunner)}, 1, 1, pos{0, 1}},
		{"occupied cells lose ties", []string{"...", "..."},
			[]Agent{at(0, 0, Gunner), at(0, 1, Gunner)}, 1, 1, pos{1, 0}},
		{"wall target: nearest reachable cell", []string{"..X..."},
			[]Agent{at(0, 0, Gunner), at(5, 0, Gunner)}, 2, 0, pos{1, 0}},
		{"off-map target", []string{"......"},
			[]Agent{at(0, 0, Gunner), at(5, 0, Gunner)}, 9, 0, pos{1, 0}},
		// Java's int distance from (0,0) to this target wraps to the most
		// negative int, so the far corner becomes the "nearest" cell
		{"huge target wraps like Java ints", []string{".X.", "...", "X.X"},
			[]Agent{at(2, 1, Gunner), at(2, 0, Gunner)}, 2147483647, 1, pos{1, 1}},
		{"around a wall", []string{"...", ".X.", "..."},
			[]Agent{at(1, 0, Gunner), at(0, 0, Gunner)}, 1, 2, pos{2, 0}},
		{"already there", []string{"...."},
			[]Agent{at(1, 0, Gunner), at(3, 0, Gunner)}, 1, 0, pos{1, 0}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, tc.rows, tc.agents...)
			s.Step(&[2][]Action{{{Agent: 1, Move: true, MoveX: tc.tx, MoveY: tc.ty}}, nil})
			if a := s.agents[0]; a.X != tc.want.x || a.Y != tc.want.y {
				t.Errorf("agent at (%d,%d), want (%d,%d)", a.X, a.Y, tc.want.x, tc.want.y)
			}
		})
	}
}

func TestThrows(t *testing.T) {
	tests := []struct {
		name   string
		tx, ty int
		bombs  int
		want   []int // wetness of agents 1..4
		event  bool
	}{
		{"splash hits all in 3x3, own team too", 2, 1, 1, []int{30, 30, 30, 0}, false},
		{"cover cell is a fine target", 3, 2, 1, []int{0, 30, 30, 30}, false},
		{"too far", 5, 1, 1, []int{0, 0, 0, 0}, true},
		{"off the map", -1, 0, 1, []int{0, 0, 0, 0}, true},
		{"no bomb left", 2, 1, 0, []int{0, 0, 0, 0}, true},
	}
	rows := []string{"......", "......", "...X..", "......"}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, rows, at(1, 0, Assault), at(3, 1, Gunner), at(2, 2, Gunner), at(4, 3, Gunner))
			s.agents[0].Bombs = tc.bombs
			s.Step(&[2][]Action{{{Agent: 1, Combat: Throw, ThrowX: tc.tx, ThrowY: tc.ty}}, nil})
			for i, w := range tc.want {
				if got := s.agents[i].Wetness; got != w {
					t.Errorf("agent %d wetness %d, want %d", i+1, got, w)
				}
			}
			if (s.nEvents > 0) != tc.event {
				t.Errorf("events %v, want error %v", s.events[:s.nEvents], tc.event)
			}
			wantBombs := tc.bombs
			if !tc.event {
				wantBombs--
			}
			if s.agents[0].Bombs != wantBombs {
				t.Errorf("bombs %d, want %d", s.agents[0].Bombs, wantBombs)
			}
		})
	}
}

func TestControlZones(t *testing.T) {
	tests := []struct {
		name   string
		wet    [2]int
		points [2]int
	}{
		// 7 cells: p0 at x=0, p1 at x=6; distance doubled at 50 wetness
		{"even", [2]int{0, 0}, [2]int{0, 0}},
		{"49 is not wet", [2]int{0, 49}, [2]int{0, 0}},
		{"p1 wet", [2]int{0, 50}, [2]int{2, 0}},
		{"p0 wet", [2]int{70, 0}, [2]int{0, 2}},
		{"both wet", [2]int{50, 99}, [2]int{0, 0}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, []string{"......."}, at(0, 0, Gunner), at(6, 0, Gunner))
			s.agents[0].Wetness, s.agents[1].Wetness = tc.wet[0], tc.wet[1]
			s.Step(nil)
			if got := [2]int{s.Points(0), s.Points(1)}; got != tc.points {
				t.Errorf("points %v, want %v", got, tc.points)
			}
		})
	}
}

func TestEndOfGame(t *testing.T) {
	shoot := func(id, target int) []Action { return []Action{{Agent: id, Combat: Shoot, ShootID: target}} }
	tests := []struct {
		name      string
		setup     func(s *State)
		acts      [2][]Action
		wantTurns int // referee turns until the end
		scores    []int
	}{
		{"elimination plays one more turn", func(s *State) { s.agents[1].Wetness = 90 },
			[2][]Action{shoot(1, 2), nil}, 2, []int{4, -1}},
		{"both wiped out keep their points", func(s *State) {
			s.agents[0].Wetness, s.agents[1].Wetness = 90, 90
			s.points = [2]int{3, 5}
		}, [2][]Action{shoot(1, 2), shoot(2, 1)}, 2, []int{3, 5}},
		{"a lead over 600 ends it", func(s *State) { s.points = [2]int{600, 0}; s.agents[1].Wetness = 60 },
			[2][]Action{nil, nil}, 1, []int{601, 0}},
		{"a lead of exactly 600 does not", func(s *State) { s.points = [2]int{600, 1}; s.agents[1].Wetness = 60 },
			[2][]Action{nil, nil}, 2, []int{602, 1}},
		{"turn limit", func(s *State) { s.turn = MaxTurns - 1 }, [2][]Action{nil, nil}, 1, []int{0, 0}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, []string{"...."}, at(0, 0, Gunner), at(3, 0, Gunner))
			tc.setup(s)
			start := s.turn
			acts := tc.acts
			for i := 0; !s.Done() && i < 10; i++ {
				s.Step(&acts)
				acts = [2][]Action{}
			}
			if !s.Done() {
				t.Fatal("game not over")
			}
			if got := s.turn - start; got != tc.wantTurns {
				t.Errorf("referee turns %d, want %d", got, tc.wantTurns)
			}
			if got := s.Scores(); got[0] != tc.scores[0] || got[1] != tc.scores[1] {
				t.Errorf("scores %v, want %v", got, tc.scores)
			}
		})
	}
}

func TestParseAction(t *testing.T) {
	mv := func(x, y int) Action { return Action{Agent: 1, Move: true, MoveX: x, MoveY: y} }
	tests := []struct {
		line  string
		want  Action
		fatal bool
	}{
		{"1;MOVE 3 4", mv(3, 4), false},
		{"move 3 4", mv(3, 4), false},
		{"1; MOVE 3 4 ", mv(3, 4), false},
		{"1;MOVE 3 4;", mv(3, 4), false},
		{"+1;MOVE 3 4", mv(3, 4), false},
		{"\u0661;MOVE 3 4", mv(3, 4), false}, // Arabic-Indic one: parseInt reads it
		{"1;MOVE 1 2;MOVE 3 4", mv(3, 4), false},
		{"1;SHOOT 5;HUNKER_DOWN", Action{Agent: 1, Combat: Hunker}, false},
		{"1;HUNKER_DOWN;SHOOT 5", Action{Agent: 1, Combat: Shoot, ShootID: 5}, false},
		{"WAIT", Action{Agent: 1, Combat: Hunker}, false},
		{"1;wait", Action{Agent: 1, Combat: Hunker}, false},
		{"1;THROW -1 -2", Action{Agent: 1, Combat: Throw, ThrowX: -1, ThrowY: -2}, false},
		{"1;MESSAGE hello world", Action{Agent: 1}, false},
		{"1;MESSAGE hello; world", Action{}, true},
		{"1;MOVE 1 2;SHOOT 4;MESSAGE m;garbage", Action{Agent: 1, Move: true, MoveX: 1, MoveY: 2, Combat: Shoot, ShootID: 4}, false},
		{"1;MESSAGE m;MOVE 1 2;SHOOT 4;MOVE 9 9", Action{Agent: 1, Move: true, MoveX: 1, MoveY: 2, Combat: Shoot, ShootID: 4}, false},
		{";", Action{Agent: 1}, false},
		{";;;", Action{Agent: 1}, false},
		{"3;SHOOT 4", Action{Agent: 3, Combat: Shoot, ShootID: 4}, false},
		{"", Action{}, true},
		{" ;", Action{}, true},
		{"1;", Action{}, true},
		{"1", Action{}, true},
		{" 1;MOVE 3 4", Action{}, true},
		{"1;MOVE -1 2", Action{}, true},
		{"1;SHOOT -2", Action{}, true},
		{"1;MOVE 1  2", Action{}, true},
		{"1;MOVE 1 2 3", Action{}, true},
		{"1;;MOVE 1 2", Action{}, true},
		{"1;MESSAGE", Action{}, true},
		{"1;MESSAGE   ", Action{}, true},
		{"1;MOVE 99999999999 2", Action{}, true},
		{"1;THROW 1 -2147483649", Action{}, true},
		{"1;HUNKER_DOWNX", Action{}, true},
		{"1;MOVE 1 2;JUMP", Action{}, true},
		{"1;MOVE\t1 2", Action{}, true},
		{"1;MOVE \u0661 2", Action{}, true}, // the regex's \d is ASCII only
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.line, func(t *testing.T) {
			got, err := ParseAction(tc.line, 1)
			var bad *InvalidInput
			if tc.fatal {
				if !errors.As(err, &bad) {
					t.Fatalf("got %+v, %v; want an invalid-input error", got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestAnswer(t *testing.T) {
	tests := []struct {
		name    string
		lines   []string
		err     error // nil, ErrTimeout, or an *InvalidInput (any)
		active  bool
		wantPos pos // agent 1 after the turn
	}{
		{"ok", []string{"1;MOVE 1 0", "2;HUNKER_DOWN"}, nil, true, pos{1, 0}},
		{"lines without ids go in agent order", []string{"MOVE 1 0", "HUNKER_DOWN"}, nil, true, pos{1, 0}},
		{"orders merge across lines", []string{"1;MOVE 0 1;SHOOT 3;MESSAGE a", "1;junk"}, nil, true, pos{0, 1}},
		{"too few lines", []string{"1;MOVE 1 0"}, ErrTimeout, false, pos{0, 0}},
		{"extra lines are not read", []string{"1;MOVE 1 0", "2;WAIT", "garbage"}, nil, true, pos{1, 0}},
		{"enemy id", []string{"1;MOVE 1 0", "3;MOVE 2 2"}, &InvalidInput{}, false, pos{1, 0}},
		{"bad line still lets the others act", []string{"FIRE", "1;MOVE 1 0"}, &InvalidInput{}, false, pos{1, 0}},
	}
	for _, tc := range tests {
		tc := tc
		t.Run(tc.name, func(t *testing.T) {
			s := mkState(t, []string{"....", "....", "...."}, at(0, 0, Gunner), at(0, 2, Sniper), at(3, 0, Gunner), at(3, 2, Sniper))
			err := s.Answer(0, tc.lines)
			var bad *InvalidInput
			switch {
			case tc.err == nil && err != nil,
				tc.err == ErrTimeout && !errors.Is(err, ErrTimeout),
				tc.err != nil && tc.err != ErrTimeout && !errors.As(err, &bad):
				t.Fatalf("Answer error %v, want %v", err, tc.err)
			}
			if d, ok := engine.Deactivated(err); (tc.err != nil) != ok || ok && (d.Player != 0 || d.Timeout != (tc.err == ErrTimeout)) {
				t.Fatalf("Answer error %#v: want a deactivation of player 0 (timeout %v) exactly when the answer is bad", err, tc.err == ErrTimeout)
			}
			if err := s.Answer(1, []string{"WAIT", "WAIT"}); err != nil {
				t.Fatal(err)
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
			if s.active[0] != tc.active {
				t.Errorf("active %v, want %v", s.active[0], tc.active)
			}
			if s.Done() == tc.active {
				t.Errorf("done %v after a turn with active=%v", s.Done(), tc.active)
			}
			if !tc.active && s.Scores()[0] != -1 {
				t.Errorf("scores %v, want -1 for player 0", s.Scores())
			}
			if a := s.agents[0]; a.X != tc.wantPos.x || a.Y != tc.wantPos.y {
				t.Errorf("agent 1 at (%d,%d), want (%d,%d)", a.X, a.Y, tc.wantPos.x, tc.wantPos.y)
			}
		})
	}
}

func TestDeadAgentID(t *testing.T) {
	s := mkState(t, open6x3, at(0, 0, Gunner), at(0, 2, Sniper), at(5, 0, Gunner), at(5, 2, Sniper))
	s.agents[0].Alive = false
	var bad *InvalidInput
	if err := s.Answer(0, []string{"1;HUNKER_DOWN"}); !errors.As(err, &bad) {
		t.Fatalf("order to a dead agent: %v, want invalid input", err)
	}
}

func TestFromInput(t *testing.T) {
	s, err := New(7)
	if err != nil {
		t.Fatal(err)
	}
	// play a few random turns so positions, wetness and cooldowns vary
	var acts [2][]Action
	var buf []Action
	rng := newTestRand(3)
	for i := 0; i < 6 && !s.Done(); i++ {
		for p := 0; p < 2; p++ {
			acts[p], buf = s.RandomActions(p, rng, acts[p][:0], buf)
		}
		s.Step(&acts)
	}
	for p := 0; p < 2; p++ {
		got, me, err := FromInput(s.InitLines(p), s.InputLines(p))
		if err != nil {
			t.Fatal(err)
		}
		if me != p {
			t.Errorf("me = %d, want %d", me, p)
		}
		if got.Agents()[0] != s.Agents()[0] || got.Width() != s.Width() || got.Tile(3, 3) != s.Tile(3, 3) {
			t.Errorf("rebuilt state differs")
		}
		for i, a := range s.Agents() {
			if got.Agents()[i] != a {
				t.Errorf("agent %d: %+v, want %+v", a.ID, got.Agents()[i], a)
			}
		}
		// the same orders give the same next turn
		a, b := s.Copy(), got
		a.Step(&acts)
		b.Step(&acts)
		for i := range a.Agents() {
			if a.Agents()[i] != b.Agents()[i] {
				t.Errorf("after a step agent %d: %+v, want %+v", i+1, b.Agents()[i], a.Agents()[i])
			}
		}
	}
	if _, _, err := FromInput([]string{"0", "x"}, nil); err == nil {
		t.Error("FromInput accepted garbage")
	}
}

// The typed answer must leave the state exactly as the text answer of the
// same orders does, and disqualify where the text would.
func TestAnswerActionsMatchesText(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		text, typed, rng := enginetest.Twins[*State, *View, Action](t, Fast{}, seed)
		var buf []Action
		for turn := 0; !text.Done() && turn < 200; turn++ {
			for p := 0; p < 2; p++ {
				if len(text.Pending()) == 0 {
					break
				}
				var acts []Action
				acts, buf = text.RandomActions(p, rng, nil, buf)
				lines := make([]string, len(acts))
				for i, a := range acts {
					lines[i] = FormatAction(a)
				}
				text.InputLines(p)
				typed.InputLines(p)
				errText := text.Answer(p, lines)
				errTyped := typed.AnswerActions(p, acts)
				if (errText == nil) != (errTyped == nil) {
					t.Fatalf("seed %d turn %d: text error %v, typed error %v", seed, turn, errText, errTyped)
				}
			}
			if err := text.Advance(); err != nil {
				t.Fatal(err)
			}
			if err := typed.Advance(); err != nil {
				t.Fatal(err)
			}
			if a, b := fmt.Sprint(text.Agents(), text.Points(0), text.Points(1)), fmt.Sprint(typed.Agents(), typed.Points(0), typed.Points(1)); a != b {
				t.Fatalf("seed %d turn %d: states differ\ntext  %s\ntyped %s", seed, turn, a, b)
			}
		}
	}
}

func TestAnswerActionsDisqualifies(t *testing.T) {
	tests := []struct {
		name string
		act  func(s *State) Action
	}{
		{"enemy agent", func(s *State) Action { return Action{Agent: s.PlayerAgents(1)[0].ID, Combat: Hunker} }},
		{"unknown agent", func(*State) Action { return Action{Agent: 99, Combat: Hunker} }},
		{"negative move", func(s *State) Action { return Action{Agent: s.PlayerAgents(0)[0].ID, Move: true, MoveX: -1} }},
		{"negative shoot", func(s *State) Action { return Action{Agent: s.PlayerAgents(0)[0].ID, Combat: Shoot, ShootID: -3} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(5)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.AnswerActions(0, []Action{tc.act(s)}); err == nil {
				t.Fatal("no error")
			}
			if s.Active(0) {
				t.Fatal("player still active")
			}
			if err := s.AnswerActions(0, nil); !errors.Is(err, engine.ErrProtocol) {
				t.Fatalf("second answer: %v, want ErrProtocol", err)
			}
		})
	}
}
