// Package baselines holds the hand-written Soak Overflow bots of the
// evaluation pool and the league (issue 10): an aggressive shooter and
// bomber, a territory holder and a cover camper, each with a plan of its own,
// so that the learner meets more than our greedy bot; and the pool's
// frozen bots, v1 and v2, the bots committed before the retraining and
// before the shared search (issue 21), built from their commits
// (register.go, internal/frozen). They register under
// their names in features/soak/policy, so the arena (builtin:NAME), the
// trainer's pool (policy.PoolNames) and the tests name them like any other
// policy.
//
// They live apart from package policy so that the CodinGame bot, which
// imports policy, does not carry them: its bundle must stay within
// CodinGame's 100,000 characters. Import this package (for its side
// effect) wherever the pool is played.
package baselines

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// squad is one turn's bookkeeping shared by the scripted pool baselines
// (aggressive, territory, camper): who is where, where own agents plan to
// stand, and how much wetness is already planned on each enemy. Agents are
// decided one at a time in id order; every order is taken from the
// engine's LegalActions, so a baseline can only print what the referee
// accepts.
type squad struct {
	s       *soak.State
	me      int
	mine    []soak.Agent // own living agents, id order
	enemies []soak.Agent // enemy living agents, id order
	x, y    []int        // planned cells of mine
	planned []int        // wetness already planned on each enemy
	bombed  []bool       // cells inside a planned splash: never step there
	buf     []soak.Action
	dist    []int // scratch of bfs
	queue   []int
	zMine   []int // prepareZone's nearest teammate distance per cell
	zTheirs []int // and nearest enemy distance
}

// reset loads v and forgets the last turn's plans.
func (q *squad) reset(v *soak.View) {
	q.s, q.me = v.State(), v.Me
	q.mine, q.enemies = q.mine[:0], q.enemies[:0]
	q.x, q.y = q.x[:0], q.y[:0]
	for _, a := range q.s.Agents() {
		if !a.Alive {
			continue
		}
		if a.Owner == q.me {
			q.mine = append(q.mine, a)
			q.x, q.y = append(q.x, a.X), append(q.y, a.Y)
		} else {
			q.enemies = append(q.enemies, a)
		}
	}
	q.planned = resizeInts(q.planned, len(q.enemies))
	for k := range q.planned {
		q.planned[k] = 0
	}
	n := q.s.Width() * q.s.Height()
	if cap(q.bombed) < n {
		q.bombed = make([]bool, n)
	}
	q.bombed = q.bombed[:n]
	for c := range q.bombed {
		q.bombed[c] = false
	}
}

// resizeInts returns a slice of length n, reusing b when it is big enough.
func resizeInts(b []int, n int) []int {
	if cap(b) < n {
		return make([]int, n)
	}
	return b[:n]
}

// legal fills q.buf with agent i's legal orders, minus moves onto a cell a
// teammate already plans to take or into a planned splash, and returns it.
func (q *squad) legal(i int) []soak.Action {
	q.buf = q.s.LegalActions(q.mine[i].ID, q.buf[:0])
	out := q.buf[:0]
	for _, a := range q.buf {
		if a.Move && !q.free(i, a.MoveX, a.MoveY) {
			continue
		}
		out = append(out, a)
	}
	q.buf = out
	return out
}

// free reports whether agent i may plan to end the turn on (x, y).
func (q *squad) free(i, x, y int) bool {
	if q.bombed[y*q.s.Width()+x] {
		return false
	}
	for j := range q.mine {
		if j != i && q.x[j] == x && q.y[j] == y {
			return false
		}
	}
	return true
}

// dest is where an order leaves agent a.
func dest(a soak.Agent, act soak.Action) (int, int) {
	if act.Move {
		return act.MoveX, act.MoveY
	}
	return a.X, a.Y
}

// enemyIndex finds an enemy by id, -1 when it is not a living enemy.
func (q *squad) enemyIndex(id int) int {
	for k, e := range q.enemies {
		if e.ID == id {
			return k
		}
	}
	return -1
}

// shot is agent i's shot from (x, y) at act's target: the target's index
// among the enemies, the gain and the damage (shotGain); false when the
// target is no enemy.
func (q *squad) shot(i, x, y int, act soak.Action) (k int, v float64, d int, ok bool) {
	if k = q.enemyIndex(act.ShootID); k < 0 {
		return k, 0, 0, false
	}
	v, d = q.shotGain(i, x, y, k)
	return k, v, d, true
}

// shotGain is the worth of agent i shooting enemy k from (x, y) after the
// plans so far, with the damage it would deal.
func (q *squad) shotGain(i, x, y, k int) (float64, int) {
	e := q.enemies[k]
	d, ok := policy.ShotDamage(q.s, q.mine[i].Class, x, y, e.X, e.Y, false)
	if !ok {
		return 0, 0
	}
	return policy.WoundValue(e.Wetness+q.planned[k], d), d
}

// throwGain is the worth of a bomb on (tx, ty) and how many enemies it
// catches; ok is false when the splash would reach a teammate where it
// stands or plans to stand (i's own planned cell included).
func (q *squad) throwGain(tx, ty int) (v float64, hits int, ok bool) {
	for j, m := range q.mine {
		if near(m.X, m.Y, tx, ty) || near(q.x[j], q.y[j], tx, ty) {
			return 0, 0, false
		}
	}
	for k, e := range q.enemies {
		if near(e.X, e.Y, tx, ty) {
			v += policy.WoundValue(e.Wetness+q.planned[k], soak.ThrowDamage)
			hits++
		}
	}
	return v, hits, true
}

// exposure is the wetness that the enemies able to shoot now or next turn
// would deal to an own agent on (x, y), hunkered or not.
func (q *squad) exposure(x, y int, hunker bool) int {
	sum := 0
	for k, e := range q.enemies {
		if e.Cooldown > 1 || e.Wetness+q.planned[k] >= 100 {
			continue
		}
		if d, ok := policy.ShotDamage(q.s, e.Class, e.X, e.Y, x, y, hunker); ok {
			sum += d
		}
	}
	return sum
}

// bombsNear reports whether an enemy with a bomb left could reach (x, y)
// with one this turn or the next.
func (q *squad) bombsNear(x, y int) bool {
	for _, e := range q.enemies {
		if e.Bombs > 0 && iabs(e.X-x)+iabs(e.Y-y) <= soak.ThrowRange+3 {
			return true
		}
	}
	return false
}

// crowd counts the teammates of agent i whose planned cells one splash
// could hit together with (x, y).
func (q *squad) crowd(i, x, y int) int {
	n := 0
	for j := range q.mine {
		if j != i && iabs(q.x[j]-x) <= 2 && iabs(q.y[j]-y) <= 2 {
			n++
		}
	}
	return n
}

// prepareZone readies zoneAt for agent i: for every cell, the zone
// distance to the nearest teammate of i on its planned cell and to the
// nearest enemy, wet as planned (the referee's rule: Manhattan distance,
// doubled at 50 wetness or more).
func (q *squad) prepareZone(i int) {
	w, h := q.s.Width(), q.s.Height()
	q.zMine, q.zTheirs = resizeInts(q.zMine, w*h), resizeInts(q.zTheirs, w*h)
	for c := range q.zMine {
		q.zMine[c], q.zTheirs[c] = 1<<30, 1<<30
	}
	for j, m := range q.mine {
		if j != i {
			nearest(q.zMine, w, h, q.x[j], q.y[j], m.Wetness)
		}
	}
	for k, e := range q.enemies {
		nearest(q.zTheirs, w, h, e.X, e.Y, e.Wetness+q.planned[k])
	}
}

// nearest lowers each cell's distance in dist to that of an agent on
// (ax, ay) with wetness wet.
func nearest(dist []int, w, h, ax, ay, wet int) {
	mult := 1
	if wet >= 50 {
		mult = 2
	}
	for y := 0; y < h; y++ {
		dy := iabs(ay - y)
		for x := 0; x < w; x++ {
			if d := (iabs(ax-x) + dy) * mult; d < dist[y*w+x] {
				dist[y*w+x] = d
			}
		}
	}
}

// zoneAt is the cells we would hold minus theirs with agent i on (x, y)
// and everyone else as prepareZone(i) saw them; ties hold for nobody.
func (q *squad) zoneAt(i, x, y int) int {
	w, h := q.s.Width(), q.s.Height()
	if len(q.enemies) == 0 {
		return w * h
	}
	mult := 1
	if q.mine[i].Wetness >= 50 {
		mult = 2
	}
	diff := 0
	for cy := 0; cy < h; cy++ {
		dy := iabs(y - cy)
		for cx := 0; cx < w; cx++ {
			c := cy*w + cx
			mine := (iabs(x-cx) + dy) * mult
			if q.zMine[c] < mine {
				mine = q.zMine[c]
			}
			switch {
			case mine < q.zTheirs[c]:
				diff++
			case q.zTheirs[c] < mine:
				diff--
			}
		}
	}
	return diff
}

// commit fixes agent i's order: its planned cell, and the wetness its shot
// or bomb will add, so later agents spread their fire and keep out of the
// splash.
func (q *squad) commit(i int, act soak.Action) {
	q.x[i], q.y[i] = dest(q.mine[i], act)
	switch act.Combat {
	case soak.Shoot:
		if k := q.enemyIndex(act.ShootID); k >= 0 {
			_, d := q.shotGain(i, q.x[i], q.y[i], k)
			q.planned[k] += d
		}
	case soak.Throw:
		for k, e := range q.enemies {
			if near(e.X, e.Y, act.ThrowX, act.ThrowY) {
				q.planned[k] += soak.ThrowDamage
			}
		}
		w := q.s.Width()
		for y := act.ThrowY - 1; y <= act.ThrowY+1; y++ {
			for x := act.ThrowX - 1; x <= act.ThrowX+1; x++ {
				if q.s.Tile(x, y) != soak.NoTile {
					q.bombed[y*w+x] = true
				}
			}
		}
	}
}

// bfs fills q.dist with the walking distance over floor from (x, y) to
// every cell (-1 where unreachable) and returns it.
func (q *squad) bfs(x, y int) []int {
	s := q.s
	w, h := s.Width(), s.Height()
	q.dist = resizeInts(q.dist, w*h)
	for c := range q.dist {
		q.dist[c] = -1
	}
	q.queue = append(q.queue[:0], y*w+x)
	q.dist[y*w+x] = 0
	for head := 0; head < len(q.queue); head++ {
		c := q.queue[head]
		cx, cy := c%w, c/w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := cx+d[0], cy+d[1]
			if s.Tile(nx, ny) != soak.Floor || q.dist[ny*w+nx] >= 0 {
				continue
			}
			q.dist[ny*w+nx] = q.dist[c] + 1
			q.queue = append(q.queue, ny*w+nx)
		}
	}
	return q.dist
}

// bestCombat picks, among the orders in acts that end on (x, y), the one
// whose combat part scores highest under score; orders score returns ok
// false for are skipped. With no order left it returns the plain move
// (or stay) to (x, y), hunkering, which is always legal.
func bestCombat(a soak.Agent, acts []soak.Action, x, y int, score func(act soak.Action) (float64, bool)) soak.Action {
	best := soak.Action{Agent: a.ID, Combat: soak.Hunker}
	if x != a.X || y != a.Y {
		best.Move, best.MoveX, best.MoveY = true, x, y
	}
	bestV, found := 0.0, false
	for _, act := range acts {
		if ax, ay := dest(a, act); ax != x || ay != y {
			continue
		}
		v, ok := score(act)
		if ok && (!found || v > bestV) {
			best, bestV, found = act, v, true
		}
	}
	return best
}

// hunkerTieBreak makes hunkering, which is free, win over standing idle.
const hunkerTieBreak = 0.01

// near reports whether (x, y) lies in the 3x3 splash around (tx, ty).
func near(x, y, tx, ty int) bool { return iabs(x-tx) <= 1 && iabs(y-ty) <= 1 }

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// slot numbers an agent's five possible end cells (stay, then the four
// steps) for a per-cell cache.
func slot(a soak.Agent, x, y int) int {
	switch {
	case x == a.X+1:
		return 1
	case x == a.X-1:
		return 2
	case y == a.Y+1:
		return 3
	case y == a.Y-1:
		return 4
	}
	return 0
}

// choose is agent a's best of acts: the highest sum of place, the worth
// of the act's end cell (made once a cell), and combat, the worth of its
// combat part there, or false to leave the act out; hunkering where it
// stands when every act is left out.
func (q *squad) choose(a soak.Agent, acts []soak.Action, place func(x, y int) float64, combat func(x, y int, act soak.Action) (float64, bool)) soak.Action {
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
			c.v = place(x, y)
		}
		cv, ok := combat(x, y, act)
		if !ok {
			continue
		}
		if v := c.v + cv; !found || v > bestV {
			best, bestV, found = act, v, true
		}
	}
	return best
}
