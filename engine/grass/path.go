package grass

import "cgpolicy/engine"

// The referee moves units with an A* search whose priority is the path
// length plus one for every item but the root: a breadth-first search in
// which java.util.PriorityQueue's heap layout breaks the ties between
// equally short paths. Running that search for every move is what the turn
// used to spend its time on, so step answers most moves without it, from
// facts that do not depend on the heap:
//
//   - an open neighbour target is reached at depth 1, before anything else.
//   - the search closes every cell at its breadth-first distance, through an
//     item whose parent closed a cell one step nearer. So the first step of
//     the path it finds is one that some shortest path takes; when exactly
//     one neighbour of the origin starts a path that never moves away from
//     the target, that neighbour is the step (monotone).
//   - when the target cannot be reached, the referee heads for the reachable
//     cell nearest to it, then nearest the centre, then first closed. The
//     reachable cells are a connected component of open cells, so the first
//     two keys are found by scanning rings around the target (nearest). Only
//     a tie in both, between cells other than the origin, needs the order in
//     which the search closes cells.
//
// Whatever these facts leave open is settled by running the referee's
// search itself, heap layout included: astarTo towards a reachable cell,
// astar for the rest (a blocked origin, a target far enough off the map for
// Java's int distances to overflow, a tie for the nearest cell).
// pathref_test.go holds the referee's search as it was first written here,
// and TestStepMatchesReference checks step against it.

// heap entries pack an item as depth<<32 | label<<30 | cell. The label is
// the index, in the origin's pathAdj, of the path's first step, which every
// item inherits from the one that queued it, so no parent links are kept.
const (
	entryLabelShift = 30
	entryCellMask   = 1<<entryLabelShift - 1
	entryDepthShift = 32
)

// farCoord bounds the targets that step handles without the search: beyond
// it Java's int distances may overflow, which only the search reproduces.
const farCoord = 1 << 20

// newGen starts a new generation of the seen marks.
func (sc *scratch) newGen() uint32 {
	sc.gen++
	if sc.gen == 0 { // wrapped: stale marks could look fresh
		for i := range sc.seen {
			sc.seen[i] = 0
		}
		sc.gen = 1
	}
	return sc.gen
}

// open reports whether units may enter cell i: neither grass nor recycler.
func open(c *Cell) bool { return c.Scrap > 0 && !c.Recycler }

// pathCache holds what path finding derives from the open cells: their
// connected components (-1 for grass and recyclers, and for the padding
// cell of pathNbr) and each component's bounding box, x0, y0, x1, y1. Open
// cells change only when a recycler is built or a cell wears down to grass,
// which drop it; copies of the state carry it, so a search that copies
// states rarely recomputes it.
type pathCache struct {
	ok   bool
	comp []int32
	box  [][4]int32
}

// components fills s.pc.
func (s *State) components() {
	n := len(s.cells)
	comp := s.pc.comp
	if cap(comp) < n+1 {
		comp = make([]int32, n+1)
	}
	comp = comp[:n+1]
	comp[n] = -1
	for i := range s.cells {
		comp[i] = -1
		if open(&s.cells[i]) {
			comp[i] = -2 // not labelled yet
		}
	}
	q := s.scratch().queue[:0]
	boxes := s.pc.box[:0]
	id := int32(0)
	for i := 0; i < n; i++ {
		if comp[i] != -2 {
			continue
		}
		q = append(q[:0], int32(i))
		comp[i] = id
		box := [4]int32{s.b.x[i], s.b.y[i], s.b.x[i], s.b.y[i]}
		for len(q) > 0 {
			c := q[len(q)-1]
			q = q[:len(q)-1]
			x, y := s.b.x[c], s.b.y[c]
			if x < box[0] {
				box[0] = x
			} else if x > box[2] {
				box[2] = x
			}
			if y < box[1] {
				box[1] = y
			} else if y > box[3] {
				box[3] = y
			}
			for _, nb := range s.b.adj[c] {
				if nb >= 0 && comp[nb] == -2 {
					comp[nb] = id
					q = append(q, nb)
				}
			}
		}
		boxes = append(boxes, box)
		id++
	}
	s.sc.queue = q
	s.pc = pathCache{ok: true, comp: comp, box: boxes}
}

// step is where the referee moves units from cell from that head for
// (tx, ty): one cell along the A* path, or along the path to the nearest
// reachable cell when the target cannot be reached; -1 means they stay.
// The target is never the origin itself.
func (s *State) step(from int, tx, ty int32) int {
	sc := s.scratch()
	b := s.b
	target := -1
	if tx >= 0 && ty >= 0 && int(tx) < b.W && int(ty) < b.H {
		target = int(ty)*b.W + int(tx)
		if target == from { // a typed target that wrapped to the origin
			return -1
		}
		// An open neighbour is reached at depth 1, before any longer path.
		if open(&s.cells[target]) && engine.Abs(int(tx-b.x[from]))+engine.Abs(int(ty-b.y[from])) == 1 {
			return target
		}
	}
	if !s.pc.ok {
		s.components()
	}
	comp := s.pc.comp
	cf := comp[from]
	if cf < 0 || tx < -farCoord || tx > farCoord || ty < -farCoord || ty > farCoord {
		// A blocked origin (PathStep only) or a target that overflows.
		return sc.astarStep(b, s.cells, from, tx, ty)
	}
	to := target
	if to < 0 || comp[to] != cf {
		var ok bool
		if to, ok = nearest(b, comp, s.pc.box[cf], from, int(tx), int(ty)); !ok {
			return sc.astarStep(b, s.cells, from, tx, ty)
		}
		if to == from {
			return -1
		}
	}
	if next, n := sc.monotone(b, comp, from, to); n == 1 {
		return next
	}
	if l := sc.astarTo(b, comp, from, to); l >= 0 {
		return int(b.pathAdj[from][l])
	}
	return sc.astarStep(b, s.cells, from, tx, ty) // not reached: to is reachable
}

// monotone counts the neighbours of from that start a path to to which never
// moves away from it, and returns one. Such a path is as short as the
// Manhattan distance, so it is a shortest path, and only those neighbours
// start shortest paths: with one, it is the first step; with two, shortest
// paths start differently; with none, it cannot tell.
//
// It is a dynamic programme over the rectangle between the two cells, row
// by row from to's row, in sc.row as 0/1 flags: a cell has such a path
// when it is open and the cell after it, across or along, has.
func (sc *scratch) monotone(b *Board, comp []int32, from, to int) (next, n int) {
	w := b.W
	fx, fy, tx, ty := int(b.x[from]), int(b.y[from]), int(b.x[to]), int(b.y[to])
	sx, sy := engine.Sign(tx-fx), engine.Sign(ty-fy)
	nx, ny := engine.Abs(tx-fx), engine.Abs(ty-fy)
	row := sc.row[:w]
	next = -1
	var below int32 // 0 on to's row: the row before it is not in the rectangle
	for r, y := 0, ty; r <= ny; r, y = r+1, y-sy {
		k := nx // cells after to's column, towards from's
		if r == ny {
			if nx == 0 {
				break // from's row holds from alone
			}
			k-- // from itself is not a neighbour
		}
		base := y * w
		x := tx
		if r == 0 {
			row[x] = 1 // to itself
		} else {
			row[x] &= int32(uint32(comp[base+x])>>31 ^ 1)
		}
		for ; k > 0; k-- {
			x -= sx
			row[x] = (row[x+sx] | row[x]&below) & int32(uint32(comp[base+x])>>31^1)
		}
		below = -1
		if r == ny-1 && row[fx] != 0 { // (fx, fy+sy)
			next = base + fx
			n++
		}
	}
	if sx != 0 && row[fx+sx] != 0 { // (fx+sx, fy)
		next = fy*w + fx + sx
		n++
	}
	return next, n
}

// astarStep is step by the referee's search alone.
func (sc *scratch) astarStep(b *Board, cells []Cell, from int, tx, ty int32) int {
	target := -1
	if tx >= 0 && ty >= 0 && int(tx) < b.W && int(ty) < b.H {
		target = int(ty)*b.W + int(tx)
	}
	found, l, nearest, nearLabel := sc.astar(b, cells, from, target, tx, ty)
	switch {
	case found && target != from:
		return int(b.pathAdj[from][l])
	case found || nearest == from:
		return -1
	}
	// The referee searches again towards the nearest cell. The search order
	// does not depend on the target, only the stopping point does, so that
	// search would stop at the item that closed the nearest cell here.
	return int(b.pathAdj[from][nearLabel])
}

// nearest is the referee's fallback cell for a target that from cannot
// reach: the cell of from's component nearest to (tx, ty), then nearest the
// centre. ok is false when two cells other than from tie on both, which
// only the search order settles. from wins every tie, as the search's first
// closed cell. It scans rings of growing distance around the target within
// the component's bounding box; (tx, ty) is within farCoord, so distances
// do not overflow.
func nearest(b *Board, comp []int32, box [4]int32, from, tx, ty int) (cell int, ok bool) {
	cf, centre := comp[from], b.centre
	x0, y0, x1, y1 := int(box[0]), int(box[1]), int(box[2]), int(box[3])
	k := 0 // distance from the target to the box
	if tx < x0 {
		k += x0 - tx
	} else if tx > x1 {
		k += tx - x1
	}
	if ty < y0 {
		k += y0 - ty
	} else if ty > y1 {
		k += ty - y1
	}
	fd := engine.Abs(int(b.x[from])-tx) + engine.Abs(int(b.y[from])-ty)
	for ; k <= fd; k++ {
		best, tie := -1, false
		ya, yb := ty-k, ty+k
		if ya < y0 {
			ya = y0
		}
		if yb > y1 {
			yb = y1
		}
		for y := ya; y <= yb; y++ {
			r := k - engine.Abs(y-ty)
			for x := tx - r; ; x += 2 * r {
				if x >= x0 && x <= x1 {
					c := y*b.W + x
					if comp[c] == cf {
						switch {
						case best < 0 || centre[c] < centre[best]:
							best, tie = c, false
						case centre[c] == centre[best]:
							tie = true
						}
					}
				}
				if r == 0 || x > tx {
					break
				}
			}
		}
		if best >= 0 {
			if k == fd && centre[from] == centre[best] {
				return from, true
			}
			return best, !tie
		}
	}
	return from, true // not reached: from's own ring holds from
}

// astar runs the referee's AStar from cell from towards (tx, ty), whose cell
// is target (-1 off the map). Grass and recyclers block. found reports that
// the target was reached, by an item whose first step is label; otherwise
// nearest is the visited cell the referee falls back to (the closest to the
// target, then to the centre, then the first closed) and nearLabel the
// first step of the item that closed it.
//
// Every item but the root has priority depth+1, so among equally short
// paths java.util.PriorityQueue's heap layout decides, which this heap
// reproduces: poll moves the last entry to the root and sifts it down
// towards the smaller child, the left one on ties, while that child is
// strictly smaller. An offer would sift up while strictly smaller than the
// parent, but every entry queued has the largest depth in the heap (items
// are polled by nondecreasing depth and queue depth+1), so offer appends.
func (sc *scratch) astar(b *Board, cells []Cell, from, target int, tx, ty int32) (found bool, label, nearest, nearLabel int) {
	gen := sc.newGen()
	closed := sc.seen
	h := append(sc.heap[:0], uint64(from))
	nearest = from
	nearDist := manhattan32(b, from, tx, ty)
	for len(h) > 0 {
		top := h[0]
		n := len(h) - 1
		x := h[n]
		h = h[:n]
		if n > 0 {
			k, half, xd := 0, n>>1, x>>entryDepthShift
			for k < half {
				child := 2*k + 1
				c := h[child]
				if r := child + 1; r < n && h[r]>>entryDepthShift < c>>entryDepthShift {
					child, c = r, h[r]
				}
				if c>>entryDepthShift >= xd {
					break
				}
				h[k] = c
				k = child
			}
			h[k] = x
		}
		c := int(top & entryCellMask)
		l := int(top>>entryLabelShift) & 3
		if c == target {
			sc.heap = h
			return true, l, nearest, nearLabel
		}
		if closed[c] == gen {
			continue
		}
		closed[c] = gen
		depth := top >> entryDepthShift
		next := (depth + 1) << entryDepthShift
		for k, n := range b.pathAdj[c] {
			if n < 0 {
				break
			}
			if !open(&cells[n]) || closed[n] == gen {
				continue
			}
			nl := uint64(l)
			if depth == 0 {
				nl = uint64(k)
			}
			h = append(h, next|nl<<entryLabelShift|uint64(n))
		}
		d := manhattan32(b, c, tx, ty)
		if d < nearDist || d == nearDist && b.centre[c] < b.centre[nearest] {
			nearest, nearDist, nearLabel = c, d, l
		}
	}
	sc.heap = h
	return false, 0, nearest, nearLabel
}

// astarTo is astar towards a cell to of from's component, reduced to what
// step needs: the first step, as an index into b.pathAdj[from], of the item
// that reaches to; -1 if none does, which cannot happen when to is
// reachable. The root's expansion is unrolled, and the search stops as soon
// as the answer is certain: when the first item at to's depth is polled,
// every item for to is queued, and if they share a first step, that is it.
func (sc *scratch) astarTo(b *Board, comp []int32, from, to int) int {
	gen := sc.newGen()
	closed := sc.seen
	closed[from] = gen
	h := sc.heap[:cap(sc.heap)]
	m := 0
	var toDepth uint64 = 1 << 62 // to's depth once an item for it is queued
	toLabels := 0                // bit set of those items' first steps
	for k, n := range b.pathAdj[from] {
		if n < 0 {
			break
		}
		if comp[n] >= 0 {
			if int(n) == to {
				return k
			}
			h[m] = 1<<entryDepthShift | uint64(k)<<entryLabelShift | uint64(n)
			m++
		}
	}
	for m > 0 {
		top := h[0]
		m--
		if x := h[m]; m > 0 {
			// Sift x down. h[m] still holds x, whose depth keeps it from
			// being taken for a smaller right child.
			k, half, xd := 0, m>>1, x>>entryDepthShift
			for k < half {
				child := 2*k + 1
				// the right child when strictly smaller (branch-free)
				child += int((h[child+1]>>entryDepthShift - h[child]>>entryDepthShift) >> 63)
				c := h[child]
				if c>>entryDepthShift >= xd {
					break
				}
				h[k] = c
				k = child
			}
			h[k] = x
		}
		depth := top >> entryDepthShift
		if depth == toDepth && toLabels&(toLabels-1) == 0 {
			break
		}
		c := int(top & entryCellMask)
		if c == to {
			return int(top>>entryLabelShift) & 3
		}
		if closed[c] == gen {
			continue
		}
		closed[c] = gen
		// Children: one deeper, same first step. Each is written, and
		// kept only when open and not closed (branch-free).
		e := top&^entryCellMask + 1<<entryDepthShift
		nbs := &b.pathNbr[c]
		if int(nbs[0]) == to || int(nbs[1]) == to || int(nbs[2]) == to || int(nbs[3]) == to {
			if toLabels == 0 {
				toDepth = depth + 1
			}
			toLabels |= 1 << (top >> entryLabelShift & 3)
		}
		nb := nbs[0]
		h[m] = e | uint64(nb)
		v := closed[nb] ^ gen
		m += int((v | -v) >> 31 & (uint32(comp[nb])>>31 ^ 1))
		nb = nbs[1]
		h[m] = e | uint64(nb)
		v = closed[nb] ^ gen
		m += int((v | -v) >> 31 & (uint32(comp[nb])>>31 ^ 1))
		nb = nbs[2]
		h[m] = e | uint64(nb)
		v = closed[nb] ^ gen
		m += int((v | -v) >> 31 & (uint32(comp[nb])>>31 ^ 1))
		nb = nbs[3]
		h[m] = e | uint64(nb)
		v = closed[nb] ^ gen
		m += int((v | -v) >> 31 & (uint32(comp[nb])>>31 ^ 1))
	}
	for l := 0; l < 4; l++ {
		if toLabels == 1<<l {
			return l
		}
	}
	return -1
}

// manhattan32 is the referee's Coord.manhattanTo, Java int overflow included
// (targets come straight from player input).
func manhattan32(b *Board, c int, tx, ty int32) int32 {
	return abs32(tx-b.x[c]) + abs32(ty-b.y[c])
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// PathStep is the cell the referee moves units at (fx, fy) to when they are
// ordered towards (tx, ty), with ok false when they would not move. Bots use
// it to predict moves exactly.
func (s *State) PathStep(fx, fy, tx, ty int) (x, y int, ok bool) {
	if !s.b.Inside(fx, fy) || fx == tx && fy == ty {
		return fx, fy, false
	}
	to := s.step(s.b.Index(fx, fy), int32(tx), int32(ty))
	if to < 0 {
		return fx, fy, false
	}
	x, y = s.b.XY(to)
	return x, y, true
}
