package ocean

import (
	"cgpolicy/engine"
	"cgpolicy/engine/ocean"
)

// Shot is what a torpedo at Target promises by the tracker's belief.
type Shot struct {
	Target int
	// Expected is the expected damage to the opponent, Kill the chance it
	// kills, Self the damage to us (known: we know our cell).
	Expected, Kill float64
	Self           int
}

// Score is the greedy worth of the shot: expected damage, a bonus for a
// likely kill, less our own damage.
func (s Shot) Score() float64 { return s.Expected + 2*s.Kill - 1.2*float64(s.Self) }

// ShotAt evaluates a torpedo at cell t fired from cell from, with our and
// the opponent's lives.
func (m *Mind) ShotAt(from, t, oppLife int) Shot {
	tr := &m.Tracker
	sh := Shot{Target: t, Self: Damage(t, from)}
	tx, ty := t%Size, t/Size
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if !Inside(tx+dx, ty+dy) {
				continue
			}
			c := Cell(tx+dx, ty+dy)
			p := tr.Prob(c)
			if p == 0 {
				continue
			}
			dmg := Damage(t, c)
			sh.Expected += p * float64(dmg)
			if dmg >= oppLife {
				sh.Kill += p
			}
		}
	}
	return sh
}

// TopShots fills dst with the best shots from cell from by Score, best
// first, leaving out those that would cost us our last lives; it returns
// how many it found (at most len(dst)).
func (m *Mind) TopShots(from, life, oppLife int, dst []Shot) int {
	n := 0
	reach := &m.Map.Reach[from]
	for t := 0; t < Cells; t++ {
		if !reach.Has(t) || Damage(t, from) >= life {
			continue
		}
		sh := m.ShotAt(from, t, oppLife)
		if sh.Expected == 0 && n == len(dst) {
			continue
		}
		s := sh.Score()
		// insertion into the sorted top list
		i := n
		if n < len(dst) {
			n++
		} else if s <= dst[n-1].Score() {
			continue
		} else {
			i = n - 1
		}
		for i > 0 && dst[i-1].Score() < s {
			dst[i] = dst[i-1]
			i--
		}
		dst[i] = sh
	}
	return n
}

// ReachMass is the share of the belief that a torpedo from cell c can
// reach: the threat a position poses.
func (m *Mind) ReachMass(c int) float64 {
	tr := &m.Tracker
	sum := 0.0
	reach := &m.Map.Reach[c]
	for x := 0; x < Cells; x++ {
		if tr.Count[x] > 0 && reach.Has(x) {
			sum += tr.Prob(x)
		}
	}
	return sum
}

// RangeGap is how far cell n is, on average over the belief, from three
// steps of the opponent: close enough to fire, not so close that its own
// shots are easy. It is 0 while the belief is wide (over 40 cells).
func (m *Mind) RangeGap(n int) float64 {
	tr := &m.Tracker
	if tr.Cells > 40 {
		return 0
	}
	nx, ny := n%Size, n/Size
	sum := 0.0
	for c := 0; c < Cells; c++ {
		if tr.Count[c] == 0 {
			continue
		}
		dist := engine.Abs(c%Size-nx) + engine.Abs(c/Size-ny)
		sum += tr.Prob(c) * float64(engine.Abs(dist-3))
	}
	return sum
}

// MeanDist is the belief's mean distance (as the crow flies, in steps)
// from cell n.
func (m *Mind) MeanDist(n int) float64 {
	tr := &m.Tracker
	nx, ny := n%Size, n/Size
	sum := 0.0
	for c := 0; c < Cells; c++ {
		if tr.Count[c] > 0 {
			sum += tr.Prob(c) * float64(engine.Abs(c%Size-nx)+engine.Abs(c/Size-ny))
		}
	}
	return sum
}

// SectorMass is the belief's share in each sector (index 1..9).
func (m *Mind) SectorMass() [10]float64 {
	tr := &m.Tracker
	var mass [10]float64
	for c := 0; c < Cells; c++ {
		if tr.Count[c] > 0 {
			mass[Sector(c%Size, c/Size)] += tr.Prob(c)
		}
	}
	return mass
}

// SilenceEnd is where a SILENCE of n steps in direction d from c ends, or
// -1 when a step leaves the water or crosses a visited cell.
func (m *Mind) SilenceEnd(c int, d ocean.Dir, n int, visited *Bits) int {
	at := c
	for i := 0; i < n; i++ {
		nx := int(m.Map.Next[at][d])
		if nx < 0 || visited.Has(nx) {
			return -1
		}
		at = nx
	}
	return at
}
