package policy

import (
	"math/rand"

	"cgpolicy/engine/soak"
)

// random draws every agent's orders uniformly from the engine's legal
// enumeration, so it is the weakest opponent that never gets disqualified.
type random struct {
	rng *rand.Rand
	buf []soak.Action
}

// NewRandom returns the uniformly random baseline; the seed fixes its whole
// game given the same inputs.
func NewRandom(seed int64) Policy {
	return &random{rng: rand.New(rand.NewSource(seed))}
}

// Act implements Policy.
func (r *random) Act(v *soak.View, dst []soak.Action) []soak.Action {
	s, me := v.State(), v.Me
	dst, r.buf = s.RandomActions(me, r.rng, dst, r.buf[:0])
	return dst
}
