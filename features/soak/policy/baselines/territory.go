package baselines

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// Weights of the territory baseline: a cell held is one point.
const (
	terrExposure    = 0.3 // per point of wetness the enemies could deal on a cell
	terrHitExposure = 2.5 // the same for an agent hit last turn: it runs for cover
	terrShot        = 0.5 // a WoundValue point of a shot or bomb, against cells
	terrSplash      = 8.0 // a teammate one splash could catch too, while enemy bombs are near
)

// territory is the pool's zone holder: each agent in turn takes the cell
// that makes the most cells closer to us than to them (the referee's
// scoring, with the moves of earlier teammates already planned), fires only
// at what it can reach from there, and throws a bomb only on two enemies.
// An agent that got wetter since the last turn puts cover first: it goes
// where the enemies' guns hurt it least and hunkers. It has no randomness.
type territory struct {
	q       squad
	lastWet [soak.MaxAgents + 1]int
}

// NewTerritory returns the territory-holding baseline.
func NewTerritory() policy.Policy { return &territory{} }

// Act implements Policy.
func (t *territory) Act(v *soak.View, dst []soak.Action) []soak.Action {
	q := &t.q
	q.reset(v)
	if v.State().Turn() == 0 {
		t.lastWet = [soak.MaxAgents + 1]int{}
	}
	if len(q.enemies) == 0 {
		return hunkerAll(q, dst)
	}
	for i, a := range q.mine {
		hit := a.Wetness > t.lastWet[a.ID]
		acts := q.legal(i)
		q.prepareZone(i)
		bombs := q.bombsNear(a.X, a.Y)
		best := q.choose(a, acts, func(x, y int) float64 {
			v := float64(q.zoneAt(i, x, y))
			if bombs {
				v -= terrSplash * float64(q.crowd(i, x, y))
			}
			if hit {
				return v - terrHitExposure*float64(q.exposure(x, y, true))
			}
			return v - terrExposure*float64(q.exposure(x, y, false))
		}, func(x, y int, act soak.Action) (float64, bool) { return t.combat(i, x, y, act, hit) })
		q.commit(i, best)
		dst = append(dst, best)
	}
	for _, a := range v.State().Agents() {
		t.lastWet[a.ID] = a.Wetness
	}
	return dst
}

// combat scores act's combat part, in cells, for agent i on (x, y).
func (t *territory) combat(i, x, y int, act soak.Action, hit bool) (float64, bool) {
	q := &t.q
	switch act.Combat {
	case soak.Shoot:
		_, v, d, ok := q.shot(i, x, y, act)
		if !ok || d == 0 || v == 0 {
			return 0, false
		}
		return terrShot * v, true
	case soak.Throw:
		v, hits, ok := q.throwGain(act.ThrowX, act.ThrowY)
		if !ok || hits < 2 {
			return 0, false
		}
		return terrShot * v, true
	case soak.Hunker:
		saved := q.exposure(x, y, false) - q.exposure(x, y, true)
		if hit {
			saved *= 2
		}
		return terrExposure*float64(saved) + hunkerTieBreak, true
	}
	return 0, true
}
