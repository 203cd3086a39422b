package league

import (
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
)

// digitGame is a toy referee: each of turns steps every player names a
// digit and its score is the sum of its digits; anything else deactivates
// it (score -1). Its name carries the seat count so that the two- and
// four-seat versions register their policies apart.
type digitGame struct{ players, turns int }

func (g digitGame) Name() string    { return "ltoy" + strconv.Itoa(g.players) }
func (g digitGame) NumPlayers() int { return g.players }
func (g digitGame) MaxSteps() int   { return g.turns + 1 }

func (g digitGame) NewState(seed int64) (engine.State, error) {
	if seed == 0 {
		return nil, errors.New("toy: seed 0")
	}
	return &digitState{g: g, active: make([]bool, g.players), score: make([]int, g.players),
		answered: make([]bool, g.players)}, nil
}

type digitState struct {
	g        digitGame
	turn     int
	active   []bool // true once deactivated (inverted so the zero value plays)
	score    []int
	answered []bool
}

func (s *digitState) InitLines(p int) []string { return []string{fmt.Sprint(p)} }
func (s *digitState) Pending() []int {
	if s.Done() {
		return nil
	}
	var out []int
	for p, out0 := range s.active {
		if !out0 {
			out = append(out, p)
		}
	}
	return out
}
func (s *digitState) InputLines(int) []string { return []string{"turn " + strconv.Itoa(s.turn)} }
func (s *digitState) ExpectedLines(int) int   { return 1 }
func (s *digitState) Answer(p int, lines []string) error {
	s.answered[p] = true
	v := -1
	if len(lines) == 1 {
		v, _ = strconv.Atoi(lines[0])
	}
	if len(lines) != 1 || v < 0 || v > 9 || lines[0] != strconv.Itoa(v) {
		s.active[p] = true
		return &engine.Deactivation{Player: p, Timeout: len(lines) == 0, Reason: "not a digit"}
	}
	s.score[p] += v
	return nil
}
func (s *digitState) Advance() error {
	for p := range s.answered {
		s.answered[p] = false
	}
	s.turn++
	return nil
}
func (s *digitState) Done() bool {
	out := 0
	for _, o := range s.active {
		if o {
			out++
		}
	}
	return s.turn >= s.g.turns || out > 0
}
func (s *digitState) Active(p int) bool { return !s.active[p] }
func (s *digitState) Turn() int         { return s.turn }
func (s *digitState) Scores() []int {
	out := append([]int(nil), s.score...)
	for p, o := range s.active {
		if o {
			out[p] = -1
		}
	}
	return out
}
func (s *digitState) Clone() engine.State {
	c := *s
	c.active = append([]bool(nil), s.active...)
	c.score = append([]int(nil), s.score...)
	c.answered = append([]bool(nil), s.answered...)
	return &c
}

// digitBot is an in-process toy bot: a fixed digit, a seeded random digit
// (-1), or garbage (-2, an invalid command). delay slows every answer, so a
// test can kill a league in the middle of a game.
type digitBot struct {
	digit int
	delay time.Duration
}

func (d digitBot) NewAgent(seed int64, seat int) (arena.Agent, error) {
	rng := rand.New(rand.NewSource(arena.SeatSeed(seed, seat)))
	return arena.AgentFunc(func(engine.State, int) ([]string, error) {
		if d.delay > 0 {
			time.Sleep(d.delay)
		}
		switch d.digit {
		case -1:
			return []string{strconv.Itoa(rng.Intn(10))}, nil
		case -2:
			return []string{"x"}, nil
		}
		return []string{strconv.Itoa(d.digit)}, nil
	}), nil
}

var (
	toy2 = digitGame{players: 2, turns: 3}
	toy4 = digitGame{players: 4, turns: 3}
)

func init() {
	bots := map[string]arena.Policy{
		"nine": digitBot{digit: 9}, "six": digitBot{digit: 6}, "five": digitBot{digit: 5},
		"three": digitBot{digit: 3}, "zero": digitBot{digit: 0}, "random": digitBot{digit: -1},
		"garbage": digitBot{digit: -2}, "slow": digitBot{digit: -1, delay: 3 * time.Millisecond},
	}
	for _, g := range []digitGame{toy2, toy4} {
		for name, p := range bots {
			if err := arena.Register(g.Name(), name, p); err != nil {
				panic(err)
			}
		}
	}
}
