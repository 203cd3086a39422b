package kutulu

// The referee finds paths with an A* whose heuristic is the distance from
// the cell being expanded to its neighbour, always 1, so it is Dijkstra's
// algorithm with the referee's tie-breaking: the open list is sorted by a
// stable sort after every expansion, so among items of equal length the one
// added first comes out first, and a cell may be added several times (only
// closed cells are skipped) and counts when it first comes out. Neighbours
// are added in the order UP, RIGHT, DOWN, LEFT rotated by an offset. The
// order in which cells come out does not depend on the target, so one search
// from a cell answers for every target.
//
// The search below keeps the open list as FIFO buckets by length: lengths
// in the open list never differ by more than the largest step weight, so
// eight buckets used in a ring hold it exactly in the referee's order.

// maxItems bounds the items one search adds: at most four per closed cell,
// plus the root.
const maxItems = 4*maxCells + 1

type pathItem struct {
	cell, first int16
	cum         int32
	next        int32
}

// finder is scratch space for one search. Its results, for each cell
// reached: dist (the weighted length, -1 when unreached) and first (the
// first step of the path, -1 for the start).
type finder struct {
	dist  [maxCells]int32
	first [maxCells]int16
	items [maxItems]pathItem
	head  [8]int32
	tail  [8]int32
}

// run searches from cell from with neighbours tried from direction offset
// on. With repulse nil every step costs 1; otherwise entering a cell costs
// 1, plus lightWeight where repulse is set. When targets is non-empty the
// search stops once every target cell is reached (the rest stays -1).
func (f *finder) run(b *board, from, offset int, repulse *[maxCells]bool, targets []int16) {
	n := b.w * b.h
	for c := 0; c < n; c++ {
		f.dist[c] = -1
	}
	for i := range f.head {
		f.head[i], f.tail[i] = -1, -1
	}
	left := len(targets)
	nitems := int32(0)
	push := func(cell, first int16, cum int32) {
		it := &f.items[nitems]
		it.cell, it.first, it.cum, it.next = cell, first, cum, -1
		k := cum & 7
		if f.tail[k] < 0 {
			f.head[k] = nitems
		} else {
			f.items[f.tail[k]].next = nitems
		}
		f.tail[k] = nitems
		nitems++
	}
	push(int16(from), -1, 0)
	cur := int32(0)
	pending := 1
	for pending > 0 {
		k := cur & 7
		i := f.head[k]
		if i < 0 {
			cur++
			continue
		}
		it := f.items[i]
		f.head[k] = it.next
		if it.next < 0 {
			f.tail[k] = -1
		}
		pending--
		c := int(it.cell)
		if f.dist[c] >= 0 {
			continue
		}
		f.dist[c] = it.cum
		f.first[c] = it.first
		if left > 0 {
			for _, t := range targets {
				if int(t) == c {
					left--
				}
			}
			if left == 0 {
				return
			}
		}
		for j := 0; j < 4; j++ {
			nb := b.next[c][(j+offset)&3]
			if nb < 0 || f.dist[nb] >= 0 {
				continue
			}
			w := int32(1)
			if repulse != nil && repulse[nb] {
				w += lightWeight
			}
			first := it.first
			if first < 0 {
				first = nb
			}
			push(nb, first, it.cum+w)
			pending++
		}
	}
}

// within marks in mark the cells at most r steps from start through
// walkable cells, as the effects' breadth-first spread does, and returns
// how many it marked. list receives them.
func within(b *board, start, r int, dist *[maxCells]int8, list *[maxCells]int16) int {
	n := b.w * b.h
	for c := 0; c < n; c++ {
		dist[c] = -1
	}
	dist[start] = 0
	list[0] = int16(start)
	cnt := 1
	for i := 0; i < cnt; i++ {
		c := int(list[i])
		if int(dist[c]) >= r {
			continue
		}
		for d := 0; d < 4; d++ {
			nb := b.next[c][d]
			if nb >= 0 && dist[nb] < 0 {
				dist[nb] = dist[c] + 1
				list[cnt] = nb
				cnt++
			}
		}
	}
	return cnt
}
