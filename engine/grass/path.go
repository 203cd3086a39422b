package grass

// pathItem is one entry of the referee's A* open list.
type pathItem struct {
	cell, depth, prev int32
}

// heapEntry is an open-list slot: the item and its depth, kept together so
// that sifting does not chase item indices.
type heapEntry struct {
	depth, item int32
}

// search runs the referee's AStar from cell from towards (tx, ty), which may
// lie off the map. Grass and recyclers block. It returns the item that
// reached the target (-1 when none did) and the visited cell the referee
// falls back to: the closest to the target, then to the centre, then the
// first visited. sc.closedBy records the item that closed each cell.
//
// The referee's priority is depth+1 for every item but the root, so among
// equally short paths the winner is decided by java.util.PriorityQueue's
// heap layout, which java.PriorityQueue reproduces.
func (sc *scratch) search(b *Board, cells []Cell, from int, tx, ty int32) (found int32, nearest int) {
	target := -1
	if tx >= 0 && ty >= 0 && int(tx) < b.W && int(ty) < b.H {
		target = int(ty)*b.W + int(tx)
	}
	sc.gen++
	if sc.gen == 0 { // wrapped: stale marks could look fresh
		for i := range sc.closed {
			sc.closed[i] = 0
		}
		sc.gen = 1
	}
	gen := sc.gen
	sc.items = append(sc.items[:0], pathItem{cell: int32(from), prev: -1})
	sc.heap.Reset()
	sc.heap.Offer(heapEntry{})
	nearest = from
	nearDist := manhattan32(b, from, tx, ty)
	for sc.heap.Len() > 0 {
		top, _ := sc.heap.Poll()
		it := top.item
		item := sc.items[it]
		c := int(item.cell)
		if c == target {
			return it, nearest
		}
		if sc.closed[c] == gen {
			continue
		}
		sc.closed[c] = gen
		sc.closedBy[c] = it
		for _, n := range b.pathAdj[c] {
			if n < 0 {
				break
			}
			if cells[n].Scrap == 0 || cells[n].Recycler || sc.closed[n] == gen {
				continue
			}
			sc.items = append(sc.items, pathItem{cell: n, depth: item.depth + 1, prev: it})
			sc.heap.Offer(heapEntry{depth: item.depth + 1, item: int32(len(sc.items) - 1)})
		}
		d := manhattan32(b, c, tx, ty)
		if d < nearDist || d == nearDist && b.centre[c] < b.centre[nearest] {
			nearest, nearDist = c, d
		}
	}
	return -1, nearest
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

// firstStep walks back from a found item to the cell right after the root,
// or -1 when the item is the root itself.
func (sc *scratch) firstStep(it int32) int {
	if sc.items[it].prev < 0 {
		return -1
	}
	for sc.items[sc.items[it].prev].prev >= 0 {
		it = sc.items[it].prev
	}
	return int(sc.items[it].cell)
}

// step is where the referee moves units from cell from that head for
// (tx, ty): one cell along the A* path, or along the path to the nearest
// reachable cell when the target cannot be reached; -1 means they stay.
//
// The referee runs a second search towards that nearest cell. The search
// order does not depend on the target, only the stopping point does, so the
// second search would stop at the very item that closed the nearest cell in
// the first one: its path is reused instead.
func (s *State) step(from int, tx, ty int32) int {
	sc := s.scratch()
	it, nearest := sc.search(s.b, s.cells, from, tx, ty)
	if it < 0 {
		if nearest == from {
			return -1
		}
		it = sc.closedBy[nearest]
	}
	return sc.firstStep(it)
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
