package policy

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/bot"
)

// Greedy settings, in rum (the score) and cells.
const (
	// distWeight is what a cell closer to the target is worth in rum.
	distWeight = 1.0
	// autoBonus prefers the referee's own MOVE order among equals, which
	// steers well when nothing is in the way.
	autoBonus = 0.4
	// speedBonus prefers moving: a moving ship is harder to hit.
	speedBonus = 0.3
	// sinkCost is the cost of a ship sunk within the horizon.
	sinkCost = 200
	// fireSlack is the movement value a shot may cost: firing means not
	// changing course this turn.
	fireSlack = 1.0
	// mineSlack is the same for laying a mine.
	mineSlack = 0.5
	// mineReach is how close an enemy centre must be to the mine cell.
	mineReach = 3
)

// moveKinds are the orders that steer, WAIT (keep going) first.
var moveKinds = [5]cb.Kind{cb.Wait, cb.Faster, cb.Slower, cb.Port, cb.Starboard}

// Greedy is the one-turn heuristic bot. Each ship claims the nearest barrel
// no earlier ship claimed (or, with none left, hunts the nearest enemy
// when behind and keeps away when ahead), then tries every steering order
// on a copy of the turn rebuilt from its view, played out fcb.Horizon
// turns, and keeps the one that gains the most rum and ends closest to its
// target. Visible mines and cannonballs in flight hurt in those copies, so
// it avoids them. When going straight on is about as good, it fires at the
// nearest enemy's predicted position, or lays a mine in front of a
// follower. It remembers its own shots and mines for the cooldowns, so one
// Greedy plays one game (a view of an earlier turn starts afresh); it is a
// bot.Memory (internal/bot), so that it remembers the orders sent.
type Greedy struct {
	t  fcb.Turn
	cd memory
}

// NewGreedy returns a greedy policy for one game.
func NewGreedy() *Greedy { return new(Greedy) }

// Act implements Policy.
func (g *Greedy) Act(v *cb.View, dst []cb.Action) []cb.Action {
	return bot.Step[*cb.View, cb.Action](g, v, dst)
}

// Seen implements bot.Memory.
func (g *Greedy) Seen(v *cb.View) { g.cd.observe(v) }

// Fork implements bot.Memory.
func (g *Greedy) Fork() { g.cd.fork() }

// Decide implements bot.Memory.
func (g *Greedy) Decide(v *cb.View, dst []cb.Action) []cb.Action {
	return g.Plan(v, &g.cd.work, dst)
}

// Remembered is the cooldowns of the orders sent, for tests.
func (g *Greedy) Remembered() *fcb.Cooldowns { return &g.cd.sent }

// Sent implements bot.Memory.
func (g *Greedy) Sent(v *cb.View, sent []cb.Action) { g.cd.sent.RecordAnswer(v, sent) }

// Plan appends greedy's orders for view v with the cooldowns cd remembers
// (nil: all ready), without recording them: the network asks it for a
// hint with its own memory.
func (g *Greedy) Plan(v *cb.View, cd *fcb.Cooldowns, dst []cb.Action) []cb.Action {
	t := &g.t
	t.Reset(v, cd)
	for i := 0; i < t.N; i++ {
		t.Plan[i] = g.decide(i)
	}
	return append(dst, t.Plan[:t.N]...)
}

// Score is greedy's worth of a play-out's outcome.
func Score(o fcb.Outcome) float64 {
	v := float64(o.Gain) - distWeight*float64(o.Dist) + speedBonus*float64(o.Speed)
	if o.Sunk {
		v -= sinkCost
	}
	return v
}

// decide picks own ship i's order: the best steering order, or a shot or
// a mine when keeping course costs little.
func (g *Greedy) decide(i int) cb.Action {
	t := &g.t
	sh := t.Ship(i)
	auto := sh.Autopilot(t.Target[i])
	best, bestV, waitV := cb.Wait, -1e18, 0.0
	for _, k := range moveKinds {
		val := Score(t.PlayOut(i, cb.Action{Kind: k}))
		if k == auto {
			val += autoBonus
		}
		if k == cb.Wait {
			waitV = val
		}
		if val > bestV {
			best, bestV = k, val
		}
	}
	if waitV >= bestV-fireSlack && sh.CannonCD <= 1 {
		if c, ok := nearestShot(t.V, sh); ok {
			return cb.Action{Kind: cb.Fire, X: c.X, Y: c.Y}
		}
	}
	if waitV >= bestV-mineSlack && sh.MineCD <= 1 {
		if c, ok := fcb.MineCell(t.V, sh); ok && fcb.NearestEnemy(t.V, c) <= mineReach {
			return cb.Action{Kind: cb.LayMine}
		}
	}
	return cb.Action{Kind: best}
}

// nearestShot is the shot at the nearest predicted enemy position in range.
func nearestShot(v *cb.View, sh *cb.Ship) (cb.Coord, bool) {
	bow := sh.Bow()
	best, bd := cb.Coord{}, -1
	for k := range v.Ships {
		e := &v.Ships[k]
		if e.Owner == 0 {
			continue
		}
		if c, ok := fcb.FireTarget(v, sh, e); ok {
			if d := bow.Distance(c); bd < 0 || d < bd {
				best, bd = c, d
			}
		}
	}
	return best, bd >= 0
}
