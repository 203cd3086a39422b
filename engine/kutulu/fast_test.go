package kutulu

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// randomTyped is a random legal answer of player p, typed and as the
// lines a bot prints.
func randomTyped(s *State, p int, rng *rand.Rand) ([]Action, []string) {
	a := s.RandomAction(p, rng)
	return []Action{a}, []string{answerText(a, rng)}
}

func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{}, Random: randomTyped})
}
