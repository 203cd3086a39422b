// Package policy holds the Code of Kutulu policies: a seeded random
// baseline, the greedy survivor, and the network and smitsi, the shared
// search, over the committed weights. They share one small interface so
// that the bot, the arena and training can swap them freely.
//
// The package is compiled into the CodinGame bot, so it uses only the
// standard library of Go 1.18 and our engine.
package policy

import (
	"math/rand"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// Policy chooses an explorer's command for the current turn from its view,
// in which it is the first explorer. It appends one action to dst; none is
// a command the referee treats as fatal.
type Policy interface {
	Act(v *ek.View, dst []ek.Action) []ek.Action
}

// ActOn runs p for explorer me of s, through me's view, a convenience for
// tests and tools that hold a referee state; it allocates the view.
func ActOn(p Policy, s *ek.State, me int, dst []ek.Action) []ek.Action {
	v := new(ek.View)
	s.ViewInto(me, v)
	return p.Act(v, dst)
}

// Random plays random legal commands: mostly a MOVE to a random cell of the
// map (walls included, which the referee turns into WAIT), sometimes WAIT,
// PLAN, LIGHT or YELL. It is the floor every other policy must beat.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random policy whose every choice flows from seed.
func NewRandom(seed int64) *Random {
	return &Random{rng: rand.New(rand.NewSource(seed))}
}

// Act implements Policy.
func (r *Random) Act(v *ek.View, dst []ek.Action) []ek.Action {
	switch k := r.rng.Intn(20); {
	case k < 14:
		return append(dst, ek.Action{Kind: ek.Move, X: r.rng.Intn(v.Width + 1), Y: r.rng.Intn(v.Height + 1)})
	case k < 17:
		return append(dst, ek.Action{Kind: ek.Wait})
	case k < 18:
		return append(dst, ek.Action{Kind: ek.Plan})
	case k < 19:
		return append(dst, ek.Action{Kind: ek.Light})
	}
	return append(dst, ek.Action{Kind: ek.Yell})
}

// Greedy is the greedy survivor: each turn it takes the candidate with the
// best hand-weighted terms (features/kutulu): it flees wanderers and
// slashers' lines, keeps near the others for the group rate, heals in
// shelters and casts PLAN among others and LIGHT when wanderers close in.
type Greedy struct {
	a fk.Analysis
}

// NewGreedy returns the greedy survivor.
func NewGreedy() *Greedy { return &Greedy{} }

// Act implements Policy.
func (g *Greedy) Act(v *ek.View, dst []ek.Action) []ek.Action {
	g.a.Reset(v)
	return append(dst, g.a.Action(g.a.Greedy()))
}
