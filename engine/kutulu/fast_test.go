package kutulu

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{},
		Random: func(s *State, p int, rng *rand.Rand) ([]Action, []string) {
			a := s.RandomAction(p, rng)
			return []Action{a}, []string{answerText(a, rng)}
		}})
}
