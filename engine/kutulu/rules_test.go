package kutulu

import (
	"slices"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// testRows is a small maze: explorers start in the corners, (4,3) is a
// floor cell walled in, 'w' are wanderer spawns and (3,4) a shelter.
var testRows = []string{
	"#########",
	"#S..w..S#",
	"#...#...#",
	"#..#.#..#",
	"#..U#...#",
	"#S..w..S#",
	"#########",
}

// testState is a game on testRows in turn 1 (no wanderer spawns), with
// fixed constants: sanity loss 4 alone and 2 in a group, wanderers spawning
// in 3 turns and living 30.
func testState(t *testing.T) *State {
	t.Helper()
	s := &State{rnd: *jrand.NewRandom(1), lonelyLoss: 4, groupLoss: 2, spawnTime: 3, lifeTime: 30}
	s.setup(newBoard(&maze{name: "test", rows: testRows}))
	s.turn = 1
	return s
}

func (s *State) put(p, x, y int) {
	c, ok := s.b.cell(x, y)
	if !ok || !s.b.walk[c] {
		panic("put on a wall")
	}
	s.ex[p].cell = c
}

func (s *State) addMinion(kind, x, y, state int) *minion {
	c, _ := s.b.cell(x, y)
	m := s.newMinion(kind, c)
	m.state = state
	return m
}

// turn plays one turn: lines[p] is p's answer, WAIT when absent, no line at
// all for "<timeout>". It returns the summary and the removals.
func turn(t *testing.T, s *State, lines ...string) ([]string, []error) {
	t.Helper()
	var errs []error
	for _, p := range s.Pending() {
		line := "WAIT"
		if p < len(lines) && lines[p] != "" {
			line = lines[p]
		}
		ans := []string{line}
		if line == "<timeout>" {
			ans = nil
		}
		if err := s.Answer(p, ans); err != nil {
			if _, ok := engine.Deactivated(err); !ok {
				t.Fatalf("player %d: %v", p, err)
			}
			errs = append(errs, err)
		}
	}
	if err := s.Advance(); err != nil {
		t.Fatal(err)
	}
	return s.Summary(), errs
}

func (s *State) pos(p int) [2]int {
	x, y := s.b.xy(s.ex[p].cell)
	return [2]int{x, y}
}

func TestParseLine(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want Action
	}{
		{"MOVE 3 4", true, Action{Kind: Move, X: 3, Y: 4}},
		{"move 3 4 go there", true, Action{Kind: Move, X: 3, Y: 4}},
		{"MoVe -1 0\t", true, Action{Kind: Move, X: -1}},
		{"MOVE -0 0012", true, Action{Kind: Move, Y: 12}},
		{"MOVE 2147483647 -2147483648", true, Action{Kind: Move, X: 1<<31 - 1, Y: -1 << 31}},
		{"MOVE 99999999999 2", false, Action{}},
		{"MOVE  3 4", false, Action{}},
		{"MOVE 3", false, Action{}},
		{"MOVE 3 4x", false, Action{}},
		{"MOVE", false, Action{}},
		{"WAIT", true, Action{}},
		{"wait  ", true, Action{}},
		{"WAIT and see", true, Action{}},
		{"WAIT!", false, Action{}},
		{" WAIT", false, Action{}},
		{"", false, Action{}},
		{"UP", true, Action{Kind: Up}},
		{"down", true, Action{Kind: Down}},
		{"Left x", true, Action{Kind: Left}},
		{"RIGHT", true, Action{Kind: Right}},
		{"PLAN", true, Action{Kind: Plan}},
		{"LIGHT\r", true, Action{Kind: Light}},
		{"YELL boo\u2028", true, Action{Kind: Yell}},
		{"YELL a\nb", false, Action{}},
		{"YELL a\u2028b", false, Action{}},
		{"FOO", false, Action{}},
		{"WAIT_", false, Action{}},
	}
	for _, c := range cases {
		got, ok := ParseLine(c.line)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("ParseLine(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func TestMoves(t *testing.T) {
	const invalid = "Invalid move from $0"
	cases := []struct {
		name    string
		from    [2]int
		line    string
		want    [2]int
		summary string
	}{
		{"straight", [2]int{1, 1}, "MOVE 3 1", [2]int{2, 1}, ""},
		{"down", [2]int{1, 1}, "MOVE 1 4", [2]int{1, 2}, ""},
		{"ties go up, right, down, left", [2]int{1, 1}, "MOVE 2 3", [2]int{2, 1}, ""},
		{"around a wall", [2]int{3, 2}, "MOVE 5 2", [2]int{3, 1}, ""},
		{"wall", [2]int{1, 1}, "MOVE 0 0", [2]int{1, 1}, invalid},
		{"off the map", [2]int{1, 1}, "MOVE 20 3", [2]int{1, 1}, invalid},
		{"own cell", [2]int{1, 1}, "MOVE 1 1", [2]int{1, 1}, invalid},
		{"unreachable", [2]int{1, 1}, "MOVE 4 3", [2]int{1, 1}, invalid},
		{"step", [2]int{1, 1}, "DOWN", [2]int{1, 2}, ""},
		{"step into a wall", [2]int{1, 1}, "UP", [2]int{1, 1}, invalid},
		{"lower case step", [2]int{2, 2}, "left", [2]int{1, 2}, ""},
		{"wait", [2]int{1, 1}, "WAIT", [2]int{1, 1}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testState(t)
			s.put(0, c.from[0], c.from[1])
			sum, _ := turn(t, s, c.line)
			if s.pos(0) != c.want {
				t.Errorf("at %v, want %v", s.pos(0), c.want)
			}
			if got := strings.Join(sum, "|"); got != c.summary {
				t.Errorf("summary %q, want %q", got, c.summary)
			}
		})
	}
}

func TestSanity(t *testing.T) {
	cases := []struct {
		name  string
		setup func(s *State)
		want  [Players]int
	}{
		{"alone", func(s *State) {}, [Players]int{246, 246, 246, 246}},
		{"two close", func(s *State) { s.put(1, 3, 1) }, [Players]int{248, 248, 246, 246}},
		{"close by manhattan, not by path", func(s *State) { s.put(0, 3, 2); s.put(1, 5, 2) }, [Players]int{248, 248, 246, 246}},
		{"three apart", func(s *State) { s.put(1, 4, 1) }, [Players]int{246, 246, 246, 246}},
		{"last explorer", func(s *State) {
			for p := 1; p < Players; p++ {
				s.remove(p, outMad)
			}
		}, [Players]int{200, 0, 0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testState(t)
			c.setup(s)
			turn(t, s)
			var got [Players]int
			for p := range got {
				got[p] = s.Sanity(p)
			}
			if got != c.want {
				t.Errorf("sanity %v, want %v", got, c.want)
			}
		})
	}
}

func TestSpawns(t *testing.T) {
	cases := []struct {
		name  string
		turn  int
		setup func(s *State)
		want  []string
	}{
		{"no wanderers between spawn turns", 6, func(s *State) {}, nil},
		{"every spawn at equal distance", 5, func(s *State) {},
			[]string{"WANDERER 4 4 1 2 0 -1", "WANDERER 5 4 5 2 0 -1"}},
		{"only the spawn farthest from explorers", 10, func(s *State) { s.put(0, 3, 1) },
			[]string{"WANDERER 4 4 5 2 0 -1"}},
		{"turn 0 spawns", 0, func(s *State) { s.put(2, 3, 5); s.put(3, 5, 5) },
			[]string{"WANDERER 4 4 1 2 0 -1"}},
		{"slasher below 200 sanity", 1, func(s *State) { s.ex[2].sanity = 199 },
			[]string{"SLASHER 4 1 5 5 0 2"}},
		{"slasher only once", 1, func(s *State) { s.ex[2].sanity = 150; s.ex[2].slasher = true }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testState(t)
			s.turn = c.turn
			c.setup(s)
			turn(t, s)
			checkMinions(t, s, c.want)
		})
	}
}

// checkMinions compares s's minions, as the referee prints them, with
// want.
func checkMinions(t *testing.T, s *State, want []string) {
	t.Helper()
	var got []string
	for i := range s.minions {
		got = append(got, s.minionLine(&s.minions[i]))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("minions %q, want %q", got, want)
	}
}

func TestWanderers(t *testing.T) {
	cases := []struct {
		name    string
		setup   func(s *State)
		minions []string
		sanity0 int
	}{
		{"chases the nearest", func(s *State) { s.addMinion(wanderer, 4, 1, stWandering).life = 9; s.put(1, 7, 4) },
			[]string{"WANDERER 4 3 1 8 1 0"}, 246},
		{"spooks and goes", func(s *State) { s.addMinion(wanderer, 2, 1, stWandering) }, nil, 226},
		{"keeps its target on equal paths", func(s *State) {
			m := s.addMinion(wanderer, 4, 1, stWandering)
			m.target = 1
		}, []string{"WANDERER 4 5 1 29 1 1"}, 246},
		{"recalled when its life runs out", func(s *State) { s.addMinion(wanderer, 4, 1, stWandering).life = 1 }, nil, 246},
		{"spawning does not move", func(s *State) { s.addMinion(wanderer, 4, 1, stSpawning).spawn = 2 },
			[]string{"WANDERER 4 4 1 1 0 -1"}, 246},
		{"wakes up", func(s *State) { s.addMinion(wanderer, 4, 1, stSpawning).spawn = 1 },
			[]string{"WANDERER 4 4 1 30 1 -1"}, 246},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testState(t)
			c.setup(s)
			turn(t, s)
			checkMinions(t, s, c.minions)
			if s.Sanity(0) != c.sanity0 {
				t.Errorf("sanity %d, want %d", s.Sanity(0), c.sanity0)
			}
		})
	}
}

// TestSlasher follows a slasher that sees explorer 0 down its row: it
// stalks for two turns, rushes, spooks and stays stunned.
func TestSlasher(t *testing.T) {
	s := testState(t)
	s.put(1, 7, 3)
	s.addMinion(slasher, 4, 1, stWandering)
	want := []string{
		"SLASHER 4 4 1 2 2 0",
		"SLASHER 4 4 1 1 2 0",
		"SLASHER 4 4 1 30 3 0",
		"SLASHER 4 1 1 6 4 -1",
		"SLASHER 4 1 1 5 4 -1",
	}
	for i, w := range want {
		turn(t, s)
		if got := s.minionLine(&s.minions[0]); got != w {
			t.Fatalf("turn %d: %q, want %q", i+1, got, w)
		}
	}
	if got, want := s.Sanity(0), 250-5*4-20; got != want {
		t.Errorf("sanity %d, want %d", got, want)
	}

	// two explorers seen at the same distance: no target, it chases
	s = testState(t)
	s.addMinion(slasher, 4, 1, stWandering)
	turn(t, s)
	if m := s.minions[0]; m.state != stWandering || m.cell == s.ex[0].cell {
		t.Errorf("slasher %+v, want it wandering", m)
	}
}

func TestEffects(t *testing.T) {
	cases := []struct {
		name    string
		setup   func(s *State)
		lines   [][]string // per turn
		summary string     // of the last turn
		sanity  [Players]int
		effects []string
	}{
		{"plan heals the caster and those near", func(s *State) {
			for p := range s.ex {
				s.ex[p].sanity = 100
			}
			s.put(2, 1, 3)
		}, [][]string{{"PLAN"}}, "", [Players]int{104, 96, 101, 96}, []string{"EFFECT_PLAN -1 1 1 3 0 -1"}},
		{"plan lasts four turns", func(s *State) {
			for p := range s.ex {
				s.ex[p].sanity = 100
			}
		}, [][]string{{"PLAN"}, {}, {}, {}}, "", [Players]int{96, 84, 84, 84}, nil},
		{"one effect at a time", func(s *State) {}, [][]string{{"PLAN"}, {"LIGHT"}}, "Invalid effect from $0",
			[Players]int{245, 242, 242, 242}, []string{"EFFECT_PLAN -1 1 1 2 0 -1"}},
		{"no plans left", func(s *State) { s.ex[0].plans = 0 }, [][]string{{"PLAN"}}, "Invalid effect from $0",
			[Players]int{246, 246, 246, 246}, nil},
		{"light", func(s *State) {}, [][]string{{"LIGHT"}}, "", [Players]int{246, 246, 246, 246},
			[]string{"EFFECT_LIGHT -1 1 1 1 0 -1"}},
		{"yell stuns a neighbour this turn and the next", func(s *State) { s.put(1, 2, 1) },
			[][]string{{"YELL", "MOVE 3 1"}, {"YELL", "MOVE 3 1"}}, "$1 is taken aback and won't act this turn",
			[Players]int{246, 246, 242, 242}, nil},
		{"yell fools once", func(s *State) { s.put(1, 2, 1) },
			[][]string{{"YELL", "MOVE 3 1"}}, "$1 fooled by $0|$1 is taken aback and won't act this turn",
			[Players]int{248, 248, 246, 246}, []string{"EFFECT_YELL -1 -1 -1 1 0 1"}},
		{"yell out of reach", func(s *State) { s.put(1, 3, 1) },
			[][]string{{"YELL", "MOVE 4 1"}}, "", [Players]int{246, 246, 246, 246}, nil},
		{"shelter refill and heal", func(s *State) { s.turn = 50; s.put(0, 3, 4); s.ex[0].sanity = 100 },
			[][]string{{}, {}}, "", [Players]int{97, 242, 242, 242}, []string{"EFFECT_SHELTER -1 3 4 9 -1 -1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := testState(t)
			c.setup(s)
			var sum []string
			for _, l := range c.lines {
				sum, _ = turn(t, s, l...)
			}
			if got := strings.Join(sum, "|"); got != c.summary {
				t.Errorf("summary %q, want %q", got, c.summary)
			}
			var san [Players]int
			for p := range san {
				san[p] = s.Sanity(p)
			}
			if san != c.sanity {
				t.Errorf("sanity %v, want %v", san, c.sanity)
			}
			var effs []string
			for i := range s.effects {
				if l, ok := s.effectLine(&s.effects[i]); ok {
					effs = append(effs, l)
				}
			}
			if strings.Join(effs, "|") != strings.Join(c.effects, "|") {
				t.Errorf("effects %q, want %q", effs, c.effects)
			}
		})
	}
}

// TestYellStopsAStep checks that a stunned explorer stays put for two
// turns and moves on the third.
func TestYellStopsAStep(t *testing.T) {
	s := testState(t)
	s.put(1, 2, 1)
	for i, want := range [][2]int{{2, 1}, {2, 1}, {3, 1}} {
		turn(t, s, "YELL", "MOVE 3 1")
		if s.pos(1) != want {
			t.Fatalf("turn %d: at %v, want %v", i+1, s.pos(1), want)
		}
	}
}

func TestScoresAndRanks(t *testing.T) {
	s := testState(t)
	s.turn = 10
	s.ex[0].sanity, s.ex[1].sanity, s.ex[3].sanity = 3, 4, 120
	sum, errs := turn(t, s, "", "", "FOO")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "Invalid Input: 'FOO'") {
		t.Fatalf("removals %v", errs)
	}
	if strings.Join(sum, "|") != "Invalid command by $2." {
		t.Errorf("summary %q", sum)
	}
	for p, want := range []bool{false, false, false, true} {
		if s.Active(p) != want {
			t.Errorf("player %d active %v", p, s.Active(p))
		}
	}
	// the last explorer loses 50 a turn: 116, 66, 16, out in turn 13
	for !s.Done() {
		turn(t, s)
	}
	res := engine.Outcome(s)
	if got, want := res.Scores, []int{10, 10, -1, 13}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
	if got, want := res.Ranks, []int{2, 2, 4, 1}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
	if res.Winner != 3 || s.EndReason() != "all explorers eliminated" || s.Turn() != 14 {
		t.Errorf("winner %d, end %q after %d turns", res.Winner, s.EndReason(), s.Turn())
	}
}

func TestTurnLimit(t *testing.T) {
	s := testState(t)
	s.turn = MaxTurns - 1
	turn(t, s)
	if s.Done() {
		t.Fatal("over before the last turn")
	}
	_, errs := turn(t, s, "<timeout>")
	if len(errs) != 1 {
		t.Fatalf("removals %v", errs)
	}
	if d, _ := engine.Deactivated(errs[0]); !d.Timeout || d.Player != 0 {
		t.Errorf("deactivation %+v", d)
	}
	if !s.Done() || s.EndReason() != "turn limit" {
		t.Fatalf("done %v, end %q", s.Done(), s.EndReason())
	}
	if got, want := s.Scores(), []int{-1, MaxTurns + 242, MaxTurns + 242, MaxTurns + 242}; !slices.Equal(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
	if got, want := engine.Outcome(s).Ranks, []int{4, 1, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
	if err := s.Advance(); err == nil {
		t.Error("advance after the end")
	}
}

func TestProtocolErrors(t *testing.T) {
	s := testState(t)
	if err := s.Advance(); err == nil {
		t.Error("advance before the answers")
	}
	if err := s.Answer(0, []string{"WAIT"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Answer(0, []string{"WAIT"}); err == nil {
		t.Error("second answer accepted")
	}
	if err := s.AnswerActions(1, []Action{{Kind: numKinds}}); err == nil {
		t.Error("malformed action accepted")
	} else if _, ok := engine.Deactivated(err); ok {
		t.Error("a malformed typed action deactivates the bot")
	}
	if err := s.AnswerActions(1, []Action{{Kind: Move, X: 1 << 31, Y: 0}}); err == nil {
		t.Error("MOVE beyond int range accepted")
	} else if _, ok := engine.Deactivated(err); !ok {
		t.Errorf("MOVE beyond int range: %v", err)
	}
}

// TestLightRepulses checks that a LIGHT makes cells near its caster cost
// minions 5 instead of 1: a wanderer three steps from explorer 0 and four
// from explorer 1 turns to explorer 1 once explorer 0 lights up.
func TestLightRepulses(t *testing.T) {
	for _, c := range []struct {
		line string
		want [2]int
		tgt  int
	}{{"WAIT", [2]int{3, 1}, 0}, {"LIGHT", [2]int{5, 1}, 1}} {
		s := testState(t)
		s.put(1, 7, 2)
		m := s.addMinion(wanderer, 4, 1, stWandering)
		m.life = 9
		turn(t, s, c.line)
		x, y := s.b.xy(s.minions[0].cell)
		if [2]int{x, y} != c.want || s.minions[0].target != c.tgt {
			t.Errorf("%s: wanderer at %d %d chasing %d, want %v chasing %d", c.line, x, y, s.minions[0].target, c.want, c.tgt)
		}
	}
}
