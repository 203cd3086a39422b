package soak

import (
	"cgpolicy/engine"
	"cgpolicy/engine/java"
)

// The referee moves an agent one step along a path found by a best-first
// search on a java.util.PriorityQueue. Equal-length paths are common on an
// open map, and which one wins depends on the exact order in which Java's
// binary heap hands out equal keys, so the search runs on java.PriorityQueue.

// pqItem is one entry of the search queue.
type pqItem struct {
	key   int32 // path length so far
	cell  int16
	first int16 // first step of the path, -1 at the start cell
}

// pathScratch holds the search buffers; each State gets its own lazily.
type pathScratch struct {
	heap   java.PriorityQueue[pqItem]
	closed []uint32 // generation stamp of cells already expanded
	first  []int16  // first step of the path that reached each cell
	gen    uint32
	occ    []bool // cells occupied at the start of the move phase
}

func (s *State) scratch() *pathScratch {
	n := s.b.w * s.b.h
	if s.ps == nil || len(s.ps.closed) != n {
		s.ps = &pathScratch{
			heap:   java.PriorityQueue[pqItem]{Less: func(a, b pqItem) bool { return a.key < b.key }},
			closed: make([]uint32, n),
			first:  make([]int16, n),
			occ:    make([]bool, n),
		}
		s.ps.heap.Grow(4*n + 1)
	}
	return s.ps
}

// manhattan32 is the referee's int distance to a move target, which may be
// far outside the map; Java's int addition wraps and so does this.
func manhattan32(x, y, tx, ty int) int32 {
	dx, dy := int32(tx-x), int32(ty-y)
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

// nextStep is the cell an agent at from steps to when ordered to (tx, ty),
// or -1 when it stays. The path runs over floor, avoiding cells occupied at
// the start of the phase when another path is as short. An unreachable
// target (a wall, off the map, cut off) is replaced by the reachable cell
// nearest to it, preferring cells far from the centre, as the referee does.
func (s *State) nextStep(from, tx, ty int) int {
	b := s.b
	target := -1
	if b.in(tx, ty) && b.tiles[ty*b.w+tx] == Floor {
		target = ty*b.w + tx
		if target == from {
			return -1
		}
		fx, fy := from%b.w, from/b.w
		if engine.Abs(fx-tx)+engine.Abs(fy-ty) == 1 {
			// the whole first ring is dequeued before anything deeper
			return target
		}
	}
	ps := s.scratch()
	ps.gen++
	if ps.gen == 0 { // stamps wrapped: forget them all
		for i := range ps.closed {
			ps.closed[i] = 0
		}
		ps.gen = 1
	}
	ps.heap.Reset()
	ps.heap.Offer(pqItem{key: 0, cell: int16(from), first: -1})
	nearest := from
	nearestD := manhattan32(from%b.w, from/b.w, tx, ty)
	for ps.heap.Len() > 0 {
		it, _ := ps.heap.Poll()
		c := int(it.cell)
		if c == target {
			return int(it.first)
		}
		if ps.closed[c] == ps.gen {
			continue
		}
		ps.closed[c] = ps.gen
		ps.first[c] = it.first
		// free neighbours first, then occupied ones; each group keeps the
		// board's far-from-centre order
		nb := &b.nbr[c]
		nn := int(b.nn[c])
		for pass := 0; pass < 2; pass++ {
			for j := 0; j < nn; j++ {
				n := nb[j]
				if ps.occ[n] != (pass == 1) || ps.closed[n] == ps.gen {
					continue
				}
				f := it.first
				if f < 0 {
					f = n
				}
				ps.heap.Offer(pqItem{key: it.key + 1, cell: n, first: f})
			}
		}
		if d := manhattan32(c%b.w, c/b.w, tx, ty); d < nearestD || (d == nearestD && b.far[c] > b.far[nearest]) {
			nearest, nearestD = c, d
		}
	}
	if nearest == from {
		return -1
	}
	return int(ps.first[nearest])
}
