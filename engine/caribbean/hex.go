package caribbean

import (
	"math"

	"cgpolicy/engine"
	"cgpolicy/engine/java"
)

// Coord is a cell in the referee's offset coordinates: odd rows are shifted
// half a cell to the east. Cells off the map are valid values (a bow or a
// target may be off the map).
type Coord struct{ X, Y int }

// Neighbour steps, east first and counter-clockwise, for even and odd rows.
var (
	stepEven = [6]Coord{{1, 0}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}}
	stepOdd  = [6]Coord{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {0, 1}, {1, 1}}
)

// Neighbor is the adjacent cell in direction o (0..5). The referee tests
// y%2 == 1, so negative odd rows (only ever off the map) take the even
// steps; that is kept.
func (c Coord) Neighbor(o int) Coord {
	d := stepEven[o]
	if c.Y%2 == 1 {
		d = stepOdd[o]
	}
	return Coord{c.X + d.X, c.Y + d.Y}
}

// Inside reports whether c is on the map.
func (c Coord) Inside() bool { return c.X >= 0 && c.X < Width && c.Y >= 0 && c.Y < Height }

// cube converts to cube coordinates with the referee's integer arithmetic
// (y&1 and truncating division, also for negative rows).
func (c Coord) cube() (x, y, z int) {
	x = c.X - (c.Y-(c.Y&1))/2
	z = c.Y
	return x, -(x + z), z
}

// Distance is the number of steps between two cells.
func (c Coord) Distance(d Coord) int {
	ax, ay, az := c.cube()
	bx, by, bz := d.cube()
	return (engine.Abs(ax-bx) + engine.Abs(ay-by) + engine.Abs(az-bz)) / 2
}

var sqrt3 = math.Sqrt(3)

// angle is the direction from c to t in sixths of a turn, in [0, 6), with
// the referee's floating-point steps in the same order (and fdlibm's atan2)
// so that its exact ties come out the same.
func (c Coord) angle(t Coord) float64 {
	dy := float64(float64(t.Y-c.Y)*sqrt3) / 2
	dx := float64(t.X-c.X) + float64((c.Y-t.Y)&1)*0.5
	a := float64(-java.Atan2(dy, dx)*3) / math.Pi
	if a < 0 {
		a += 6
	} else if a >= 6 {
		a -= 6
	}
	return a
}
