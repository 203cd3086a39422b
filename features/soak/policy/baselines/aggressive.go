package baselines

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// Weights of the aggressive baseline, in WoundValue points.
const (
	aggrApproach = 12.0 // a step still to walk before the focus is in optimal range
	aggrFocus    = 0.4  // per point of wetness the target already has: finish the weak
	aggrExposure = 0.6  // per point of wetness the enemies could deal here
	aggrKillBomb = 100  // a bomb worth this much (a kill) flies even on one enemy
	aggrWeak     = 0.1  // steps of detour worth one point of wetness on a target
	aggrCrowd    = 10.0 // a teammate within one splash of the cell, while enemy bombs are near
	aggrZone     = 1.0  // a cell held: enough that a charge does not give the map away
)

// aggressive is the pool's shooter and bomber: every agent closes in on
// the weakest enemy within its reach (the wettest, against a detour),
// shoots the most damaged target it can reach, and throws a bomb whenever
// the splash catches two enemies or kills one. Zones, cover and keeping
// apart from teammates near enemy bombs count only lightly against the
// approach (a step costs as much as a dozen cells), so it charges where the
// camper waits. It has no randomness.
type aggressive struct {
	q    squad
	dist [][]int // walking distance to each enemy, per cell
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
	w := q.s.Width()
	for len(g.dist) < len(q.enemies) {
		g.dist = append(g.dist, nil)
	}
	for k, e := range q.enemies {
		g.dist[k] = append(g.dist[k][:0], q.bfs(e.X, e.Y)...)
	}
	for i, a := range q.mine {
		f := g.pickFocus(a)
		fd := g.dist[f]
		acts := q.legal(i)
		want := a.Class.Stats().Range
		bombs := q.bombsNear(a.X, a.Y)
		q.prepareZone(i)
		best := q.choose(a, acts, func(x, y int) (v float64) {
			d := fd[y*w+x]
			if d < 0 {
				d = 2 * (iabs(x-q.enemies[f].X) + iabs(y-q.enemies[f].Y))
			}
			if gap := d - want; gap > 0 {
				v -= aggrApproach * float64(gap)
			}
			v -= aggrExposure * float64(q.exposure(x, y, false))
			if bombs {
				v -= aggrCrowd * float64(q.crowd(i, x, y))
			}
			return v + aggrZone*float64(q.zoneAt(i, x, y))
		}, func(x, y int, act soak.Action) (float64, bool) { return g.combat(i, x, y, act) })
		q.commit(i, best)
		dst = append(dst, best)
	}
	return dst
}

// pickFocus is the index of the enemy agent a goes for: the wettest, less
// aggrWeak wetness points per step of walk to it.
func (g *aggressive) pickFocus(a soak.Agent) int {
	q := &g.q
	w := q.s.Width()
	best, bestV := 0, 0.0
	for k, e := range q.enemies {
		d := g.dist[k][a.Y*w+a.X]
		if d < 0 {
			d = 2 * (iabs(a.X-e.X) + iabs(a.Y-e.Y))
		}
		v := float64(e.Wetness+q.planned[k]) - float64(d)/aggrWeak
		if k == 0 || v > bestV {
			best, bestV = k, v
		}
	}
	return best
}

// combat scores act's combat part for agent i standing on (x, y).
func (g *aggressive) combat(i, x, y int, act soak.Action) (float64, bool) {
	q := &g.q
	switch act.Combat {
	case soak.Shoot:
		k, v, d, ok := q.shot(i, x, y, act)
		if !ok || d == 0 || v == 0 {
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
