package caribbean

import (
	"fmt"
	"math/rand"

	"cgpolicy/engine"
)

// RandomAction picks a legal order for any ship: every kind, with MOVE and
// FIRE targets mostly on the map and sometimes off it, as bots send them.
func RandomAction(rng *rand.Rand) Action {
	k := Kind(rng.Intn(int(numKinds)))
	a := Action{Kind: k}
	if k == Move || k == Fire {
		a.X, a.Y = rng.Intn(Width+6)-3, rng.Intn(Height+6)-3
	}
	return a
}

// RandomActions fills dst with one random order per ship of p afloat and
// returns it; with enough capacity it allocates nothing.
func (s *State) RandomActions(p int, rng *rand.Rand, dst []Action) []Action {
	dst = dst[:0]
	for i := s.Alive(p); i > 0; i-- {
		dst = append(dst, RandomAction(rng))
	}
	return dst
}

// RandomAnswer is a legal text answer for player p, for the conformance
// suite: random orders, sometimes in odd case, with extra spaces or a
// message, which the referee accepts.
func RandomAnswer(st engine.State, p int, rng *rand.Rand) []string {
	s := st.(*State)
	lines := make([]string, 0, MaxShips)
	for _, a := range s.RandomActions(p, rng, make([]Action, 0, MaxShips)) {
		line := FormatAction(a)
		switch rng.Intn(6) {
		case 0:
			line = lowerASCII(line)
		case 1:
			line += " yo ho"
		case 2:
			if a.Kind == Move || a.Kind == Fire {
				line = fmt.Sprintf("%s %03d \t %d", a.Kind, a.X, a.Y)
			}
		}
		lines = append(lines, line)
	}
	return lines
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// RoundTrip checks that random typed orders for p survive formatting and
// parsing unchanged.
func RoundTrip(st engine.State, p int, rng *rand.Rand) error {
	s := st.(*State)
	for _, a := range s.RandomActions(p, rng, nil) {
		line := FormatAction(a)
		got, _, has, ok := ParseLine(line)
		if !ok || has || got != a {
			return fmt.Errorf("%+v -> %q -> %+v (ok %v, message %v)", a, line, got, ok, has)
		}
	}
	return nil
}

// TypedAnswer picks random typed orders for p (now and then one with a
// 9-digit number, which deactivates) and returns their text and a function
// giving the same orders to a state through AnswerActions, for the
// conformance suite's typed-versus-text check.
func TypedAnswer(st engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	s := st.(*State)
	acts := s.RandomActions(p, rng, nil)
	if len(acts) > 0 && rng.Intn(50) == 0 {
		acts[rng.Intn(len(acts))] = Action{Kind: Move, X: 123456789, Y: 1}
	}
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = FormatAction(a)
	}
	return lines, func(t engine.State) error { return t.(*State).AnswerActions(p, acts) }
}
