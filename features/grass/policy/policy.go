// Package policy holds the hand-written Keep Off The Grass policies: a seeded
// random baseline and a one-turn greedy heuristic. They share one small
// interface so that the bot, the arena and training can swap them freely.
//
// The package is compiled into the CodinGame bot, so it uses only the
// standard library of Go 1.18 and our engine.
package policy

import (
	"math/rand"

	"cgpolicy/engine/grass"
)

// Policy chooses a player's commands for the current turn from its view,
// in which the player is seat 0. It must not change the view's game
// (PathStep and other read-only queries are fine). It appends its actions
// to dst; none is an action the referee treats as fatal.
type Policy interface {
	Act(v *grass.View, dst []grass.Action) []grass.Action
}

// ActOn runs p for seat me of s, through me's view, a convenience for tests
// and tools that hold a referee state; it allocates the view. The actions
// apply to s as they are: a view swaps the seats, not the map.
func ActOn(p Policy, s *grass.State, me int, dst []grass.Action) []grass.Action {
	v := new(grass.View)
	s.ViewInto(me, v)
	return p.Act(v, dst)
}

// Random plays the engine's random turns. It is the floor every other policy
// must beat, and it never gets disqualified.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random policy whose every choice flows from seed.
func NewRandom(seed int64) *Random {
	return &Random{rng: rand.New(rand.NewSource(seed))}
}

// Act implements Policy.
func (r *Random) Act(v *grass.View, dst []grass.Action) []grass.Action {
	return grass.RandomActions(v.State(), 0, r.rng, dst)
}
