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
// reached (stamp equal to gen): dist, the weighted length, and first, the
// first step of the path (-1 for the start). Stamps spare clearing the
// arrays before each search.
type finder struct {
	gen   uint32
	stamp [maxCells]uint32
	dist  [maxCells]int32
	first [maxCells]int16
	queue [maxCells]int16
	items [maxItems]pathItem
	head  [8]int32
	tail  [8]int32
}

// steps returns the step counts from every cell of b to cell c (-1
// unreached). With every step costing 1 the distance is the same both
// ways, and the referee's path from a cell begins with the first
// neighbour, in the order it tries them, that is one step nearer: its
// search reaches each cell first by the path whose directions come first
// in that order, so the path it finds is the first shortest one in that
// order. The table is made once a maze, at its first use: a search steps
// wanderers after explorers that move every turn, and a breadth-first
// search for each explorer that moved took two fifths of smitsi's time.
func (b *board) steps(c int) []int16 {
	b.distOnce.Do(b.makeDist)
	n := b.w * b.h
	return b.dist[c*n : (c+1)*n]
}

// makeDist fills b.dist, row c holding every cell's steps to c.
func (b *board) makeDist() {
	n := b.w * b.h
	b.dist = make([]int16, n*n)
	queue := make([]int16, 0, n)
	for c := 0; c < n; c++ {
		d := b.dist[c*n : (c+1)*n]
		for x := range d {
			d[x] = -1
		}
		if !b.walk[c] {
			continue
		}
		d[c] = 0
		queue = append(queue[:0], int16(c))
		for k := 0; k < len(queue); k++ {
			x := int(queue[k])
			for _, nb := range b.next[x] {
				if nb >= 0 && d[nb] < 0 {
					d[nb] = d[x] + 1
					queue = append(queue, nb)
				}
			}
		}
	}
}

// length is the weighted length of the path found to c, -1 for none.
func (f *finder) length(c int) int32 {
	if f.stamp[c] != f.gen {
		return -1
	}
	return f.dist[c]
}

// begin starts a search: nothing is reached.
func (f *finder) begin() {
	f.gen++
	if f.gen == 0 {
		f.stamp = [maxCells]uint32{}
		f.gen = 1
	}
}

// reach records c as reached at length d by first step first, and reports
// whether the search may stop: every target is reached. left counts the
// targets still unreached.
func (f *finder) reach(c int, d int32, first int16, targets []int16, left *int) bool {
	f.stamp[c] = f.gen
	f.dist[c] = d
	f.first[c] = first
	if *left > 0 {
		for _, t := range targets {
			if int(t) == c {
				*left--
			}
		}
		return *left == 0
	}
	return false
}

// run searches from cell from with neighbours tried from direction offset
// on. With repulse nil every step costs 1; otherwise entering a cell costs
// 1, plus lightWeight where repulse is set. When targets is non-empty the
// search stops once every target cell is reached (the others may be left
// unreached).
func (f *finder) run(b *board, from, offset int, repulse *[maxCells]bool, targets []int16) {
	if repulse == nil {
		f.bfs(b, from, offset, targets)
		return
	}
	f.begin()
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
		if f.stamp[c] == f.gen {
			continue
		}
		if f.reach(c, it.cum, it.first, targets, &left) {
			return
		}
		for j := 0; j < 4; j++ {
			nb := b.next[c][(j+offset)&3]
			if nb < 0 || f.stamp[nb] == f.gen {
				continue
			}
			w := int32(1)
			if repulse[nb] {
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

// bfs is run with every step costing 1. Items then come out in the order
// they went in, so a cell's first item is the one that counts, and marking
// cells when they go in gives the same search with each cell queued once.
func (f *finder) bfs(b *board, from, offset int, targets []int16) {
	f.begin()
	left := len(targets)
	if f.reach(from, 0, -1, targets, &left) {
		return
	}
	f.queue[0] = int16(from)
	n := 1
	for i := 0; i < n; i++ {
		c := int(f.queue[i])
		d, first := f.dist[c]+1, f.first[c]
		for j := 0; j < 4; j++ {
			nb := b.next[c][(j+offset)&3]
			if nb < 0 || f.stamp[nb] == f.gen {
				continue
			}
			fs := first
			if fs < 0 {
				fs = nb
			}
			if f.reach(int(nb), d, fs, targets, &left) {
				return
			}
			f.queue[n] = nb
			n++
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
