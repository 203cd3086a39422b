// Package policy holds the Coders of the Caribbean policies: a seeded random
// baseline, a greedy heuristic, and (with the committed weights) the
// network and smitsi, the shared search. They share one small interface so
// that the bot, the arena and training can swap them freely.
//
// The package is compiled into the CodinGame bot, so it uses only the
// standard library of Go 1.18 and our engine.
package policy

import (
	"math/rand"

	"cgpolicy/engine/caribbean"
)

// Policy chooses a player's orders for the current turn from its view, in
// which the player is seat 0 (ship Owner 0). It appends exactly one order
// per own ship afloat, in the view's order, which is the order the referee
// reads them; none is an order the referee treats as fatal. It must not
// change the view.
type Policy interface {
	Act(v *caribbean.View, dst []caribbean.Action) []caribbean.Action
}

// ActOn runs p for seat me of s through me's view, a convenience for tests
// and tools that hold a referee state; it allocates the view.
func ActOn(p Policy, s *caribbean.State, me int, dst []caribbean.Action) []caribbean.Action {
	v := new(caribbean.View)
	s.ViewInto(me, v)
	return p.Act(v, dst)
}

// OwnShips counts the player's ships in v, the number of orders it owes.
func OwnShips(v *caribbean.View) int {
	n := 0
	for i := range v.Ships {
		if v.Ships[i].Owner == 0 {
			n++
		}
	}
	return n
}

// Random plays the engine's random orders. It is the floor every other
// policy must beat, and it never gets disqualified.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random policy whose every choice flows from seed.
func NewRandom(seed int64) *Random {
	return &Random{rng: rand.New(rand.NewSource(seed))}
}

// Act implements Policy.
func (r *Random) Act(v *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	for i := OwnShips(v); i > 0; i-- {
		dst = append(dst, caribbean.RandomAction(r.rng))
	}
	return dst
}
