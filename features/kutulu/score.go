package kutulu

import ek "cgpolicy/engine/kutulu"

// greedyWeights weigh the terms into the greedy bot's score, in sanity
// points: a spook or a slasher's rush costs 20 sanity now and more in the
// turns it takes to recover, so they dominate; a wanderer two steps away
// is a likely spook next turn unless the explorer keeps running; the group
// term is set per game from the sanity rates (gain), and the distance to
// the others pulls a lone explorer back toward them. PLAN and LIGHT carry a
// fixed cost (they are few) against their value terms, so they are cast
// only when they pay; YELL is never worth it to the greedy bot.
var greedyWeights = [NumTerms]float32{
	TSpook:      -100,
	TNear2:      -14,
	TNear4:      -3,
	TRush:       -100,
	TSight:      -22,
	TDistOther:  -30,
	TShelter:    10,
	TPlanHeal:   5,
	TDeadEnd:    -8,
	TStay:       0.5,
	TPlan:       -12,
	TLight:      -14,
	TYell:       -40,
	TPlanValue:  8,
	TLightValue: 12,
	TWanderMin:  4,
}

// GreedyScore is the greedy bot's score of candidate k: the weighted
// terms, the group term worth three turns of the saving it brings.
func (a *Analysis) GreedyScore(k int) float32 {
	t := &a.Terms[k]
	s := float32(0)
	for i, w := range greedyWeights {
		s += w * t[i]
	}
	gain := float32(3)
	if v := a.View; v != nil {
		gain += float32(3 * (v.LonelyLoss - v.GroupLoss))
	}
	return s + gain*t[TGroup]
}

// Greedy is the index of the best candidate by GreedyScore, the first on
// ties.
func (a *Analysis) Greedy() int {
	best := 0
	bs := a.GreedyScore(0)
	for k := 1; k < a.N; k++ {
		if s := a.GreedyScore(k); s > bs {
			best, bs = k, s
		}
	}
	return best
}

// Action is candidate k's command.
func (a *Analysis) Action(k int) ek.Action { return a.Acts[k] }
