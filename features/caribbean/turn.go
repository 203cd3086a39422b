package caribbean

import cb "cgpolicy/engine/caribbean"

// Horizon is how many turns a candidate order is played out: the order,
// then MOVE to the ship's target. Four turns see a cannonball fired at the
// longest range land, and every ball already in flight.
const Horizon = 4

// Cooldowns remembers the turns each own ship last fired and laid a mine,
// since the view does not show cooldowns. One Cooldowns follows one game;
// a turn earlier than the last one seen starts afresh (another game, or a
// position replayed by the trainer).
type Cooldowns struct {
	mem     []cdEntry
	last    int
	started bool
}

// cdEntry is one ship's memory; prev values let a turn's order be recorded
// again (a search changing its mind) without losing the earlier turns.
type cdEntry struct {
	id                         int
	fire, prevFire, mine, prev int
}

const never = -100

// Begin starts turn t.
func (c *Cooldowns) Begin(t int) {
	if c.started && t < c.last {
		c.Clear()
	}
	c.last, c.started = t, true
}

// Clear forgets every order, whatever turn comes next: the search rebuilds
// the cooldowns of each position it is given from that position alone,
// and the positions may come from other games at later turns.
func (c *Cooldowns) Clear() {
	c.mem, c.last, c.started = c.mem[:0], 0, false
}

func (c *Cooldowns) find(id int) *cdEntry {
	for i := range c.mem {
		if c.mem[i].id == id {
			return &c.mem[i]
		}
	}
	return nil
}

// Cannon is ship id's cannon cooldown as the referee holds it at the start
// of turn t: a ship may fire when it is at most 1. Orders recorded for turn
// t itself do not count.
func (c *Cooldowns) Cannon(id, t int) int {
	e := c.find(id)
	if e == nil || e.fire >= t {
		return 0
	}
	return nonNeg(e.fire + cb.CannonCooldown + 1 - t)
}

// Mine is ship id's mine cooldown at the start of turn t, as Cannon.
func (c *Cooldowns) Mine(id, t int) int {
	e := c.find(id)
	if e == nil || e.mine >= t {
		return 0
	}
	return nonNeg(e.mine + cb.MineCooldown + 1 - t)
}

// Record notes ship id's order a for turn t. Recording another order for
// the same turn replaces it.
func (c *Cooldowns) Record(id, t int, a cb.Action) {
	e := c.find(id)
	if e == nil {
		c.mem = append(c.mem, cdEntry{id: id, fire: never, prevFire: never, mine: never, prev: never})
		e = &c.mem[len(c.mem)-1]
	}
	if e.fire == t {
		e.fire = e.prevFire
	}
	if e.mine == t {
		e.mine = e.prev
	}
	switch a.Kind {
	case cb.Fire:
		e.prevFire, e.fire = e.fire, t
	case cb.LayMine:
		e.prev, e.mine = e.mine, t
	}
}

func nonNeg(v int) int {
	if v < 0 {
		return 0
	}
	return v
}

// Turn is a player's turn rebuilt from its view for play-outs.
type Turn struct {
	V   *cb.View
	Sim *cb.State // the view as a state, the own cooldowns set
	// N is the number of own ships afloat, the decisions.
	N int
	// Target is each own ship's target: the nearest barrel no earlier ship
	// claimed, else a cell ahead of the nearest enemy when not leading,
	// else the waypoint farthest from the enemy.
	Target [cb.MaxShips]cb.Coord
	// OnBarrel tells whether Target is a barrel.
	OnBarrel [cb.MaxShips]bool
	// Plan is each own ship's order in play-outs of the others' orders.
	Plan [cb.MaxShips]cb.Action

	tmp     *cb.State
	orders  [cb.MaxShips]cb.Action
	claimed []bool
}

// waypoints are where a ship with no barrel left to fetch and the lead
// sails, the one farthest from the enemy: moving targets are hard to hit.
var waypoints = [...]cb.Coord{
	{X: 3, Y: 3}, {X: 11, Y: 3}, {X: 19, Y: 3}, {X: 3, Y: 10}, {X: 19, Y: 10},
	{X: 3, Y: 17}, {X: 11, Y: 17}, {X: 19, Y: 17}, {X: 11, Y: 10},
}

// Reset rebuilds the turn of view v with the cooldowns cd remembers (nil:
// all ready), picks the targets and plans MOVE to them.
func (t *Turn) Reset(v *cb.View, cd *Cooldowns) {
	t.V = v
	t.Sim = cb.FromView(v, t.Sim)
	t.N = t.Sim.Alive(0)
	if t.N > cb.MaxShips {
		t.N = cb.MaxShips
	}
	own := t.Sim.PlayerShips(0)[:t.N]
	if cd != nil {
		for i := range own {
			own[i].CannonCD = cd.Cannon(own[i].ID, v.Turn)
			own[i].MineCD = cd.Mine(own[i].ID, v.Turn)
		}
	}
	t.targets()
	for i := 0; i < t.N; i++ {
		t.Plan[i] = cb.Action{Kind: cb.Move, X: t.Target[i].X, Y: t.Target[i].Y}
	}
}

// Ship is own ship i as the turn starts.
func (t *Turn) Ship(i int) *cb.Ship { return &t.Sim.PlayerShips(0)[i] }

// Rum is the total rum of owner o's ships in the view.
func Rum(v *cb.View, o int) int {
	n := 0
	for i := range v.Ships {
		if v.Ships[i].Owner == o {
			n += v.Ships[i].Rum
		}
	}
	return n
}

func (t *Turn) targets() {
	v := t.V
	if cap(t.claimed) < len(v.Barrels) {
		t.claimed = make([]bool, len(v.Barrels))
	}
	t.claimed = t.claimed[:len(v.Barrels)]
	for i := range t.claimed {
		t.claimed[i] = false
	}
	lead := Rum(v, 0) > Rum(v, 1)
	for i := 0; i < t.N; i++ {
		sh := t.Ship(i)
		best, bd := -1, 0
		for k, b := range v.Barrels {
			if t.claimed[k] {
				continue
			}
			if d := sh.Bow().Distance(b.Pos); best < 0 || d < bd {
				best, bd = k, d
			}
		}
		t.OnBarrel[i] = best >= 0
		switch {
		case best >= 0:
			t.claimed[best] = true
			t.Target[i] = v.Barrels[best].Pos
		case lead:
			t.Target[i] = keepAway(v, sh)
		default:
			t.Target[i] = hunt(v, sh)
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
			bd, t = d, Ahead(e.Pos, e.Orient, 2)
		}
	}
	return t
}

// keepAway is the waypoint farthest from every enemy ship, less a little
// for the way there.
func keepAway(v *cb.View, sh *cb.Ship) cb.Coord {
	best, bs := sh.Pos, -1e9
	for _, w := range waypoints {
		if w.Distance(sh.Pos) <= 1 {
			continue
		}
		far := 1 << 20
		for _, e := range v.Ships {
			if e.Owner != 0 {
				if d := w.Distance(e.Pos); d < far {
					far = d
				}
			}
		}
		if sc := float64(far) - 0.5*float64(sh.Pos.Distance(w)); sc > bs {
			best, bs = w, sc
		}
	}
	return best
}

// Ahead is the cell n steps from c in direction o, stopping at the edge.
func Ahead(c cb.Coord, o, n int) cb.Coord {
	for k := 0; k < n; k++ {
		nx := c.Neighbor(o)
		if !nx.Inside() {
			break
		}
		c = nx
	}
	return c
}

// Outcome is what a play-out did to the ship that was given the order.
type Outcome struct {
	Gain    int  // the ship's rum change (less when it sank: all it had)
	Dist    int  // cells from its centre to its target at the end
	Speed   int  // its speed at the end
	Sunk    bool // it sank
	OppLoss int  // rum the enemy lost beyond its 1 a turn (shots, mines)
	OwnLoss int  // rum the other own ships lost beyond 1 a turn
	Enemy   int  // cells from its centre to the nearest enemy centre
}

// PlayOut plays order a for own ship i on a copy of the turn, the other
// own ships at Plan, the enemy keeping its course (WAIT), then Horizon-1
// turns of MOVE to the targets for the own ships.
func (t *Turn) PlayOut(i int, a cb.Action) Outcome {
	if t.tmp == nil {
		t.tmp = t.Sim.Copy()
	}
	t.Sim.CopyTo(t.tmp)
	before := t.Ship(i).Rum
	ownBefore, oppBefore := t.Sim.Points(0)-before, t.Sim.Points(1)
	copy(t.orders[:t.N], t.Plan[:t.N])
	t.orders[i] = a
	_ = t.tmp.Step(t.orders[:t.N], nil)
	turns := 1
	for ; turns < Horizon && !t.tmp.Done(); turns++ {
		m := 0
		for j, sh := range t.tmp.PlayerShips(0)[:t.N] {
			if sh.Alive {
				t.orders[m] = cb.Action{Kind: cb.Move, X: t.Target[j].X, Y: t.Target[j].Y}
				m++
			}
		}
		_ = t.tmp.Step(t.orders[:m], nil)
	}
	after := &t.tmp.PlayerShips(0)[i]
	o := Outcome{Gain: after.Rum - before, Dist: after.Pos.Distance(t.Target[i]), Speed: after.Speed, Sunk: !after.Alive}
	if o.Sunk {
		o.Gain = -before
	}
	o.OppLoss = nonNeg(oppBefore - t.tmp.Points(1) - turns*t.Sim.Alive(1))
	o.OwnLoss = nonNeg(ownBefore - (t.tmp.Points(0) - after.Rum) - turns*(t.N-1))
	o.Enemy = 99
	for _, e := range t.tmp.PlayerShips(1) {
		if e.Alive {
			if d := after.Pos.Distance(e.Pos); d < o.Enemy {
				o.Enemy = d
			}
		}
	}
	return o
}

// FireTarget is where sh should fire to hit enemy e (an enemy ship of v):
// its predicted centre, and false when that is off the map, out of range
// or next to an own ship.
func FireTarget(v *cb.View, sh, e *cb.Ship) (cb.Coord, bool) {
	bow := sh.Bow()
	t := Predict(e, bow)
	if !t.Inside() || bow.Distance(t) > cb.FireRange || friendlyNear(v, t) {
		return t, false
	}
	return t, true
}

// Predict is where enemy e's centre is when a ball fired from bow lands
// there, if e keeps its course and speed: the flight time depends on the
// distance, so the guess is refined.
func Predict(e *cb.Ship, bow cb.Coord) cb.Coord {
	t := e.Pos
	for it := 0; it < 3; it++ {
		t = Ahead(e.Pos, e.Orient, e.Speed*Flight(bow.Distance(t)))
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

// MineCell is where sh's mine would go, and whether it can be laid there
// as far as the view shows (on the map, no barrel, mine or ship on it).
func MineCell(v *cb.View, sh *cb.Ship) (cb.Coord, bool) {
	c := sh.Stern().Neighbor((sh.Orient + 3) % 6)
	if !c.Inside() {
		return c, false
	}
	for _, b := range v.Barrels {
		if b.Pos == c {
			return c, false
		}
	}
	for _, m := range v.Mines {
		if m.Pos == c {
			return c, false
		}
	}
	for i := range v.Ships {
		s := &v.Ships[i]
		if s.Pos == c || s.Bow() == c || s.Stern() == c {
			return c, false
		}
	}
	return c, true
}

// NearestEnemy is the distance from c to the nearest enemy centre in v
// (99 when none).
func NearestEnemy(v *cb.View, c cb.Coord) int {
	best := 99
	for _, s := range v.Ships {
		if s.Owner != 0 {
			if d := s.Pos.Distance(c); d < best {
				best = d
			}
		}
	}
	return best
}

// CopyFrom makes c a copy of o, reusing c's buffer.
func (c *Cooldowns) CopyFrom(o *Cooldowns) {
	c.mem = append(c.mem[:0], o.mem...)
	c.last, c.started = o.last, o.started
}

// RecordAnswer notes the orders acts for view v, one per own ship in the
// view's order, as the referee reads them.
func (c *Cooldowns) RecordAnswer(v *cb.View, acts []cb.Action) {
	i := 0
	for k := range v.Ships {
		if sh := &v.Ships[k]; sh.Owner == 0 && i < len(acts) && i < cb.MaxShips {
			c.Record(sh.ID, v.Turn, acts[i])
			i++
		}
	}
}
