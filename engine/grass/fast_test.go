package grass

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// randomTyped is a random legal answer of player p, typed and as the
// lines a bot prints.
func randomTyped(s *State, p int, rng *rand.Rand) ([]Action, []string) {
	acts := RandomActions(s, p, rng, nil)
	if len(acts) == 0 {
		acts = append(acts, Action{Kind: Wait})
	}
	return acts, []string{Format(acts)}
}

func TestFast(t *testing.T) {
	enginetest.RunFast(t, enginetest.FastSuite[*State, *View, Action]{Game: Game{}, Fast: Fast{}, Random: randomTyped})
}
