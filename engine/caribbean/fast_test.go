package caribbean

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// randomTyped is a random legal answer of player p, typed and as the
// lines a bot prints.
func randomTyped(s *State, p int, rng *rand.Rand) ([]Action, []string) {
	acts := s.RandomActions(p, rng, nil)
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = FormatAction(a)
	}
	return acts, lines
}

func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{}, Random: randomTyped})
}
