package kutulu

import ek "cgpolicy/engine/kutulu"

// OthersWeight is how much the others' standing counts against mine: the
// game ranks explorers against each other, so outlasting them matters, but
// my own sanity matters more since theirs is mostly out of my hands.
const OthersWeight = 0.5

// planWorth and lightWorth value an unspent PLAN and LIGHT in sanity
// points, so that a short rollout does not spend them for nothing: a PLAN
// heals 15 points to its caster and more among others, a LIGHT saves a
// spook now and then. Without them a PLAN cast at full sanity looks free.
const (
	planWorth  = 10
	lightWorth = 5
)

// Standing is explorer p's likely score in sanity points: the score it
// made once out (the turn it went mad, -1 for a removal), or the score it
// would make by lasting the game with its sanity now, plus what its
// unspent PLANs and LIGHTs are worth.
func Standing(s *ek.State, p int) float64 { return StandingWorth(s, p, planWorth) }

// StandingWorth is Standing with an unspent PLAN worth plan sanity points,
// for a leaf that holds PLANs back longer than frozen players of Standing
// (the pool's v1) do.
func StandingWorth(s *ek.State, p int, plan float64) float64 {
	if !s.Active(p) {
		return float64(s.Score(p))
	}
	return float64(ek.MaxTurns+s.Sanity(p)+lightWorth*s.Lights(p)) + plan*float64(s.Plans(p))
}

// Value is a heuristic evaluation of s for explorer me, in sanity points:
// its standing less half the mean standing of the others. It allocates
// nothing.
func Value(s *ek.State, me int) float64 {
	v := Standing(s, me)
	o := 0.0
	for p := 0; p < ek.Players; p++ {
		if p != me {
			o += Standing(s, p)
		}
	}
	return v - OthersWeight*o/float64(ek.Players-1)
}
