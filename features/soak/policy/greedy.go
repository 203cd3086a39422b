package policy

import (
	"cgpolicy/engine"
	"cgpolicy/engine/soak"
)

// Weights of the greedy's one-turn judgement, in points (see eval.go).
const (
	zoneWeight      = 1.5  // a cell held after this turn
	approachWeight  = 2.0  // a step of path still to walk to reach shooting range
	threatNow       = 0.6  // share of the ready enemies' fire expected this turn
	threatNext      = 0.25 // share of the fire expected next turn
	offenseNext     = 0.25 // share of next turn's best shot from here
	bombCost        = 12.0 // a bomb kept is a later chance of a double hit
	bombShareCost   = 8.0  // an own agent close enough to share one enemy bomb
	bombThreatReach = soak.ThrowRange + 3
	hunkerTieBreak  = 0.01 // hunkering is free, so prefer it to idling
)

// greedy plays one turn at a time: it picks agents one by one, each time the
// agent whose best order gains the most over standing idle, and commits
// that order, so later agents see earlier ones' targets (no overkill, focus
// fire) and bombs (never thrown onto a teammate, never walked into).
type greedy struct {
	buf  []soak.Action
	dist []int // path distance from each cell to the nearest enemy
	q    []int
}

// NewGreedy returns the one-turn heuristic policy. It is deterministic.
func NewGreedy() Policy { return &greedy{} }

// plan is one turn's decisions so far.
type plan struct {
	s       *soak.State
	me      int
	mine    []soak.Agent // own living agents
	enemies []soak.Agent // enemy living agents
	x, y    []int        // own agents' planned cells
	done    []bool
	planned []int // wetness already planned on each enemy
	ban     []bool
	dist    []int
}

// Act implements Policy.
func (g *greedy) Act(v *soak.View, dst []soak.Action) []soak.Action {
	s, me := v.State(), v.Me
	p := plan{s: s, me: me}
	for _, a := range s.Agents() {
		if !a.Alive {
			continue
		}
		if a.Owner == me {
			p.mine = append(p.mine, a)
			p.x, p.y = append(p.x, a.X), append(p.y, a.Y)
		} else {
			p.enemies = append(p.enemies, a)
		}
	}
	p.done = make([]bool, len(p.mine))
	p.planned = make([]int, len(p.enemies))
	p.ban = make([]bool, s.Width()*s.Height())
	g.distances(&p)
	p.dist = g.dist
	chosen := make([]soak.Action, len(p.mine))
	for range p.mine {
		bestI, bestGain := -1, 0.0
		var bestA soak.Action
		for i := range p.mine {
			if p.done[i] {
				continue
			}
			var a soak.Action
			var gain float64
			a, gain, g.buf = p.best(i, g.buf)
			if bestI < 0 || gain > bestGain {
				bestI, bestGain, bestA = i, gain, a
			}
		}
		p.commit(bestI, bestA)
		chosen[bestI] = bestA
	}
	return append(dst, chosen...)
}

// distances fills g.dist with the walking distance from every cell to the
// nearest enemy (a breadth-first search over floor from all enemies).
func (g *greedy) distances(p *plan) {
	s := p.s
	w, h := s.Width(), s.Height()
	if cap(g.dist) < w*h {
		g.dist = make([]int, w*h)
	}
	g.dist = g.dist[:w*h]
	for i := range g.dist {
		g.dist[i] = -1
	}
	g.q = g.q[:0]
	for _, e := range p.enemies {
		c := e.Y*w + e.X
		if g.dist[c] < 0 {
			g.dist[c] = 0
			g.q = append(g.q, c)
		}
	}
	for head := 0; head < len(g.q); head++ {
		c := g.q[head]
		x, y := c%w, c/w
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if s.Tile(nx, ny) != soak.Floor || g.dist[ny*w+nx] >= 0 {
				continue
			}
			g.dist[ny*w+nx] = g.dist[c] + 1
			g.q = append(g.q, ny*w+nx)
		}
	}
}

// best returns agent i's best order under the plan so far and its gain
// over standing idle.
func (p *plan) best(i int, buf []soak.Action) (soak.Action, float64, []soak.Action) {
	a := p.mine[i]
	buf = p.s.LegalActions(a.ID, buf[:0])
	var cache [5]struct {
		base, hunk  float64 // place value idle, and what hunkering adds
		blocked     bool
		initialized bool
	}
	idle := soak.Action{Agent: a.ID}
	bestA, bestV := idle, 0.0
	first := true
	baseline := 0.0
	for _, act := range buf {
		x, y := a.X, a.Y
		slot := 0
		if act.Move {
			x, y = act.MoveX, act.MoveY
			slot = 1 + dirIndex(x-a.X, y-a.Y)
		}
		c := &cache[slot]
		if !c.initialized {
			c.initialized = true
			c.blocked = act.Move && p.blocked(i, x, y)
			if !c.blocked {
				c.base, c.hunk = p.place(i, x, y)
			}
		}
		if c.blocked {
			continue
		}
		v := c.base
		switch act.Combat {
		case soak.Hunker:
			v += c.hunk + hunkerTieBreak
		case soak.Shoot:
			v += p.shotValue(a, x, y, act.ShootID)
		case soak.Throw:
			tv, ok := p.throwValue(act.ThrowX, act.ThrowY)
			if !ok {
				continue
			}
			v += tv - bombCost
		}
		if !act.Move && act.Combat == soak.NoCombat {
			baseline = v
		}
		if first || v > bestV {
			first, bestA, bestV = false, act, v
		}
	}
	return bestA, bestV - baseline, buf
}

// dirIndex numbers the four steps for the place cache.
func dirIndex(dx, dy int) int {
	switch {
	case dx == 1:
		return 0
	case dx == -1:
		return 1
	case dy == 1:
		return 2
	}
	return 3
}

// blocked reports whether agent i must not step onto (x, y): a teammate has
// already planned to go there, or a planned bomb lands on it.
func (p *plan) blocked(i, x, y int) bool {
	if p.ban[y*p.s.Width()+x] {
		return true
	}
	for j := range p.mine {
		if j != i && p.x[j] == x && p.y[j] == y {
			return true
		}
	}
	return false
}

// place values agent i standing at (x, y) after this turn's moves: zones,
// the walk still needed to reach its shooting range, the enemy fire it will
// draw now and next turn, the shots it will have next turn, and how bunched
// up it is against enemy bombs. It also returns what hunkering there saves.
func (p *plan) place(i, x, y int) (float64, float64) {
	s := p.s
	a := p.mine[i]
	var ags [soak.MaxAgents]zoneAgent
	n := 0
	for j, m := range p.mine {
		ax, ay := p.x[j], p.y[j]
		if j == i {
			ax, ay = x, y
		}
		ags[n] = zoneAgent{x: ax, y: ay, mine: true, wet: m.Wetness}
		n++
	}
	for k, e := range p.enemies {
		ags[n] = zoneAgent{x: e.X, y: e.Y, wet: e.Wetness + p.planned[k]}
		n++
	}
	v := zoneWeight * float64(zoneDiff(s.Width(), s.Height(), ags[:n]))

	if d := p.dist[y*s.Width()+x]; d >= 0 {
		if gap := d - a.Class.Stats().Range; gap > 0 {
			v -= approachWeight * float64(gap)
		}
	}

	now, nowHunk, next := 0, 0, 0
	offense := 0.0
	bomber := false
	for k, e := range p.enemies {
		if e.Wetness+p.planned[k] >= 100 {
			continue // it dies before it can matter
		}
		if e.Cooldown == 0 {
			if d, ok := ShotDamage(s, e.Class, e.X, e.Y, x, y, false); ok {
				now += d
				dh, _ := ShotDamage(s, e.Class, e.X, e.Y, x, y, true)
				nowHunk += dh
			}
		}
		if e.Cooldown <= 1 {
			if d, ok := ShotDamage(s, e.Class, e.X, e.Y, x, y, false); ok {
				next += d
			}
		}
		if e.Bombs > 0 && engine.Abs(e.X-x)+engine.Abs(e.Y-y) <= bombThreatReach {
			bomber = true
		}
		if d, ok := ShotDamage(s, a.Class, x, y, e.X, e.Y, false); ok {
			if o := WoundValue(e.Wetness+p.planned[k], d); o > offense {
				offense = o
			}
		}
	}
	lossNow := threatNow * WoundValue(a.Wetness, now)
	lossHunk := threatNow * WoundValue(a.Wetness, nowHunk)
	v -= lossNow
	v -= threatNext * WoundValue(a.Wetness+now/2, next)
	v += offenseNext * offense
	if bomber {
		for j := range p.mine {
			if j != i && engine.Abs(p.x[j]-x) <= 2 && engine.Abs(p.y[j]-y) <= 2 {
				v -= bombShareCost
			}
		}
	}
	return v, lossNow - lossHunk
}

// shotValue is what agent a's shot from (x, y) at target id adds, given the
// wetness teammates already plan to deal it.
func (p *plan) shotValue(a soak.Agent, x, y, id int) float64 {
	for k, e := range p.enemies {
		if e.ID != id {
			continue
		}
		d, ok := ShotDamage(p.s, a.Class, x, y, e.X, e.Y, false)
		if !ok {
			return 0
		}
		return WoundValue(e.Wetness+p.planned[k], d)
	}
	return 0
}

// throwValue is the worth of a bomb on (tx, ty); ok is false when its splash
// would reach a teammate where it stands now or where it plans to go.
func (p *plan) throwValue(tx, ty int) (float64, bool) {
	for j, m := range p.mine {
		if near(m.X, m.Y, tx, ty) || near(p.x[j], p.y[j], tx, ty) {
			return 0, false
		}
	}
	v := 0.0
	for k, e := range p.enemies {
		if near(e.X, e.Y, tx, ty) {
			v += WoundValue(e.Wetness+p.planned[k], soak.ThrowDamage)
		}
	}
	return v, true
}

// near reports whether (x, y) lies in the 3x3 splash around (tx, ty).
func near(x, y, tx, ty int) bool { return engine.Abs(x-tx) <= 1 && engine.Abs(y-ty) <= 1 }

// commit fixes agent i's order and updates what later agents see.
func (p *plan) commit(i int, act soak.Action) {
	p.done[i] = true
	a := p.mine[i]
	if act.Move {
		p.x[i], p.y[i] = act.MoveX, act.MoveY
	}
	switch act.Combat {
	case soak.Shoot:
		for k, e := range p.enemies {
			if e.ID == act.ShootID {
				if d, ok := ShotDamage(p.s, a.Class, p.x[i], p.y[i], e.X, e.Y, false); ok {
					p.planned[k] += d
				}
			}
		}
	case soak.Throw:
		w := p.s.Width()
		for k, e := range p.enemies {
			if near(e.X, e.Y, act.ThrowX, act.ThrowY) {
				p.planned[k] += soak.ThrowDamage
			}
		}
		for y := act.ThrowY - 1; y <= act.ThrowY+1; y++ {
			for x := act.ThrowX - 1; x <= act.ThrowX+1; x++ {
				if p.s.Tile(x, y) != soak.NoTile {
					p.ban[y*w+x] = true
				}
			}
		}
	}
}
