package ocean

import "cgpolicy/engine/jrand"

// Size is the side of the square map.
const Size = 15

// Cells is the number of cells of the map.
const Cells = Size * Size

// TorpedoRange is the farthest a torpedo flies, counted in steps around
// islands.
const TorpedoRange = 4

// bits is a set of cells, one bit per cell index y*Size+x.
type bits [4]uint64

func (b *bits) has(c int) bool { return b[c>>6]&(1<<uint(c&63)) != 0 }
func (b *bits) set(c int)      { b[c>>6] |= 1 << uint(c&63) }
func (b *bits) unset(c int)    { b[c>>6] &^= 1 << uint(c&63) }

// board is the map of one seed. It never changes after New, so clones
// share it.
type board struct {
	island [Cells]bool
	// reach[c] is every cell a torpedo fired from c can hit: water at most
	// TorpedoRange steps away around the islands, c itself included.
	reach [Cells]bits
}

func cell(x, y int) int { return y*Size + x }

func inside(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// water reports whether (x, y) is on the map and not an island.
func (b *board) water(x, y int) bool { return inside(x, y) && !b.island[cell(x, y)] }

// newBoard draws the islands as the referee does. The loop bound is drawn
// again at each test of the loop condition, so the number of islands is not
// one draw; every seed cell then grows to a 2x2 block up and right, and the
// fix-up pass fills the 3x3 around the first cell that no island sprite fits,
// until every island cell fits one.
func newBoard(seed int64) *board {
	rng := jrand.NewRandom(seed)
	var marked [Cells]bool
	for i := 0; i < rng.IntN(26)+5; i++ {
		x := rng.IntN(Size)
		y := rng.IntN(Size)
		marked[cell(x, y)] = true
	}
	b := &board{}
	b.island = marked
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			if !marked[cell(x, y)] {
				continue
			}
			if y-1 >= 0 {
				b.island[cell(x, y-1)] = true
			}
			if x+1 < Size {
				b.island[cell(x+1, y)] = true
				if y-1 >= 0 {
					b.island[cell(x+1, y-1)] = true
				}
			}
		}
	}
	for b.fixOne() {
	}
	b.computeReach()
	return b
}

// tilePatterns are the neighbourhoods the referee has an island sprite for,
// read clockwise from the north-west neighbour; '.' is either.
var tilePatterns = [...]string{
	"11.0.111", ".11111.0", ".0.0.111", "11.0.0.1", ".111.0.0", ".0.111.0",
	"1111.0.1", ".0.11111", "11111111", "11111101", "11110111", "11011111", "01111111",
}

// neighbours in the order of tilePatterns' characters.
var ringDX = [8]int{-1, 0, 1, 1, 1, 0, -1, -1}
var ringDY = [8]int{-1, -1, -1, 0, 1, 1, 1, 0}

// fits reports whether the island at (x, y) matches a sprite; the map's
// border counts as island.
func (b *board) fits(x, y int) bool {
	var ring [8]byte
	for i := 0; i < 8; i++ {
		nx, ny := x+ringDX[i], y+ringDY[i]
		ring[i] = '0'
		if !inside(nx, ny) || b.island[cell(nx, ny)] {
			ring[i] = '1'
		}
	}
	for _, p := range tilePatterns {
		ok := true
		for i := 0; i < 8 && ok; i++ {
			ok = p[i] == '.' || p[i] == ring[i]
		}
		if ok {
			return true
		}
	}
	return false
}

// fixOne fills the clamped 3x3 block around the first island cell, in row
// order, that fits no sprite. It reports whether it changed anything.
func (b *board) fixOne() bool {
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			if !b.island[cell(x, y)] || b.fits(x, y) {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					b.island[cell(clamp(x+dx), clamp(y+dy))] = true
				}
			}
			return true
		}
	}
	return false
}

func clamp(v int) int {
	if v < 0 {
		return 0
	}
	if v >= Size {
		return Size - 1
	}
	return v
}

// computeReach runs one bounded breadth-first search per water cell, so a
// torpedo's range check is a bit test during play.
func (b *board) computeReach() {
	var dist [Cells]int8
	var queue [Cells]int16
	for src := 0; src < Cells; src++ {
		if b.island[src] {
			continue
		}
		for i := range dist {
			dist[i] = -1
		}
		dist[src] = 0
		head, tail := 0, 0
		queue[tail] = int16(src)
		tail++
		for head < tail {
			c := int(queue[head])
			head++
			b.reach[src].set(c)
			if dist[c] == TorpedoRange {
				continue
			}
			x, y := c%Size, c/Size
			for d := Dir(0); d < numDirs; d++ {
				nx, ny := x+d.DX(), y+d.DY()
				if !b.water(nx, ny) || dist[cell(nx, ny)] >= 0 {
					continue
				}
				dist[cell(nx, ny)] = dist[c] + 1
				queue[tail] = int16(cell(nx, ny))
				tail++
			}
		}
	}
}

// sector is the referee's 1..9 sector number of a cell, three across.
func sector(x, y int) int { return x/5 + 1 + (y/5)*3 }
