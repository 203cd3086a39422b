package policy

import cb "cgpolicy/engine/caribbean"

// Greedy settings, in rum (the score) and cells.
const (
	// greedyHorizon is how many turns each movement order is played out:
	// the order, then MOVE to the ship's target. Three turns see every
	// cannonball already in flight that can still be dodged.
	greedyHorizon = 3
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

// waypoints are where a ship with no barrel left to fetch and the lead
// sails, the one farthest from the enemy: moving targets are hard to hit.
var waypoints = [...]cb.Coord{{X: 3, Y: 3}, {X: 11, Y: 3}, {X: 19, Y: 3}, {X: 3, Y: 10}, {X: 19, Y: 10}, {X: 3, Y: 17}, {X: 11, Y: 17}, {X: 19, Y: 17}, {X: 11, Y: 10}}

// cooldown is what a greedy policy remembers of one own ship: the turns it
// last fired and laid a mine (the view does not show cooldowns).
type cooldown struct {
	id, fire, mine int
}

// Greedy is the one-turn heuristic bot. Each ship claims the nearest barrel
// no earlier ship claimed (or, with none left, hunts the nearest enemy
// when behind and keeps away when ahead), then tries every steering order
// on a copy of the turn rebuilt from its view, played out greedyHorizon
// turns, and keeps the one that gains the most rum and ends closest to its
// target. Visible mines and cannonballs in flight hurt in those copies, so
// it avoids them. When going straight on is about as good, it fires at the
// nearest enemy's predicted position, or lays a mine in front of a
// follower. It remembers its own shots and mines for the cooldowns, so one
// Greedy plays one game (a view of an earlier turn starts afresh).
type Greedy struct {
	sim, tmp *cb.State
	mem      []cooldown
	lastTurn int
	target   [cb.MaxShips]cb.Coord
	plan     [cb.MaxShips]cb.Action
	orders   [cb.MaxShips]cb.Action
	claimed  []bool
}

// NewGreedy returns a greedy policy for one game.
func NewGreedy() *Greedy { return &Greedy{lastTurn: -1} }

// Act implements Policy.
func (g *Greedy) Act(v *cb.View, dst []cb.Action) []cb.Action {
	if v.Turn <= g.lastTurn {
		g.mem = g.mem[:0]
	}
	g.lastTurn = v.Turn
	n := OwnShips(v)
	if n == 0 {
		return dst
	}
	if n > cb.MaxShips {
		n = cb.MaxShips
	}
	g.sim = cb.FromView(v, g.sim)
	own := g.sim.PlayerShips(0)[:n]
	for i := range own {
		c := g.cooldown(own[i].ID)
		own[i].CannonCD = clampCD(c.fire + 3 - v.Turn)
		own[i].MineCD = clampCD(c.mine + 6 - v.Turn)
	}
	g.targets(v, own)
	for i := range own {
		g.plan[i] = cb.Action{Kind: cb.Move, X: g.target[i].X, Y: g.target[i].Y}
	}
	for i := range own {
		g.plan[i] = g.decide(v, i)
		c := g.cooldown(own[i].ID)
		switch g.plan[i].Kind {
		case cb.Fire:
			c.fire = v.Turn
		case cb.LayMine:
			c.mine = v.Turn
		}
	}
	return append(dst, g.plan[:n]...)
}

// clampCD is a cooldown that cannot be negative.
func clampCD(cd int) int {
	if cd < 0 {
		return 0
	}
	return cd
}

// cooldown finds (or starts) the memory of ship id.
func (g *Greedy) cooldown(id int) *cooldown {
	for i := range g.mem {
		if g.mem[i].id == id {
			return &g.mem[i]
		}
	}
	g.mem = append(g.mem, cooldown{id: id, fire: -100, mine: -100})
	return &g.mem[len(g.mem)-1]
}

// targets picks each own ship's target cell.
func (g *Greedy) targets(v *cb.View, own []cb.Ship) {
	if cap(g.claimed) < len(v.Barrels) {
		g.claimed = make([]bool, len(v.Barrels))
	}
	g.claimed = g.claimed[:len(v.Barrels)]
	for i := range g.claimed {
		g.claimed[i] = false
	}
	myRum, oppRum := 0, 0
	for _, sh := range v.Ships {
		if sh.Owner == 0 {
			myRum += sh.Rum
		} else {
			oppRum += sh.Rum
		}
	}
	for i := range own {
		sh := &own[i]
		best, bd := -1, 0
		for k, b := range v.Barrels {
			if g.claimed[k] {
				continue
			}
			d := sh.Bow().Distance(b.Pos)
			if best < 0 || d < bd {
				best, bd = k, d
			}
		}
		if best >= 0 {
			g.claimed[best] = true
			g.target[i] = v.Barrels[best].Pos
			continue
		}
		if myRum <= oppRum {
			g.target[i] = hunt(v, sh)
		} else {
			g.target[i] = keepAway(v, sh)
		}
	}
}

// hunt is a cell two steps ahead of the enemy ship nearest to sh.
func hunt(v *cb.View, sh *cb.Ship) cb.Coord {
	t, bd := sh.Pos, -1
	for _, e := range v.Ships {
		if e.Owner == 0 {
			continue
		}
		if d := sh.Pos.Distance(e.Pos); bd < 0 || d < bd {
			bd, t = d, ahead(e.Pos, e.Orient, 2)
		}
	}
	return t
}

// keepAway is the waypoint farthest from every enemy ship, less a little
// for the way there.
func keepAway(v *cb.View, sh *cb.Ship) cb.Coord {
	best, bs := sh.Pos, -1e9
	for _, w := range waypoints {
		far := 1 << 20
		for _, e := range v.Ships {
			if e.Owner != 0 {
				if d := w.Distance(e.Pos); d < far {
					far = d
				}
			}
		}
		if sc := float64(far) - 0.5*float64(sh.Pos.Distance(w)); sc > bs && w.Distance(sh.Pos) > 1 {
			best, bs = w, sc
		}
	}
	return best
}

// ahead is the cell n steps from c in direction o, stopping at the edge.
func ahead(c cb.Coord, o, n int) cb.Coord {
	for k := 0; k < n; k++ {
		nx := c.Neighbor(o)
		if !nx.Inside() {
			break
		}
		c = nx
	}
	return c
}

// decide picks own ship i's order: the best steering order, or a shot or
// a mine when keeping course costs little.
func (g *Greedy) decide(v *cb.View, i int) cb.Action {
	sh := &g.sim.PlayerShips(0)[i]
	auto := sh.Autopilot(g.target[i])
	best, bestV, waitV := cb.Wait, -1e18, 0.0
	for _, k := range moveKinds {
		val := g.playOut(i, k)
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
		if t, ok := FireTarget(v, sh); ok {
			return cb.Action{Kind: cb.Fire, X: t.X, Y: t.Y}
		}
	}
	if waitV >= bestV-mineSlack && sh.MineCD <= 1 && g.mineWorth(v, sh) {
		return cb.Action{Kind: cb.LayMine}
	}
	return cb.Action{Kind: best}
}

// playOut plays own ship i's order k on a copy of the turn (the other own
// ships at their plans, the enemy keeping course), then greedyHorizon-1
// turns of MOVE to the targets, and scores ship i: rum gained, cells left
// to its target, its speed, and a large cost if it sank.
func (g *Greedy) playOut(i int, k cb.Kind) float64 {
	if g.tmp == nil {
		g.tmp = g.sim.Copy()
	}
	g.sim.CopyTo(g.tmp)
	own := g.sim.PlayerShips(0)
	n := g.sim.Alive(0)
	before := own[i].Rum
	copy(g.orders[:n], g.plan[:n])
	g.orders[i] = cb.Action{Kind: k}
	_ = g.tmp.Step(g.orders[:n], nil)
	for t := 1; t < greedyHorizon && !g.tmp.Done(); t++ {
		m := 0
		for j := 0; j < n; j++ {
			if g.tmp.PlayerShips(0)[j].Alive {
				g.orders[m] = cb.Action{Kind: cb.Move, X: g.target[j].X, Y: g.target[j].Y}
				m++
			}
		}
		_ = g.tmp.Step(g.orders[:m], nil)
	}
	after := &g.tmp.PlayerShips(0)[i]
	if !after.Alive {
		return -sinkCost - float64(before)
	}
	return float64(after.Rum-before) - distWeight*float64(after.Pos.Distance(g.target[i])) + speedBonus*float64(after.Speed)
}

// FireTarget is where sh should fire: the predicted centre of the nearest
// enemy ship in range, if it keeps its course and speed for the flight, and
// false when none is in range or a friendly ship is near the cell.
func FireTarget(v *cb.View, sh *cb.Ship) (cb.Coord, bool) {
	bow := sh.Bow()
	best, bd := cb.Coord{}, -1
	for _, e := range v.Ships {
		if e.Owner == 0 {
			continue
		}
		t := Predict(&e, bow)
		d := bow.Distance(t)
		if !t.Inside() || d > cb.FireRange || friendlyNear(v, t) {
			continue
		}
		if bd < 0 || d < bd {
			best, bd = t, d
		}
	}
	return best, bd >= 0
}

// Predict is where enemy e's centre is when a ball fired from bow lands
// there, if e keeps its course and speed: the flight time depends on the
// distance, so the guess is refined twice.
func Predict(e *cb.Ship, bow cb.Coord) cb.Coord {
	t := e.Pos
	for it := 0; it < 3; it++ {
		t = ahead(e.Pos, e.Orient, e.Speed*Flight(bow.Distance(t)))
	}
	return t
}

// Flight is a cannonball's flight time over d cells: 1 + round(d/3).
func Flight(d int) int { return 1 + (d+1)/3 }

// friendlyNear reports whether an own ship's centre is within 1 of c.
func friendlyNear(v *cb.View, c cb.Coord) bool {
	for _, s := range v.Ships {
		if s.Owner == 0 && s.Pos.Distance(c) <= 1 {
			return true
		}
	}
	return false
}

// mineWorth reports whether a mine behind sh would lie near an enemy and
// its cell is free of what would stop it.
func (g *Greedy) mineWorth(v *cb.View, sh *cb.Ship) bool {
	c := sh.Stern().Neighbor((sh.Orient + 3) % 6)
	if !c.Inside() {
		return false
	}
	for _, b := range v.Barrels {
		if b.Pos == c {
			return false
		}
	}
	for _, m := range v.Mines {
		if m.Pos == c {
			return false
		}
	}
	near := false
	for _, s := range v.Ships {
		if s.Pos.Distance(c) <= 1 {
			return false
		}
		if s.Owner != 0 && s.Pos.Distance(c) <= mineReach {
			near = true
		}
	}
	return near
}
