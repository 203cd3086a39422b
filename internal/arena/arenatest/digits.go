// Package arenatest has the toy referee that the arena's and the
// league's tests play: small enough to check by hand, with none of a real
// game's cost.
package arenatest

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// Digits is a referee small enough to check by hand: every turn each
// active player names a digit, and its score is the sum of its digits. A
// missing answer is a timeout and a non-digit is an invalid command;
// either deactivates the player (score -1) and ends the game after that
// step. Its name is "toy"; seed 0 is refused.
type Digits struct {
	Players int
	Turns   int
	Pad     int // bytes of padding in the init lines, to fill a pipe
}

func (g Digits) Name() string    { return "toy" }
func (g Digits) NumPlayers() int { return g.Players }
func (g Digits) MaxSteps() int   { return g.Turns + 1 }

func (g Digits) NewState(seed int64) (engine.State, error) {
	if seed == 0 {
		return nil, errors.New("toy: seed 0")
	}
	active := make([]bool, g.Players)
	for p := range active {
		active[p] = true
	}
	return &digitState{g: g, seed: seed, active: active,
		score: make([]int, g.Players), answered: make([]bool, g.Players)}, nil
}

type digitState struct {
	g        Digits
	seed     int64
	turn     int
	active   []bool
	score    []int
	answered []bool
	out      bool // someone was deactivated
}

// InitLines is "player P of N seed S", then the padding if any.
func (s *digitState) InitLines(p int) []string {
	lines := []string{fmt.Sprintf("player %d of %d seed %d", p, s.g.Players, s.seed)}
	if s.g.Pad > 0 {
		lines = append(lines, strings.Repeat("x", s.g.Pad))
	}
	return lines
}

func (s *digitState) Pending() []int {
	if s.Done() {
		return nil
	}
	var out []int
	for p, a := range s.active {
		if a {
			out = append(out, p)
		}
	}
	return out
}

// InputLines is "turn T", T from 1.
func (s *digitState) InputLines(p int) []string { return []string{fmt.Sprintf("turn %d", s.turn+1)} }
func (s *digitState) ExpectedLines(p int) int   { return 1 }

func (s *digitState) Answer(p int, lines []string) error {
	s.answered[p] = true
	if len(lines) < 1 {
		s.active[p], s.out = false, true
		return &engine.Deactivation{Player: p, Timeout: true}
	}
	v, err := strconv.Atoi(lines[0])
	if err != nil || v < 0 || v > 9 {
		s.active[p], s.out = false, true
		return &engine.Deactivation{Player: p, Reason: fmt.Sprintf("invalid %q", lines[0])}
	}
	s.score[p] += v
	return nil
}

// Advance refuses a step before every pending player answered.
func (s *digitState) Advance() error {
	for _, p := range s.Pending() {
		if !s.answered[p] {
			return engine.ErrProtocol
		}
	}
	for p := range s.answered {
		s.answered[p] = false
	}
	s.turn++
	return nil
}

func (s *digitState) Done() bool        { return s.out || s.turn >= s.g.Turns }
func (s *digitState) Active(p int) bool { return s.active[p] }
func (s *digitState) Turn() int         { return s.turn }

func (s *digitState) Scores() []int {
	out := make([]int, len(s.score))
	for p := range out {
		out[p] = s.score[p]
		if !s.active[p] {
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
