package kutulu

import "cgpolicy/engine"

import ek "cgpolicy/engine/kutulu"

// maxCells bounds the cells of a maze (the largest is 22 by 18).
const maxCells = 512

// Grid is a maze read from a view's rows: walkable cells and their
// neighbours in the referee's direction order (UP, RIGHT, DOWN, LEFT).
// Load keeps it while the rows stay the same, so a bot reads its maze once.
type Grid struct {
	W, H int
	rows []string
	Walk [maxCells]bool
	Next [maxCells][4]int16 // walkable neighbour by direction, or -1
	list [maxCells]int16
}

var dirDX = [4]int{0, 1, 0, -1}
var dirDY = [4]int{-1, 0, 1, 0}

// Load reads the maze of v unless it is the one already loaded.
func (g *Grid) Load(v *ek.View) {
	if g.same(v.Rows) {
		return
	}
	g.W, g.H = v.Width, v.Height
	if g.W*g.H > maxCells || len(v.Rows) != g.H {
		g.W, g.H = 0, 0
	}
	g.rows = append(g.rows[:0], v.Rows...)
	for c := 0; c < g.W*g.H; c++ {
		x, y := c%g.W, c/g.W
		g.Walk[c] = len(v.Rows[y]) > x && v.Rows[y][x] != '#'
	}
	for c := 0; c < g.W*g.H; c++ {
		x, y := c%g.W, c/g.W
		for d := 0; d < 4; d++ {
			g.Next[c][d] = -1
			if n, ok := g.Cell(x+dirDX[d], y+dirDY[d]); ok && g.Walk[n] {
				g.Next[c][d] = int16(n)
			}
		}
	}
}

func (g *Grid) same(rows []string) bool {
	if len(rows) != len(g.rows) || len(rows) == 0 {
		return false
	}
	for i := range rows {
		if rows[i] != g.rows[i] {
			return false
		}
	}
	return true
}

// Cell is the index of (x, y), false off the map.
func (g *Grid) Cell(x, y int) (int, bool) {
	if x < 0 || y < 0 || x >= g.W || y >= g.H {
		return 0, false
	}
	return y*g.W + x, true
}

// XY is the position of cell c.
func (g *Grid) XY(c int) (int, int) { return c % g.W, c / g.W }

// Manhattan is the distance the group rate and yells measure.
func (g *Grid) Manhattan(c, d int) int {
	cx, cy := g.XY(c)
	dx, dy := g.XY(d)
	return engine.Abs(cx-dx) + engine.Abs(cy-dy)
}

// BFS fills dist with the step counts from cell from through walkable
// cells (-1 unreached).
func (g *Grid) BFS(from int, dist *[maxCells]int16) {
	n := g.W * g.H
	for c := 0; c < n; c++ {
		dist[c] = -1
	}
	if from < 0 || from >= n {
		return
	}
	dist[from] = 0
	g.list[0] = int16(from)
	cnt := 1
	for i := 0; i < cnt; i++ {
		c := int(g.list[i])
		for d := 0; d < 4; d++ {
			if nb := g.Next[c][d]; nb >= 0 && dist[nb] < 0 {
				dist[nb] = dist[c] + 1
				g.list[cnt] = nb
				cnt++
			}
		}
	}
}

// InSight reports whether t lies on one of the four straight lines of
// walkable cells from c, as a slasher sees.
func (g *Grid) InSight(c, t int) bool {
	if c == t {
		return true
	}
	for d := 0; d < 4; d++ {
		for x := int(g.Next[c][d]); x >= 0; x = int(g.Next[x][d]) {
			if x == t {
				return true
			}
		}
	}
	return false
}

// Exits counts the walkable neighbours of c.
func (g *Grid) Exits(c int) int {
	n := 0
	for d := 0; d < 4; d++ {
		if g.Next[c][d] >= 0 {
			n++
		}
	}
	return n
}
