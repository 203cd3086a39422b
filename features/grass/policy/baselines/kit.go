// Package baselines holds the hand-written Keep Off The Grass bots of the
// evaluation pool and the league (issue 21): a rusher that spreads its
// robots to claim cells, a recycler economist that builds matter first and
// spends it late, and a wall builder that seals its border with recyclers,
// plus v1, the bot committed before the shared search, built from its
// commit (register.go, internal/frozen). Each plays a plan of its own, so
// that the learner and the arena measure more than how well a bot answers
// our greedy heuristic.
//
// They register under their names in features/grass/policy, so the arena
// (builtin:NAME), the trainer's pool (policy.PoolNames) and the tests name
// them like any other policy. They live apart from package policy so that
// the CodinGame bot, which imports policy, does not carry them. Import this
// package (for its side effect) wherever the pool is played.
package baselines

import "cgpolicy/engine/grass"

// far is the distance of a cell no search reached.
const far = int32(1 << 20)

// kit is one turn's facts shared by the baselines: the board, each cell's
// distance (through walkable cells) from our ground and from theirs, and
// the matter left to spend. A view puts us in seat 0. Buffers are reused
// from turn to turn.
type kit struct {
	s          *grass.State
	b          *grass.Board
	cells      []grass.Cell
	matter     int
	dMe, dOpp  []int32
	dist       []int32 // scratch of one stack's search
	queue      []int32
	claimed    []int32 // units already sent to (or spawned on) each cell
	built      []bool  // a recycler ordered this turn
	neutral    int     // walkable cells nobody owns
	frontTouch bool    // our ground and theirs are still connected
}

// reset loads the view; it returns k.
func (k *kit) reset(v *grass.View) *kit {
	k.s = v.State()
	k.b, k.cells, k.matter = k.s.Board(), k.s.Cells(), k.s.Matter(0)
	n := len(k.cells)
	if cap(k.dMe) < n {
		k.dMe, k.dOpp, k.dist = make([]int32, n), make([]int32, n), make([]int32, n)
		k.queue, k.claimed, k.built = make([]int32, 0, n), make([]int32, n), make([]bool, n)
	}
	k.dMe, k.dOpp, k.dist = k.dMe[:n], k.dOpp[:n], k.dist[:n]
	k.claimed, k.built = k.claimed[:n], k.built[:n]
	for i := range k.claimed {
		k.claimed[i], k.built[i] = 0, false
	}
	k.neutral = 0
	for _, c := range k.cells {
		if walkable(c) && c.Owner < 0 {
			k.neutral++
		}
	}
	k.spread(k.dMe, 0)
	k.spread(k.dOpp, 1)
	k.frontTouch = false
	for i, c := range k.cells {
		if int(c.Owner) == 0 && k.dOpp[i] < far {
			k.frontTouch = true
			break
		}
	}
	return k
}

// walkable reports whether units can stand on a cell.
func walkable(c grass.Cell) bool { return c.Scrap > 0 && !c.Recycler }

// spread fills d with every cell's distance from the walkable cells seat p
// owns, through walkable cells.
func (k *kit) spread(d []int32, p int) {
	k.queue = k.queue[:0]
	for i, c := range k.cells {
		d[i] = far
		if int(c.Owner) == p && walkable(c) {
			d[i] = 0
			k.queue = append(k.queue, int32(i))
		}
	}
	k.bfs(d)
}

// from fills k.dist with distances from cell i alone.
func (k *kit) from(i int) {
	for j := range k.dist {
		k.dist[j] = far
	}
	k.dist[i] = 0
	k.queue = append(k.queue[:0], int32(i))
	k.bfs(k.dist)
}

// bfs finishes a breadth-first search whose sources are queued with 0.
func (k *kit) bfs(d []int32) {
	for h := 0; h < len(k.queue); h++ {
		c := k.queue[h]
		for _, j := range k.b.Neighbours(int(c)) {
			if j >= 0 && d[j] == far && walkable(k.cells[j]) {
				d[j] = d[c] + 1
				k.queue = append(k.queue, j)
			}
		}
	}
}

// move sends n units from cell i towards cell t.
func (k *kit) move(dst []grass.Action, n, i, t int) []grass.Action {
	fx, fy := k.b.XY(i)
	x, y := k.b.XY(t)
	k.claimed[t] += int32(n)
	return append(dst, grass.MoveAction(n, fx, fy, x, y))
}

// build orders a recycler on cell i if the referee will take it.
func (k *kit) build(dst []grass.Action, i int) []grass.Action {
	if k.matter < grass.RecyclerCost || !k.s.CanBuild(0, i) || k.built[i] {
		return dst
	}
	k.matter -= grass.RecyclerCost
	k.built[i] = true
	x, y := k.b.XY(i)
	return append(dst, grass.BuildAction(x, y))
}

// spawn buys up to n units on cell i, as matter allows.
func (k *kit) spawn(dst []grass.Action, n, i int) []grass.Action {
	if m := k.matter / grass.UnitCost; n > m {
		n = m
	}
	if n <= 0 || !k.s.CanSpawn(0, i) || k.built[i] {
		return dst
	}
	k.matter -= n * grass.UnitCost
	k.claimed[i] += int32(n)
	x, y := k.b.XY(i)
	return append(dst, grass.SpawnAction(n, x, y))
}

// harvest is the matter a recycler on cell i would yield before its own
// cell turns to grass: each reached cell gives at most the centre's scrap.
// lost counts the walkable cells it would turn to grass.
func (k *kit) harvest(i int) (gain, lost int) {
	c := int(k.cells[i].Scrap)
	gain, lost = c, 1
	for _, j := range k.b.Neighbours(i) {
		if j < 0 || k.cells[j].Scrap == 0 {
			continue
		}
		s := int(k.cells[j].Scrap)
		if s <= c {
			lost++
			gain += s
		} else {
			gain += c
		}
	}
	return gain, lost
}

// nearRecycler reports whether an own recycler stands on or next to cell i.
func (k *kit) nearRecycler(i int) bool {
	if k.cells[i].Recycler || k.built[i] {
		return true
	}
	for _, j := range k.b.Neighbours(i) {
		if j >= 0 && (k.cells[j].Recycler || k.built[j]) {
			return true
		}
	}
	return false
}

// threat is the enemy units that could walk into cell i next turn.
func (k *kit) threat(i int) int32 {
	t := k.cells[i].Units[1]
	for _, j := range k.b.Neighbours(i) {
		if j >= 0 {
			t += k.cells[j].Units[1]
		}
	}
	return t
}

// stacks lists our cells holding units, in cell order.
func (k *kit) stacks(dst []int) []int {
	for i, c := range k.cells {
		if c.Units[0] > 0 {
			dst = append(dst, i)
		}
	}
	return dst
}

// nearest returns the cell with the smallest k.dist among those ok
// accepts, ties to the lower cell index, or -1.
func (k *kit) nearest(ok func(int) bool) int {
	b := -1
	for j, d := range k.dist {
		if d < far && ok(j) && (b < 0 || d < k.dist[b]) {
			b = j
		}
	}
	return b
}

// spawnWhile spawns one unit at a time on the cell pick chooses, while the
// matter lasts, until pick finds none (-1) or a spawn is refused.
func (k *kit) spawnWhile(dst []grass.Action, pick func() int) []grass.Action {
	for k.matter >= grass.UnitCost {
		b := pick()
		if b < 0 {
			break
		}
		before := len(dst)
		dst = k.spawn(dst, 1, b)
		if len(dst) == before {
			break
		}
	}
	return dst
}
