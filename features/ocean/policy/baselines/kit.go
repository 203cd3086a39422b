// Package baselines holds hand-written Ocean of Code bots with different
// plans, and v1, the bot committed before the shared search on frozen
// weights. Together with random and greedy they make the evaluation pool
// (policy.PoolNames) that the arena's pool mode plays and the trainer
// rates each iteration against. Importing the package registers them.
//
// Each style is a policy.Planner: it answers from the view and the seat's
// Mind (the tracker of the opponent, with its mines; our own path and
// mines), so the trainer can ask it about any position.
package baselines

import (
	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
)

// roomCap is how far the room ahead is counted: more than this is plenty.
const roomCap = 40

// kit is what every style shares: scratch for the room counts and the
// greedy placement.
type kit struct {
	queue  [focean.Cells]int16
	greedy *policy.Greedy
	shots  [1]focean.Shot
}

func newKit() kit { return kit{greedy: policy.NewGreedy()} }

// place is greedy's start cell: the most open water.
func (k *kit) place(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	return k.greedy.Plan(v, m, dst)
}

// room counts the free cells reachable from c (up to roomCap).
func (k *kit) room(m *focean.Mind, c int, vis *focean.Bits) int {
	return m.Area(c, vis, roomCap, &k.queue)
}

// bestShot is the best torpedo from cell from by Shot.Score, if any
// leaves us alive.
func (k *kit) bestShot(m *focean.Mind, from, life, oppLife int) (focean.Shot, bool) {
	if m.TopShots(from, life, oppLife, k.shots[:]) == 0 {
		return focean.Shot{}, false
	}
	return k.shots[0], true
}

// move picks the free direction from c with the highest score(n, room),
// n the cell it leads to; false when no cell is free (surface).
func (k *kit) move(m *focean.Mind, c int, vis *focean.Bits, score func(n, room int) float64) (ocean.Dir, bool) {
	best, bestS, ok := ocean.Dir(0), 0.0, false
	for d := ocean.Dir(0); d < 4; d++ {
		n := int(m.Map.Next[c][d])
		if n < 0 || vis.Has(n) {
			continue
		}
		s := score(n, k.room(m, n, vis))
		if !ok || s > bestS {
			best, bestS, ok = d, s, true
		}
	}
	return best, ok
}

// silence picks the SILENCE from c of at least minRun steps (0 staying
// put) with the highest score(end, steps, room); false when none fits.
func (k *kit) silence(m *focean.Mind, c int, vis *focean.Bits, minRun int, score func(end, n, room int) float64) (ocean.Dir, int, bool) {
	bestD, bestN, bestS, ok := ocean.Dir(0), 0, 0.0, false
	if minRun == 0 {
		bestS, ok = score(c, 0, k.room(m, c, vis)), true
	}
	for d := ocean.Dir(0); d < 4; d++ {
		at := c
		seen := *vis
		for n := 1; n <= 4; n++ {
			nx := int(m.Map.Next[at][d])
			if nx < 0 || seen.Has(nx) {
				break
			}
			at = nx
			seen.Set(at)
			if n < minRun {
				continue
			}
			if s := score(at, n, k.room(m, at, &seen)); !ok || s > bestS {
				bestD, bestN, bestS, ok = d, n, s, true
			}
		}
	}
	return bestD, bestN, ok
}

// walk follows a SILENCE's run on our cell and visited set.
func walk(m *focean.Mind, c int, vis *focean.Bits, d ocean.Dir, n int) int {
	for i := 0; i < n; i++ {
		c = int(m.Map.Next[c][d])
		vis.Set(c)
	}
	return c
}

// sonarSector is the sector whose share of the belief is nearest one
// half: its answer splits the belief best.
func sonarSector(m *focean.Mind) (int, bool) {
	mass := m.SectorMass()
	best, gap := 0, 1.0
	for s := 1; s <= 9; s++ {
		if mass[s] <= 0 || mass[s] >= 1 {
			continue
		}
		g := mass[s] - 0.5
		if g < 0 {
			g = -g
		}
		if g < gap {
			best, gap = s, g
		}
	}
	return best, best > 0
}

// torpedo is the action of a shot at t.
func torpedo(t int) ocean.Action {
	return ocean.Action{Kind: ocean.TorpedoAct, X: t % focean.Size, Y: t / focean.Size}
}

// cramp is the room score: the room, and a heavy cost for a dead end that
// forces a surface soon.
func cramp(room int) float64 {
	s := float64(room)
	if room < roomCap {
		s -= 20
	}
	return s
}
