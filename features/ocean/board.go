// Package ocean holds what an Ocean of Code player can know and compute
// from its own view: the map with torpedo ranges (Map), the tracker of the
// opponent's possible positions and paths (Tracker), and the network's
// encoding of a turn. It never reads the referee's secret state, so the bot
// and the trainer see exactly the same thing.
//
// The package is compiled into the CodinGame bot: standard library and
// Go 1.18 only.
package ocean

import "cgpolicy/engine/ocean"

// Size and Cells repeat the engine's map dimensions.
const (
	Size  = ocean.Size
	Cells = ocean.Cells
)

// Bits is a set of cells, one bit per cell index y*Size+x.
type Bits [4]uint64

// Has reports whether cell c is in the set.
func (b *Bits) Has(c int) bool { return b[c>>6]&(1<<uint(c&63)) != 0 }

// Set adds cell c.
func (b *Bits) Set(c int) { b[c>>6] |= 1 << uint(c&63) }

// Unset removes cell c.
func (b *Bits) Unset(c int) { b[c>>6] &^= 1 << uint(c&63) }

// Cell is the index of (x, y).
func Cell(x, y int) int { return y*Size + x }

// Inside reports whether (x, y) is on the map.
func Inside(x, y int) bool { return x >= 0 && x < Size && y >= 0 && y < Size }

// Sector is the referee's 1..9 sector of a cell, three across.
func Sector(x, y int) int { return x/5 + 1 + (y/5)*3 }

// Map is the static map of one game as the init lines give it, with what
// every turn needs precomputed: which cells a torpedo from each cell
// reaches, and each cell's neighbours.
type Map struct {
	Island [Cells]bool
	// Reach[c] holds every water cell at most ocean.TorpedoRange steps
	// from c around islands, c included: a torpedo fired from c can hit
	// exactly these.
	Reach [Cells]Bits
	// Next[c][d] is the cell one step from c in direction d, or -1 when
	// that is an island or off the map.
	Next [Cells][4]int16
	// NWater is the number of water cells.
	NWater int
}

// Area counts the cells reachable from c through water cells not in
// visited (c counted, and taken as visited), up to limit: how much room a
// move leaves. queue is scratch.
func (m *Map) Area(c int, visited *Bits, limit int, queue *[Cells]int16) int {
	seen := *visited
	seen.Set(c)
	head, tail := 0, 1
	queue[0] = int16(c)
	for head < tail && tail < limit {
		x := int(queue[head])
		head++
		for d := 0; d < 4; d++ {
			n := m.Next[x][d]
			if n < 0 || seen.Has(int(n)) {
				continue
			}
			seen.Set(int(n))
			queue[tail] = n
			tail++
		}
	}
	return tail
}

// Water reports whether (x, y) is on the map and not an island.
func (m *Map) Water(x, y int) bool { return Inside(x, y) && !m.Island[Cell(x, y)] }

// Init fills m from the islands of a view; it computes the ranges with one
// bounded breadth-first search per water cell, so it is meant for once a
// game.
func (m *Map) Init(island *[Cells]bool) {
	m.Island = *island
	m.NWater = 0
	for c := 0; c < Cells; c++ {
		x, y := c%Size, c/Size
		for d := ocean.Dir(0); d < 4; d++ {
			m.Next[c][d] = -1
			if nx, ny := x+d.DX(), y+d.DY(); m.Water(nx, ny) {
				m.Next[c][d] = int16(Cell(nx, ny))
			}
		}
		if !m.Island[c] {
			m.NWater++
		}
	}
	var dist [Cells]int8
	var queue [Cells]int16
	for src := 0; src < Cells; src++ {
		m.Reach[src] = Bits{}
		if m.Island[src] {
			continue
		}
		for i := range dist {
			dist[i] = -1
		}
		dist[src] = 0
		head, tail := 0, 1
		queue[0] = int16(src)
		for head < tail {
			c := int(queue[head])
			head++
			m.Reach[src].Set(c)
			if dist[c] == ocean.TorpedoRange {
				continue
			}
			for d := 0; d < 4; d++ {
				n := m.Next[c][d]
				if n < 0 || dist[n] >= 0 {
					continue
				}
				dist[n] = dist[c] + 1
				queue[tail] = n
				tail++
			}
		}
	}
}

// Damage is what an explosion at cell t does to a submarine at cell c: 2
// on the cell, 1 next to it (diagonals too), 0 otherwise.
func Damage(t, c int) int {
	if t == c {
		return 2
	}
	dx, dy := t%Size-c%Size, t/Size-c/Size
	if dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
		return 1
	}
	return 0
}
