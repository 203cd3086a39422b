package grass

import (
	"math"
	"testing"

	eg "cgpolicy/engine/grass"
)

// TestValueAntisymmetric: a position is worth to one seat exactly what it
// costs the other, in play and at the end.
func TestValueAntisymmetric(t *testing.T) {
	for i, s := range positions(t, []int64{4, 9}) {
		a, b := Value(s, 0), Value(s, 1)
		if math.Abs(a+b) > 1e-9 {
			t.Fatalf("position %d: Value 0 = %v, Value 1 = %v", i, a, b)
		}
	}
}

// cell is a shorthand for the map tables below.
func cell(owner int8, scrap int8, u0, u1 int32, rec bool) eg.Cell {
	return eg.Cell{Owner: owner, Scrap: scrap, Units: [2]int32{u0, u1}, Recycler: rec}
}

// TestValueOrders: what the score and the next turns favour is worth more.
func TestValueOrders(t *testing.T) {
	n := cell(-1, 5, 0, 0, false)
	mine := cell(0, 5, 0, 0, false)
	theirs := cell(1, 5, 0, 0, false)
	stack := cell(0, 5, 1, 0, false)
	enemy := cell(1, 5, 0, 1, false)
	base := []eg.Cell{mine, stack, n, n, enemy, theirs}
	even := [2]int{10, 10}
	tests := []struct {
		name          string
		worse, better []eg.Cell
		wm, bm        [2]int
	}{
		{"one more cell", base, []eg.Cell{mine, stack, mine, n, enemy, theirs}, even, even},
		{"one more unit", base, []eg.Cell{mine, cell(0, 5, 2, 0, false), n, n, enemy, theirs}, even, even},
		{"more matter", base, base, even, [2]int{30, 10}},
		{"no enemy recycler", []eg.Cell{mine, stack, n, n, enemy, cell(1, 5, 0, 0, true)}, base, even, even},
		{"no own cell about to vanish", []eg.Cell{cell(0, 1, 0, 0, false), cell(0, 5, 0, 0, true), stack, n, enemy, theirs},
			[]eg.Cell{cell(0, 2, 0, 0, false), cell(0, 5, 0, 0, true), stack, n, enemy, theirs}, even, even},
	}
	for _, tc := range tests {
		w, err := eg.FromCells(6, 1, tc.worse, tc.wm)
		if err != nil {
			t.Fatal(err)
		}
		b, err := eg.FromCells(6, 1, tc.better, tc.bm)
		if err != nil {
			t.Fatal(err)
		}
		if vb, vw := Value(b, 0), Value(w, 0); !(vb > vw) {
			t.Errorf("%s: value %v, not above %v", tc.name, vb, vw)
		}
	}
}
