package baselines

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// Weights of the aggressive baseline, in WoundValue points.
const (
	aggrApproach = 12.0 // a step still to walk before the focus is in optimal range
	aggrFocus    = 0.4  // per point of wetness the target already has: finish the weak
	aggrExposure = 0.15 // per point of wetness the enemies could deal here (it barely cares)
	aggrKillBomb = 100  // a bomb worth this much (a kill) flies even on one enemy
)

// aggressive is the pool's shooter and bomber: every agent closes in on the
// wettest enemy (the one nearest to dying), shoots the most damaged target
// it can reach, and throws a bomb whenever the splash catches two enemies
// or kills one. It ignores territory and cover almost entirely, so it is
// the opposite of the camper. It has no randomness.
type aggressive struct {
	q     squad
	focus []int // walking distance to the focus enemy, per cell
}

// NewAggressive returns the aggressive shooter-and-bomber baseline.
func NewAggressive() policy.Policy { return &aggressive{} }

// Act implements Policy.
func (g *aggressive) Act(v *soak.View, dst []soak.Action) []soak.Action {
	q := &g.q
	q.reset(v)
	if len(q.enemies) == 0 {
		return hunkerAll(q, dst)
	}
	f := q.enemies[g.pickFocus()]
	g.focus = append(g.focus[:0], q.bfs(f.X, f.Y)...)
	for i, a := range q.mine {
		acts := q.legal(i)
		want := a.Class.Stats().Range
		var cache [5]struct {
			v    float64
			done bool
		}
		best := soak.Action{Agent: a.ID, Combat: soak.Hunker}
		bestV, found := 0.0, false
		for _, act := range acts {
			x, y := dest(a, act)
			c := &cache[slot(a, x, y)]
			if !c.done {
				c.done = true
				d := g.focus[y*q.s.Width()+x]
				if d < 0 {
					d = 2 * (iabs(x-f.X) + iabs(y-f.Y))
				}
				if gap := d - want; gap > 0 {
					c.v -= aggrApproach * float64(gap)
				}
				c.v -= aggrExposure * float64(q.exposure(x, y, false))
			}
			cv, ok := g.combat(i, x, y, act)
			if !ok {
				continue
			}
			if v := c.v + cv; !found || v > bestV {
				best, bestV, found = act, v, true
			}
		}
		q.commit(i, best)
		dst = append(dst, best)
	}
	return dst
}

// pickFocus is the index of the wettest enemy; ties go to the one nearest
// to our agents in total.
func (g *aggressive) pickFocus() int {
	q := &g.q
	best, bestWet, bestD := 0, -1, 0
	for k, e := range q.enemies {
		d := 0
		for _, m := range q.mine {
			d += iabs(m.X-e.X) + iabs(m.Y-e.Y)
		}
		if e.Wetness > bestWet || (e.Wetness == bestWet && d < bestD) {
			best, bestWet, bestD = k, e.Wetness, d
		}
	}
	return best
}

// combat scores act's combat part for agent i standing on (x, y).
func (g *aggressive) combat(i, x, y int, act soak.Action) (float64, bool) {
	q := &g.q
	switch act.Combat {
	case soak.Shoot:
		k := q.enemyIndex(act.ShootID)
		if k < 0 {
			return 0, false
		}
		v, d := q.shotGain(i, x, y, k)
		if d == 0 || v == 0 {
			return 0, false
		}
		return v + aggrFocus*float64(q.enemies[k].Wetness+q.planned[k]), true
	case soak.Throw:
		v, hits, ok := q.throwGain(act.ThrowX, act.ThrowY)
		if !ok || hits == 0 || (hits < 2 && v < aggrKillBomb && len(q.enemies) > 1) {
			return 0, false
		}
		return v, true
	case soak.Hunker:
		return hunkerTieBreak, true
	}
	return 0, true
}

// hunkerAll orders every own agent to hunker in place, for turns with
// nothing to fight.
func hunkerAll(q *squad, dst []soak.Action) []soak.Action {
	for _, a := range q.mine {
		dst = append(dst, soak.Action{Agent: a.ID, Combat: soak.Hunker})
	}
	return dst
}
