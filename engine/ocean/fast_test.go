package ocean

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{},
		Random: func(s *State, p int, rng *rand.Rand) ([]Action, []string) {
			acts := s.RandomActions(p, rng, nil)
			return acts, []string{answerText(s, acts, rng)}
		}})
}
