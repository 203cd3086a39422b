package policy

import (
	"cgpolicy/engine"
	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
)

// Greedy is the hunter: it tracks the opponent, fires its torpedo at the
// cell where the tracker expects the most damage (less the damage it would
// take itself), moves where it keeps the most room while closing to firing
// range of the likely cells, charges torpedo, then silence, then sonar,
// silences whenever it can (to hide where its shots and moves gave it
// away), sonars the sector that best splits the tracker's cells, and
// surfaces only when no cell is free.
type Greedy struct {
	mind  *focean.Mind // the mind of the Plan in progress
	queue [focean.Cells]int16
	// MinShot is the least net expected damage a torpedo must promise.
	MinShot float64
	// MineWeight is what a move or silence gives up per life the
	// opponent's possible mines around its end cell threaten
	// (Tracker.MineDanger), in cells of room.
	MineWeight float64
}

// NewGreedy returns the hunter.
func NewGreedy() *Greedy { return &Greedy{MinShot: 0.5, MineWeight: 8} }

// Plan implements Planner.
func (g *Greedy) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	g.mind = m
	if v.Request == 0 {
		c := g.startCell()
		return append(dst, ocean.Action{X: c % focean.Size, Y: c / focean.Size})
	}
	return g.plan(v, dst)
}

// startCell is the water cell with the most water within three steps (as
// the crow flies), away from narrow places; the first in row order on ties.
func (g *Greedy) startCell() int {
	mp := g.mind.Map
	best, bestN := -1, -1
	for c := 0; c < focean.Cells; c++ {
		if mp.Island[c] {
			continue
		}
		x, y := c%focean.Size, c/focean.Size
		n := 0
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				if engine.Abs(dx)+engine.Abs(dy) <= 3 && mp.Water(x+dx, y+dy) {
					n++
				}
			}
		}
		if n > bestN {
			best, bestN = c, n
		}
	}
	return best
}

// plan builds the turn's chain.
func (g *Greedy) plan(v *ocean.View, dst []ocean.Action) []ocean.Action {
	m := g.mind
	tr := &m.Tracker
	c := focean.Cell(v.X, v.Y)
	cd := v.Cooldown
	visited := m.Visited

	if cd[ocean.Sonar] == 0 && tr.Cells > 6 {
		if s, ok := g.sonarSector(); ok {
			dst = append(dst, ocean.Action{Kind: ocean.SonarAct, Sector: s})
		}
	}

	// a shot from here, before moving
	fired := false
	bt, bs := -1, -1e9
	if cd[ocean.Torpedo] == 0 {
		bt, bs = g.bestShot(c, v.Life, v.OppLife)
	}

	surfaced := false
	d, ok := g.bestMove(c, &visited)
	if !ok {
		dst = append(dst, ocean.Action{Kind: ocean.SurfaceAct})
		surfaced = true
		visited = focean.Bits{}
		visited.Set(c)
		d, ok = g.bestMove(c, &visited)
	}
	if bt >= 0 && bs >= g.MinShot {
		// is a shot after the move better? only if we would still stand
		nc := c
		if ok {
			nc = int(m.Map.Next[c][d])
		}
		at, as := g.bestShot(nc, v.Life, v.OppLife)
		if at >= 0 && as > bs+0.25 {
			bt, bs = -1, -1e9
		} else {
			dst = append(dst, ocean.Action{Kind: ocean.TorpedoAct, X: bt % focean.Size, Y: bt / focean.Size, Sector: focean.Before})
			fired = true
			cd[ocean.Torpedo] = ocean.Torpedo.Max()
		}
	}
	if ok {
		charge := focean.Charge(&cd, ocean.Torpedo, ocean.Silence, ocean.Sonar)
		if charge != ocean.NoPower {
			cd[charge]--
		}
		dst = append(dst, ocean.Action{Kind: ocean.MoveAct, Dir: d, Charge: charge})
		c = int(m.Map.Next[c][d])
		visited.Set(c)
	}
	if !fired && cd[ocean.Torpedo] == 0 {
		if t, s := g.bestShot(c, v.Life, v.OppLife); t >= 0 && s >= g.MinShot {
			dst = append(dst, ocean.Action{Kind: ocean.TorpedoAct, X: t % focean.Size, Y: t / focean.Size})
			fired = true
		}
	}
	if cd[ocean.Silence] == 0 {
		sd, n := g.bestSilence(c, &visited)
		if n > 0 || fired || surfaced {
			dst = append(dst, ocean.Action{Kind: ocean.SilenceAct, Dir: sd, Dist: n})
		}
	}
	return dst
}

// bestShot is the torpedo target from cell from with the highest expected
// damage to the opponent, less what the blast does to us, and that score;
// -1 when every target would cost us our last lives.
func (g *Greedy) bestShot(from, life, oppLife int) (int, float64) {
	m := g.mind
	tr := &m.Tracker
	best, bestS := -1, -1e9
	reach := &m.Map.Reach[from]
	for t := 0; t < focean.Cells; t++ {
		if !reach.Has(t) {
			continue
		}
		self := focean.Damage(t, from)
		if self >= life {
			continue
		}
		tx, ty := t%focean.Size, t/focean.Size
		e, kill := 0.0, 0.0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if !focean.Inside(tx+dx, ty+dy) {
					continue
				}
				c := focean.Cell(tx+dx, ty+dy)
				p := tr.Prob(c)
				if p == 0 {
					continue
				}
				dmg := focean.Damage(t, c)
				e += p * float64(dmg)
				if dmg >= oppLife {
					kill += p
				}
			}
		}
		s := e + 2*kill - 1.2*float64(self)
		if s > bestS {
			best, bestS = t, s
		}
	}
	return best, bestS
}

// bestMove is the free direction from c that leaves the most room (up to
// a point) and best keeps the likely cells at firing distance.
func (g *Greedy) bestMove(c int, visited *focean.Bits) (ocean.Dir, bool) {
	m := g.mind
	best, bestS, ok := ocean.Dir(0), -1e9, false
	for d := ocean.Dir(0); d < 4; d++ {
		n := int(m.Map.Next[c][d])
		if n < 0 || visited.Has(n) {
			continue
		}
		area := m.Area(n, visited, 40, &g.queue)
		s := float64(area)
		if area < 40 {
			s -= 20 // a dead end ahead: surfacing soon
		}
		s -= 0.8 * g.rangeGap(n)
		s -= g.MineWeight * m.Tracker.MineDanger(n)
		if s > bestS {
			best, bestS, ok = d, s, true
		}
	}
	return best, ok
}

// rangeGap is how far cell n is, on average over the tracker's belief,
// from three steps of the opponent: close enough to fire, not so close
// that its own shots are easy. It is 0 while the belief is still wide.
func (g *Greedy) rangeGap(n int) float64 {
	tr := &g.mind.Tracker
	if tr.Cells > 40 {
		return 0
	}
	nx, ny := n%focean.Size, n/focean.Size
	sum := 0.0
	for c := 0; c < focean.Cells; c++ {
		if tr.Count[c] == 0 {
			continue
		}
		dist := engine.Abs(c%focean.Size-nx) + engine.Abs(c/focean.Size-ny)
		sum += tr.Prob(c) * float64(engine.Abs(dist-3))
	}
	return sum
}

// bestSilence is the SILENCE from c ending where the most room is left,
// preferring longer runs on ties.
func (g *Greedy) bestSilence(c int, visited *focean.Bits) (ocean.Dir, int) {
	m := g.mind
	bestD, bestN, bestS := ocean.Dir(0), 0, -1e9
	for d := ocean.Dir(0); d < 4; d++ {
		at := c
		vis := *visited
		for n := 1; n <= 4; n++ {
			nx := int(m.Map.Next[at][d])
			if nx < 0 || vis.Has(nx) {
				break
			}
			at = nx
			vis.Set(at)
			area := m.Area(at, &vis, 40, &g.queue)
			s := float64(area) + 0.1*float64(n) - g.MineWeight*m.Tracker.MineDanger(at)
			if s > bestS {
				bestD, bestN, bestS = d, n, s
			}
		}
	}
	return bestD, bestN
}

// sonarSector is the sector whose share of the tracker's paths is nearest
// one half: the answer splits the belief best.
func (g *Greedy) sonarSector() (int, bool) {
	tr := &g.mind.Tracker
	var mass [10]float64
	for c := 0; c < focean.Cells; c++ {
		if tr.Count[c] > 0 {
			mass[focean.Sector(c%focean.Size, c/focean.Size)] += tr.Prob(c)
		}
	}
	best, bestGap := 0, 1.0
	for s := 1; s <= 9; s++ {
		if mass[s] <= 0 || mass[s] >= 1 {
			continue
		}
		if gap := abs64(mass[s] - 0.5); gap < bestGap {
			best, bestGap = s, gap
		}
	}
	return best, best > 0
}

func abs64(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
