package kutulu

import (
	"fmt"
	"math"
	"math/rand"
	"strings"

	"cgpolicy/engine"
)

// RandomAction is a random command for p that the referee accepts without
// removing p: mostly a MOVE to a random cell (walls, p's own cell and cells
// off the map included, which the referee turns into WAIT), sometimes a
// direct step, WAIT, PLAN, LIGHT or YELL.
func (s *State) RandomAction(p int, rng *rand.Rand) Action {
	switch r := rng.Intn(20); {
	case r < 11:
		return Action{Kind: Move, X: rng.Intn(s.b.w+2) - 1, Y: rng.Intn(s.b.h+2) - 1}
	case r < 12:
		x, y := s.b.xy(s.ex[p].cell)
		return Action{Kind: Move, X: x, Y: y}
	case r < 15:
		return Action{Kind: Up + Kind(rng.Intn(4))}
	case r < 16:
		return Action{Kind: Wait}
	case r < 17:
		return Action{Kind: Plan}
	case r < 18:
		return Action{Kind: Light}
	}
	return Action{Kind: Yell}
}

// answerText writes a as a bot might: in lower case now and then, and
// sometimes with a message.
func answerText(a Action, rng *rand.Rand) string {
	line := FormatAction(a)
	if rng.Intn(8) == 0 {
		line = strings.ToLower(line)
	}
	switch rng.Intn(6) {
	case 0:
		line += " hello there"
	case 1:
		line += "  "
	}
	return line
}

// RandomAnswer is a random legal answer for the conformance suite.
func RandomAnswer(es engine.State, p int, rng *rand.Rand) []string {
	s := es.(*State)
	return []string{answerText(s.RandomAction(p, rng), rng)}
}

// RoundTrip checks that random typed actions survive FormatAction and
// ParseLine unchanged.
func RoundTrip(es engine.State, p int, rng *rand.Rand) error {
	s := es.(*State)
	acts := []Action{s.RandomAction(p, rng), {Kind: Move, X: -7, Y: 1 << 30}, {Kind: Move, X: -1 << 31, Y: 1<<31 - 1}}
	for k := Wait; k < numKinds; k++ {
		if k != Move {
			acts = append(acts, Action{Kind: k})
		}
	}
	for _, a := range acts {
		line := FormatAction(a)
		got, ok := ParseLine(line)
		if !ok || got != a {
			return fmt.Errorf("%+v formatted as %q parsed back as %+v (ok %v)", a, line, got, ok)
		}
	}
	return nil
}

// TypedAnswer gives the same random command as text and as a typed
// answer, for the suite's typed-versus-text check. Now and then it is a
// MOVE beyond int range, which both paths must judge alike.
func TypedAnswer(es engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	s := es.(*State)
	a := s.RandomAction(p, rng)
	if rng.Intn(40) == 0 {
		a = Action{Kind: Move, X: math.MaxInt, Y: 2}
	}
	line := answerText(a, rng)
	return []string{line}, func(t engine.State) error { return t.(*State).AnswerActions(p, []Action{a}) }
}
