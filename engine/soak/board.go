package soak

import "errors"

// board is the map, fixed for the whole game, so clones share it.
type board struct {
	w, h  int
	ySym  bool // mirror through the centre (else left-right only); map making only
	tiles []Tile
	// far is the squared distance to the map centre, times 4 so it stays an
	// integer. The referee's path search prefers cells far from the centre.
	far []int32
	// nbr lists each cell's floor neighbours in the referee's search order
	// before occupancy is considered: farther from the centre first, ties in
	// N, E, S, W order. nn is how many there are.
	nbr [][4]int16
	nn  []uint8
}

// direction order of the referee's 4-neighbourhood: N, E, S, W.
var dirs4 = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

func newBoard(w, h int, tiles []Tile) *board {
	b := &board{w: w, h: h, tiles: tiles}
	b.finish()
	return b
}

// finish computes the search tables once the tiles are final.
func (b *board) finish() {
	n := b.w * b.h
	b.far = make([]int32, n)
	b.nbr = make([][4]int16, n)
	b.nn = make([]uint8, n)
	for c := 0; c < n; c++ {
		x, y := c%b.w, c/b.w
		dx, dy := int32(b.w-2*x), int32(b.h-2*y)
		b.far[c] = dx*dx + dy*dy
	}
	for c := 0; c < n; c++ {
		x, y := c%b.w, c/b.w
		k := 0
		for _, d := range dirs4 {
			nx, ny := x+d[0], y+d[1]
			if !b.in(nx, ny) || b.tiles[ny*b.w+nx] != Floor {
				continue
			}
			nc := int16(ny*b.w + nx)
			// insertion sort, stable: farther from the centre first
			j := k
			for j > 0 && b.far[b.nbr[c][j-1]] < b.far[nc] {
				b.nbr[c][j] = b.nbr[c][j-1]
				j--
			}
			b.nbr[c][j] = nc
			k++
		}
		b.nn[c] = uint8(k)
	}
}

func (b *board) in(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

func (b *board) tile(x, y int) Tile {
	if !b.in(x, y) {
		return NoTile
	}
	return b.tiles[y*b.w+x]
}

// opposite is the mirror cell that player 1's spawn and walls use.
func (b *board) opposite(x, y int) (int, int) {
	if b.ySym {
		return b.w - 1 - x, b.h - 1 - y
	}
	return b.w - 1 - x, y
}

// rng is what map making draws from: the referee's SHA1PRNG.
type rng interface {
	IntN(bound int) int
	IntRange(origin, bound int) int
	Bool() bool
	Shuffle(n int, swap func(i, j int))
}

// generate makes the league-5 map in the referee's order of draws and
// returns it with the spawn rows of player 0 (x = 0), in agent order.
func generate(r rng) (*board, []int, error) {
	h := r.IntRange(6, 11)
	w := 2 * h
	b := &board{w: w, h: h, tiles: make([]Tile, w*h)}
	b.ySym = r.Bool() || r.Bool()

	for y := 1; y < h-1; y++ {
		for x := 1; x < w/2-1; x++ {
			t := Floor
			switch r.IntN(10) {
			case 0:
				t = HighCover
			case 1:
				t = LowCover
			}
			ox, oy := b.opposite(x, y)
			b.tiles[y*w+x] = t
			b.tiles[oy*w+ox] = t
		}
	}

	left := make([]int, h) // the x = 0 cells, by row
	for y := range left {
		left[y] = y
	}
	count := r.IntRange(3, 6)
	r.Shuffle(len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	if count == 5 && r.Bool() {
		count--
	}
	if count == 4 && r.Bool() {
		count--
	}
	spawns := left[:count]
	for _, y := range spawns {
		ox, oy := b.opposite(0, y)
		b.tiles[y*w] = Floor
		b.tiles[oy*w+ox] = Floor
	}

	var walls []int
	for c, t := range b.tiles {
		if t != Floor {
			walls = append(walls, c)
		}
	}
	if err := b.joinRegions(walls, r); err != nil {
		return nil, nil, err
	}
	b.finish()
	return b, spawns, nil
}

// joinRegions opens walls until the floor is one connected region, the way
// the referee does it. The referee keeps its region list after opening a
// bridge without adding the opened cells to any region, and only recomputes
// the regions when no wall bridges two of them; the label array below keeps
// exactly that staleness, which decides which walls open.
func (b *board) joinRegions(walls []int, r rng) error {
	r.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })
	label, count := b.regions()
	for count > 1 {
		if c, ls, k := b.findBridge(walls, label); c >= 0 {
			walls = b.open(walls, c)
			for i, l := range label {
				for _, m := range ls[1:k] {
					if l == m {
						label[i] = ls[0]
					}
				}
			}
			count -= k - 1
			continue
		}
		opened := false
		for _, c := range walls {
			if b.touchesFloor(c) {
				walls = b.open(walls, c)
				opened = true
				break
			}
		}
		if !opened {
			return errors.New("map regions cannot be joined")
		}
		label, count = b.regions()
	}
	return nil
}

// findBridge returns the first wall, in list order, whose neighbours lie in
// at least two regions, with those regions (k of them).
func (b *board) findBridge(walls []int, label []int) (int, [4]int, int) {
	for _, c := range walls {
		var ls [4]int
		k := 0
		x, y := c%b.w, c/b.w
		for _, d := range dirs4 {
			nx, ny := x+d[0], y+d[1]
			if !b.in(nx, ny) {
				continue
			}
			l := label[ny*b.w+nx]
			if l < 0 {
				continue
			}
			dup := false
			for _, m := range ls[:k] {
				dup = dup || m == l
			}
			if !dup {
				ls[k] = l
				k++
			}
		}
		if k > 1 {
			return c, ls, k
		}
	}
	return -1, [4]int{}, 0
}

func (b *board) touchesFloor(c int) bool {
	x, y := c%b.w, c/b.w
	for _, d := range dirs4 {
		nx, ny := x+d[0], y+d[1]
		if b.in(nx, ny) && b.tiles[ny*b.w+nx] == Floor {
			return true
		}
	}
	return false
}

// open clears wall c and its mirror and drops both from the wall list.
func (b *board) open(walls []int, c int) []int {
	ox, oy := b.opposite(c%b.w, c/b.w)
	o := oy*b.w + ox
	b.tiles[c] = Floor
	b.tiles[o] = Floor
	return removeFirst(removeFirst(walls, c), o)
}

func removeFirst(list []int, v int) []int {
	for i, x := range list {
		if x == v {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}

// regions labels the connected floor regions (-1 on walls).
func (b *board) regions() ([]int, int) {
	label := make([]int, len(b.tiles))
	for i := range label {
		label[i] = -1
	}
	count := 0
	queue := make([]int, 0, len(b.tiles))
	for c, t := range b.tiles {
		if t != Floor || label[c] >= 0 {
			continue
		}
		label[c] = count
		queue = append(queue[:0], c)
		for len(queue) > 0 {
			e := queue[0]
			queue = queue[1:]
			x, y := e%b.w, e/b.w
			for _, d := range dirs4 {
				nx, ny := x+d[0], y+d[1]
				if !b.in(nx, ny) {
					continue
				}
				n := ny*b.w + nx
				if b.tiles[n] == Floor && label[n] < 0 {
					label[n] = count
					queue = append(queue, n)
				}
			}
		}
		count++
	}
	return label, count
}
