package nim

import (
	"fmt"
	"math/rand"

	"cgpolicy/engine"
)

// RandomMove is a legal move at s, drawn uniformly with rng.
func (s *State) RandomMove(rng *rand.Rand) Action {
	var v View
	s.ViewInto(s.mover, &v)
	var buf [MaxMoves]Action
	moves := v.Moves(buf[:0])
	if len(moves) == 0 {
		return Action{Count: 1}
	}
	return moves[rng.Intn(len(moves))]
}

// RandomAnswer is a legal text answer for the mover, for the conformance
// suite, sometimes with odd spacing or extra lines, which the referee
// accepts.
func RandomAnswer(st engine.State, _ int, rng *rand.Rand) []string {
	a := st.(*State).RandomMove(rng)
	switch rng.Intn(4) {
	case 0:
		return []string{fmt.Sprintf("  %d \t %d ", a.Heap, a.Count)}
	case 1:
		return []string{FormatAction(a), "ignored"}
	}
	return []string{FormatAction(a)}
}

// RoundTrip formats a random action, legal or not, parses it back and
// reports any difference, for the conformance suite.
func RoundTrip(_ engine.State, _ int, rng *rand.Rand) error {
	a := Action{Heap: rng.Intn(2*MaxHeaps) - MaxHeaps, Count: rng.Intn(2*MaxTake) - MaxTake}
	b, err := ParseAction(FormatAction(a))
	if err != nil || a != b {
		return fmt.Errorf("%+v formats as %q, parses as %+v, %v", a, FormatAction(a), b, err)
	}
	return nil
}

// TypedAnswer is a random move of the mover, illegal one time in four,
// as text and as the typed call that hands the same move to a state.
func TypedAnswer(st engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	a := st.(*State).RandomMove(rng)
	if rng.Intn(4) == 0 {
		a = Action{Heap: rng.Intn(MaxHeaps+2) - 1, Count: rng.Intn(MaxTake + 2)}
	}
	return []string{FormatAction(a)}, func(s engine.State) error { return s.(*State).AnswerActions(p, []Action{a}) }
}
