package policy

import (
	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
)

// far is the distance of a cell no search reached.
const far = fgrass.Far

// maxSplit bounds how many different targets one stack's units spread over
// in a turn; the rest follow the best target.
const maxSplit = 6

// Tuning of the recycler economy. A lost cell is a point at the end, a
// matter unit a tenth of a soldier that can take a cell, so early matter
// wins cells back several times over, late matter does not.
const (
	// lostWeight is the matter a cell turned to grass is worth.
	lostWeight = 5
	// minRecyclerValue is the net value (matter minus losses) a recycler
	// must promise.
	minRecyclerValue = 10
	// maxRecyclers caps economic recyclers: beyond a few they eat the
	// territory they are meant to pay for.
	maxRecyclers = 3
	// ownSide is how far from enemy ground an economic recycler must stand.
	ownSide = 3
)

// Greedy is a one-turn heuristic in the spirit of the Fall Challenge 2022
// leaderboard: recyclers on its own side early while they pay, a recycler
// or fresh units where the enemy threatens a border cell, units fanned out
// to the nearest unclaimed cells with a pull towards the front, and the rest
// of the matter spent on units along the border closest to the enemy.
//
// It is deterministic (ties go to the lower cell index) and allocates
// nothing once its buffers fit the map.
type Greedy struct {
	// n is the buffers' capacity in cells.
	n int
	// dMe and dOpp are each cell's distance from the nearest cell each side
	// owns, through cells units can walk.
	dMe, dOpp []int32
	// dist and parent are one stack's breadth-first search.
	dist, parent []int32
	queue        []int32
	// claimed counts the units already sent to each cell this turn.
	claimed []int32
	// held counts the units that will stand on each cell before the fights
	// (kept in place, arriving, or spawned).
	held []int32
	// spawned counts the units bought on each cell this turn.
	spawned []int32
	// threat is the enemy units next to each cell: how many could walk in.
	threat []int32
	// dying cells turn to grass at the end of the turn; blocked ones get a
	// recycler from us this turn.
	dying, blocked []bool
	stacks         []int32
	split          [maxSplit]split
}

// split is part of a stack sent one step to a neighbour.
type split struct {
	to int32
	n  int
}

// NewGreedy returns the greedy policy.
func NewGreedy() *Greedy { return &Greedy{} }

// grow sizes the buffers for an n-cell map, reusing them when they are
// large enough so that alternating maps does not allocate.
func (g *Greedy) grow(n int) {
	if n > g.n {
		g.n = n
		g.dMe = make([]int32, n)
		g.dOpp = make([]int32, n)
		g.dist = make([]int32, n)
		g.parent = make([]int32, n)
		g.queue = make([]int32, 0, n)
		g.claimed = make([]int32, n)
		g.held = make([]int32, n)
		g.spawned = make([]int32, n)
		g.threat = make([]int32, n)
		g.dying = make([]bool, n)
		g.blocked = make([]bool, n)
		g.stacks = make([]int32, 0, n)
	}
	g.dMe, g.dOpp, g.dist, g.parent = g.dMe[:n], g.dOpp[:n], g.dist[:n], g.parent[:n]
	g.claimed, g.held, g.spawned, g.threat = g.claimed[:n], g.held[:n], g.spawned[:n], g.threat[:n]
	g.dying, g.blocked = g.dying[:n], g.blocked[:n]
}

// walkable reports whether units can stand on cell c.
func walkable(c grass.Cell) bool { return c.Scrap > 0 && !c.Recycler }

// turn is the working view of one decision.
type turn struct {
	s        *grass.State
	b        *grass.Board
	cells    []grass.Cell
	me, opp  int
	matter   int
	front    bool // our ground and theirs still touch
	neutral  int  // walkable cells nobody owns
	walkable int
}

// Act implements Policy.
func (g *Greedy) Act(v *grass.View, dst []grass.Action) []grass.Action {
	s, me := v.State(), 0
	t := turn{s: s, b: s.Board(), cells: s.Cells(), me: me, opp: 1 - me, matter: s.Matter(me)}
	g.grow(len(t.cells))
	g.prepare(&t)
	dst = g.build(&t, dst)
	dst = g.move(&t, dst)
	return g.spawn(&t, dst)
}

// prepare fills the per-cell facts every phase reads.
func (g *Greedy) prepare(t *turn) {
	for i, c := range t.cells {
		g.claimed[i], g.held[i], g.spawned[i], g.threat[i] = 0, 0, 0, 0
		g.blocked[i] = false
		g.dying[i] = c.Scrap == 1 && t.s.InRecyclerRange(i)
		if walkable(c) {
			t.walkable++
			if c.Owner < 0 {
				t.neutral++
			}
		}
	}
	for i, c := range t.cells {
		if u := c.Units[t.opp]; u > 0 {
			for _, j := range t.b.Neighbours(i) {
				if j >= 0 {
					g.threat[j] += u
				}
			}
		}
	}
	g.distances(t, g.dMe, t.me)
	g.distances(t, g.dOpp, t.opp)
	for i, c := range t.cells {
		if int(c.Owner) == t.me && g.dOpp[i] < far {
			t.front = true
			break
		}
	}
}

// distances is a breadth-first search from every walkable cell p owns.
func (g *Greedy) distances(t *turn, d []int32, p int) {
	g.queue = fgrass.Distances(t.b, t.cells, d, p, g.queue)
}

// build places at most one defensive and one economic recycler.
func (g *Greedy) build(t *turn, dst []grass.Action) []grass.Action {
	if !t.front {
		return dst
	}
	mine, theirs := 0, 0
	for _, c := range t.cells {
		if c.Recycler {
			if int(c.Owner) == t.me {
				mine++
			} else {
				theirs++
			}
		}
	}
	// A recycler on an empty border cell that enemy units could take is
	// the cheapest wall: units cannot enter it.
	if t.matter >= grass.RecyclerCost {
		best, bestThreat := -1, int32(1)
		for i, c := range t.cells {
			if int(c.Owner) == t.me && g.threat[i] > bestThreat && !g.dying[i] && t.s.CanBuild(t.me, i) {
				best, bestThreat = i, g.threat[i]
			}
		}
		if best >= 0 {
			dst = g.addBuild(t, best, dst)
		}
	}
	if t.matter >= grass.RecyclerCost && mine < maxRecyclers && (2*t.neutral > t.walkable || mine < theirs) {
		best, bestValue := -1, minRecyclerValue-1
		for i, c := range t.cells {
			if int(c.Owner) != t.me || g.blocked[i] || g.dying[i] || g.dOpp[i] < ownSide || !t.s.CanBuild(t.me, i) {
				continue
			}
			if v, ok := g.recyclerValue(t, i); ok && v > bestValue {
				best, bestValue = i, v
			}
		}
		if best >= 0 {
			dst = g.addBuild(t, best, dst)
		}
	}
	return dst
}

// recyclerValue is the matter a recycler on cell i would collect over its
// life, less its cost and the cells it would turn to grass. It refuses cells
// next to our own recyclers or our planned ones: overlapping recyclers share
// the same scrap.
func (g *Greedy) recyclerValue(t *turn, i int) (int, bool) {
	sc := int(t.cells[i].Scrap)
	gain, lost := sc, 1
	for _, j := range t.b.Neighbours(i) {
		if j < 0 {
			continue
		}
		c := t.cells[j]
		if c.Scrap == 0 {
			continue
		}
		if c.Recycler && int(c.Owner) == t.me || g.blocked[j] {
			return 0, false
		}
		v := int(c.Scrap)
		if v <= sc {
			lost++
		} else {
			v = sc
		}
		gain += v
	}
	return gain - grass.RecyclerCost - lostWeight*lost, true
}

// addBuild records a recycler on cell i: the cell blocks our moves and
// spawns, and scrap-1 cells around it will be grass after this turn.
func (g *Greedy) addBuild(t *turn, i int, dst []grass.Action) []grass.Action {
	g.blocked[i] = true
	t.matter -= grass.RecyclerCost
	if t.cells[i].Scrap == 1 {
		g.dying[i] = true
	}
	for _, j := range t.b.Neighbours(i) {
		if j >= 0 && t.cells[j].Scrap == 1 {
			g.dying[j] = true
		}
	}
	x, y := t.b.XY(i)
	return append(dst, grass.BuildAction(x, y))
}

// open reports whether a stack's search may step on cell i this turn.
func (g *Greedy) open(t *turn, i int32) bool {
	return walkable(t.cells[i]) && !g.blocked[i] && !g.dying[i]
}

// move keeps enough units on threatened cells and sends the others, stack
// by stack from the front backwards, to the best unclaimed cells.
func (g *Greedy) move(t *turn, dst []grass.Action) []grass.Action {
	st := g.stacks[:0]
	for i, c := range t.cells {
		if c.Units[t.me] > 0 {
			st = append(st, int32(i))
		}
	}
	// Insertion sort by distance to the enemy: stable and allocation free.
	for a := 1; a < len(st); a++ {
		for k := a; k > 0 && g.dOpp[st[k]] < g.dOpp[st[k-1]]; k-- {
			st[k], st[k-1] = st[k-1], st[k]
		}
	}
	g.stacks = st
	for _, i := range st {
		dst = g.moveStack(t, int(i), dst)
	}
	return dst
}

func (g *Greedy) moveStack(t *turn, i int, dst []grass.Action) []grass.Action {
	u := int(t.cells[i].Units[t.me])
	keep := 0
	if !g.dying[i] && t.front {
		keep = int(g.threat[i])
		if keep > u {
			keep = u
		}
	}
	g.held[i] += int32(keep)
	free := u - keep
	if free == 0 {
		return dst
	}
	g.search(t, i)
	parts := g.split[:0]
	for free > 0 && len(parts) < maxSplit {
		target := g.pickTarget(t)
		if target < 0 {
			break
		}
		g.claimed[target]++
		next := g.firstStep(t, i, target)
		if next < 0 {
			continue
		}
		parts = addSplit(parts, next, 1)
		free--
	}
	if free > 0 {
		// Left-overs follow the first target, or walk to the front, or
		// stay when the map is settled for them.
		switch {
		case len(parts) > 0:
			parts[0].n += free
		case t.front:
			if next := g.towardsEnemy(t, i); next >= 0 {
				parts = addSplit(parts, next, free)
			} else {
				g.held[i] += int32(free)
			}
		default:
			g.held[i] += int32(free)
		}
	}
	x, y := t.b.XY(i)
	for _, p := range parts {
		g.held[p.to] += int32(p.n)
		tx, ty := t.b.XY(int(p.to))
		dst = append(dst, grass.MoveAction(p.n, x, y, tx, ty))
	}
	return dst
}

func addSplit(parts []split, to int32, n int) []split {
	for k := range parts {
		if parts[k].to == to {
			parts[k].n += n
			return parts
		}
	}
	return append(parts, split{to: to, n: n})
}

// search is a breadth-first search from stack cell i over the cells its
// units may step on this turn.
func (g *Greedy) search(t *turn, i int) {
	for k := range g.dist {
		g.dist[k] = far
	}
	g.dist[i] = 0
	g.parent[i] = -1
	q := append(g.queue[:0], int32(i))
	for h := 0; h < len(q); h++ {
		c := q[h]
		for _, j := range t.b.Neighbours(int(c)) {
			if j >= 0 && g.dist[j] == far && g.open(t, j) {
				g.dist[j] = g.dist[c] + 1
				g.parent[j] = c
				q = append(q, j)
			}
		}
	}
	g.queue = q[:0]
}

// pickTarget is the best cell, by the last search, that is not ours and
// still wants units: near the stack first, then near the enemy. An empty
// cell wants one unit, an enemy stack one more than it holds.
func (g *Greedy) pickTarget(t *turn) int {
	best, bestScore := -1, far
	for k, c := range t.cells {
		d := g.dist[k]
		if d == far || d == 0 || int(c.Owner) == t.me {
			continue
		}
		if g.claimed[k] > c.Units[t.opp] {
			continue
		}
		pull := g.dOpp[k]
		if pull > 30 {
			pull = 30
		}
		if score := 2*d + pull; score < bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// firstStep is the neighbour of i that units bound for target step to.
// It is the referee's own path when that step is safe, else the search's.
func (g *Greedy) firstStep(t *turn, i, target int) int32 {
	x, y := t.b.XY(i)
	tx, ty := t.b.XY(target)
	if nx, ny, ok := t.s.PathStep(x, y, tx, ty); ok {
		if n := int32(t.b.Index(nx, ny)); g.open(t, n) && g.dist[n] == 1 {
			return n
		}
	}
	c := int32(target)
	if g.dist[c] == far {
		return -1
	}
	for g.parent[c] != int32(i) {
		c = g.parent[c]
	}
	return c
}

// towardsEnemy is the open neighbour of i nearest to enemy ground, or -1.
func (g *Greedy) towardsEnemy(t *turn, i int) int32 {
	best, bestD := int32(-1), g.dOpp[i]
	for _, j := range t.b.Neighbours(i) {
		if j >= 0 && g.open(t, j) && g.dOpp[j] < bestD {
			best, bestD = j, g.dOpp[j]
		}
	}
	return best
}

// spawn spends the matter left: first on threatened cells that our units
// do not cover, then one unit at a time on the border cells closest to the
// enemy, spreading out.
func (g *Greedy) spawn(t *turn, dst []grass.Action) []grass.Action {
	avail := t.matter / grass.UnitCost
	for avail > 0 {
		best, bestDeficit := -1, int32(0)
		for i, c := range t.cells {
			if !g.canSpawn(t, i, c) {
				continue
			}
			if d := g.threat[i] - g.held[i]; d > bestDeficit {
				best, bestDeficit = i, d
			}
		}
		if best < 0 {
			break
		}
		n := int(bestDeficit)
		if n > avail {
			n = avail
		}
		g.held[best] += int32(n)
		g.spawned[best] += int32(n)
		avail -= n
	}
	for avail > 0 {
		best, bestScore := -1, far
		for i, c := range t.cells {
			if !g.canSpawn(t, i, c) {
				continue
			}
			score, ok := g.spawnScore(t, i)
			if ok && score < bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			break
		}
		g.spawned[best]++
		g.held[best]++
		avail--
		if !t.front {
			g.claimNeutral(t, best)
		}
	}
	for i, n := range g.spawned {
		if n > 0 {
			x, y := t.b.XY(i)
			dst = append(dst, grass.SpawnAction(int(n), x, y))
		}
	}
	return dst
}

// claimNeutral marks the first unclaimed open neighbour of i as taken by a
// unit spawned on i, so that a settled region buys only the units it needs.
func (g *Greedy) claimNeutral(t *turn, i int) {
	for _, j := range t.b.Neighbours(i) {
		if j >= 0 && g.open(t, j) && int(t.cells[j].Owner) != t.me && g.claimed[j] == 0 {
			g.claimed[j]++
			return
		}
	}
}

func (g *Greedy) canSpawn(t *turn, i int, c grass.Cell) bool {
	return int(c.Owner) == t.me && !c.Recycler && !g.blocked[i] && !g.dying[i]
}

// spawnScore ranks a spawn cell (lower is better): next to ground we do not
// hold, close to the enemy, and not already crowded by this turn's spawns.
// Without a front only cells next to unclaimed neutral ground qualify.
func (g *Greedy) spawnScore(t *turn, i int) (int32, bool) {
	border := false
	for _, j := range t.b.Neighbours(i) {
		if j < 0 || !g.open(t, j) || int(t.cells[j].Owner) == t.me {
			continue
		}
		if !t.front && g.claimed[j] > 0 {
			continue
		}
		border = true
	}
	if !t.front && !border {
		return 0, false
	}
	score := 3 * g.spawned[i]
	if t.front {
		score += g.dOpp[i]
		if !border {
			score += 4
		}
	}
	return score, true
}
