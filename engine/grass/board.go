package grass

// deltas is the referee's neighbour order, which fixes tie-breaks in
// pathfinding, map generation and spawning.
var deltas = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// Board is the fixed geometry of one map. It never changes after the map is
// made, so every clone of a game shares it.
type Board struct {
	W, H int
	// adj lists each cell's in-grid neighbours in the referee's order, -1 padded.
	adj [][4]int32
	// pathAdj is adj stably sorted by distance to the map centre, the order
	// in which the referee's A* queues neighbours.
	pathAdj [][4]int32
	// pathNbr is pathAdj padded with W*H instead of -1: a cell past the
	// map that path finding keeps closed, so loops need no padding test.
	pathNbr [][4]int32
	// centre is 4 times the squared distance to (W/2.0, H/2.0): exact
	// integers for the referee's double comparisons.
	centre []int32
	// x and y are each cell's coordinates, for distances without division.
	x, y []int32
}

func newBoard(w, h int) *Board {
	n := w * h
	b := &Board{W: w, H: h, adj: make([][4]int32, n), pathAdj: make([][4]int32, n), pathNbr: make([][4]int32, n), centre: make([]int32, n),
		x: make([]int32, n), y: make([]int32, n)}
	for i := 0; i < n; i++ {
		x, y := i%w, i/w
		b.x[i], b.y[i] = int32(x), int32(y)
		dx, dy := 2*x-w, 2*y-h
		b.centre[i] = int32(dx*dx + dy*dy)
	}
	for i := 0; i < n; i++ {
		x, y := i%w, i/w
		k := 0
		for d := range deltas {
			b.adj[i][d] = -1
			b.pathAdj[i][d] = -1
			nx, ny := x+deltas[d][0], y+deltas[d][1]
			if b.Inside(nx, ny) {
				b.adj[i][k] = int32(ny*w + nx)
				k++
			}
		}
		// Insertion sort is stable, as the referee's Collections.sort.
		p := b.adj[i]
		for j := 1; j < k; j++ {
			for m := j; m > 0 && b.centre[p[m]] < b.centre[p[m-1]]; m-- {
				p[m], p[m-1] = p[m-1], p[m]
			}
		}
		b.pathAdj[i] = p
		for d, j := range p {
			if j < 0 {
				j = int32(n)
			}
			b.pathNbr[i][d] = j
		}
	}
	return b
}

// Inside reports whether (x, y) is on the map.
func (b *Board) Inside(x, y int) bool { return x >= 0 && y >= 0 && x < b.W && y < b.H }

// Index is the cell index of (x, y), row by row.
func (b *Board) Index(x, y int) int { return y*b.W + x }

// XY is the coordinate of cell i.
func (b *Board) XY(i int) (x, y int) { return i % b.W, i / b.W }

// Neighbours returns cell i's in-grid neighbours in the referee's order
// (left, right, up, down), padded with -1.
func (b *Board) Neighbours(i int) [4]int32 { return b.adj[i] }
