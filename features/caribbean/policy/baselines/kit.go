// Package baselines holds the hand-written Coders of the Caribbean bots of
// the evaluation pool and the league (issue 22): a barrel racer that
// collects rum and keeps out of fights, a cannon duellist that hunts the
// nearest ship and leads its shots, and a miner that sails ahead of the
// enemy and drops mines on its path, plus v1, the bot committed before the
// shared search, built from its commit (register.go, internal/frozen).
// Each plays a plan of its own, so that the learner and the arena measure
// more than how well a bot answers our greedy heuristic.
//
// They register under their names in features/caribbean/policy, so the
// arena (builtin:NAME), the trainer's pool (policy.PoolNames) and the
// tests name them like any other policy. They live apart from package
// policy so that the CodinGame bot, which imports policy, does not carry
// them. Import this package (for its side effect) wherever the pool is
// played. Every baseline is deterministic: the same views give the same
// orders.
package baselines

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
)

// steers are the orders that change course, WAIT (keep going) first.
var steers = [5]cb.Kind{cb.Wait, cb.Faster, cb.Slower, cb.Port, cb.Starboard}

// kit is what the baselines share: the turn rebuilt from the view for
// play-outs (fcb.Turn, whose targets each baseline replaces with its own)
// and the memory of the own shots and mines for the cooldowns, which the
// view does not show. One kit follows one game.
type kit struct {
	t  fcb.Turn
	cd fcb.Cooldowns
}

// begin loads view v: the turn, the cooldowns, fcb.Turn's targets; it
// returns k.
func (k *kit) begin(v *cb.View) *kit {
	k.cd.Begin(v.Turn)
	k.t.Reset(v, &k.cd)
	return k
}

// aim sets own ship i's target, the cell its play-outs steer to and
// measure the distance from.
func (k *kit) aim(i int, c cb.Coord) {
	k.t.Target[i] = c
	k.t.Plan[i] = cb.Action{Kind: cb.Move, X: c.X, Y: c.Y}
}

// steer plays every steering order of own ship i out and returns the best
// by score, and the score of keeping course (WAIT), which a shot or a mine
// also does. The referee's own MOVE to the target wins ties.
func (k *kit) steer(i int, score func(fcb.Outcome) float64) (best cb.Kind, bestV, waitV float64) {
	sh := k.t.Ship(i)
	auto := sh.Autopilot(k.t.Target[i])
	best, bestV = cb.Wait, -1e18
	for _, kind := range steers {
		val := score(k.t.PlayOut(i, cb.Action{Kind: kind}))
		if kind == auto {
			val += 0.4
		}
		if kind == cb.Wait {
			waitV = val
		}
		if val > bestV {
			best, bestV = kind, val
		}
	}
	return best, bestV, waitV
}

// commit fixes own ship i's order: later ships' play-outs assume it, and
// the cooldown memory records it.
func (k *kit) commit(i int, a cb.Action) cb.Action {
	k.t.Plan[i] = a
	k.cd.Record(k.t.Ship(i).ID, k.t.V.Turn, a)
	return a
}

// base is the part of every baseline's play-out score: rum kept, the way
// to the target, speed, and sinking.
func base(o fcb.Outcome) float64 {
	v := float64(o.Gain) - float64(o.Dist) + 0.3*float64(o.Speed)
	if o.Sunk {
		v -= 200
	}
	return v
}

// enemies lists the view's enemy ships.
func enemies(v *cb.View, dst []*cb.Ship) []*cb.Ship {
	for i := range v.Ships {
		if v.Ships[i].Owner != 0 {
			dst = append(dst, &v.Ships[i])
		}
	}
	return dst
}

// bowDist is the distance from the nearest enemy bow to c (99 with none),
// the enemy's side of a race to c.
func bowDist(v *cb.View, c cb.Coord) int {
	best := 99
	for i := range v.Ships {
		if e := &v.Ships[i]; e.Owner != 0 {
			if d := e.Bow().Distance(c); d < best {
				best = d
			}
		}
	}
	return best
}

// barrels assigns barrels to own ships in view order, each the one that
// cost ranks lowest among those no earlier ship took, and reports which
// ships got one. cost returns false for a barrel the ship should not
// fetch.
func (k *kit) barrels(cost func(sh *cb.Ship, b cb.Barrel) (float64, bool), taken []bool) (got [cb.MaxShips]bool) {
	v := k.t.V
	for i := range taken {
		taken[i] = false
	}
	for i := 0; i < k.t.N; i++ {
		sh := k.t.Ship(i)
		best, bc := -1, 0.0
		for j, b := range v.Barrels {
			if taken[j] {
				continue
			}
			c, ok := cost(sh, b)
			if ok && (best < 0 || c < bc) {
				best, bc = j, c
			}
		}
		if best >= 0 {
			taken[best] = true
			got[i] = true
			k.aim(i, v.Barrels[best].Pos)
		}
	}
	return got
}
