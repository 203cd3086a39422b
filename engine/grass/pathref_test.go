package grass

import (
	"math"
	"math/rand"
	"testing"

	"cgpolicy/engine/java"
)

// refStep is the referee's move rule spelled out the slow way, with
// java.PriorityQueue and a parent-linked item list as the referee keeps
// them, and the fallback search run a second time as the referee runs it.
// The fast path (State.step) must agree with it on every query.
func refStep(b *Board, cells []Cell, from int, tx, ty int32) int {
	type item struct{ cell, depth, prev int32 }
	type entry struct{ depth, item int32 }
	search := func(tx, ty int32) (found int32, items []item, nearest int) {
		target := -1
		if tx >= 0 && ty >= 0 && int(tx) < b.W && int(ty) < b.H {
			target = int(ty)*b.W + int(tx)
		}
		closed := make([]bool, len(cells))
		items = []item{{cell: int32(from), prev: -1}}
		q := java.PriorityQueue[entry]{Less: func(a, b entry) bool { return a.depth < b.depth }}
		q.Offer(entry{})
		nearest = from
		for q.Len() > 0 {
			top, _ := q.Poll()
			it := items[top.item]
			c := int(it.cell)
			if c == target {
				return top.item, items, nearest
			}
			if closed[c] {
				continue
			}
			closed[c] = true
			for _, n := range b.pathAdj[c] {
				if n < 0 {
					break
				}
				if cells[n].Scrap == 0 || cells[n].Recycler || closed[n] {
					continue
				}
				items = append(items, item{cell: n, depth: it.depth + 1, prev: top.item})
				q.Offer(entry{depth: it.depth + 1, item: int32(len(items) - 1)})
			}
			d, nd := manhattan32(b, c, tx, ty), manhattan32(b, nearest, tx, ty)
			if d < nd || d == nd && b.centre[c] < b.centre[nearest] {
				nearest = c
			}
		}
		return -1, items, nearest
	}
	found, items, nearest := search(tx, ty)
	if found < 0 {
		nx, ny := b.XY(nearest)
		found, items, _ = search(int32(nx), int32(ny))
	}
	if items[found].prev < 0 {
		return -1
	}
	for items[items[found].prev].prev >= 0 {
		found = items[found].prev
	}
	return int(items[found].cell)
}

// randomTarget draws a move target: mostly on the map or next to it, and
// now and then anywhere in Java's int range, where distances overflow.
func randomTarget(rng *rand.Rand, w, h int) (int32, int32) {
	switch rng.Intn(10) {
	case 0:
		return int32(rng.Uint32()), int32(rng.Uint32())
	case 1:
		edge := []int32{math.MinInt32, math.MinInt32 + 1, -1 << 20, 1 << 20, math.MaxInt32 - 1, math.MaxInt32}
		return edge[rng.Intn(len(edge))], int32(rng.Intn(h+4) - 2)
	case 2, 3:
		return int32(rng.Intn(w+8) - 4), int32(rng.Intn(h+8) - 4)
	}
	return int32(rng.Intn(w)), int32(rng.Intn(h))
}

// TestStepMatchesReference asks the fast path and the reference for the
// step of many (origin, target) pairs on positions of random games, from
// open and blocked origins alike, and on maps cut into islands.
func TestStepMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	checked := 0
	for seed := int64(1); seed <= 12; seed++ {
		s, err := New(seed)
		if err != nil {
			t.Fatal(err)
		}
		var acts [2][]Action
		for !s.Done() {
			if s.turn%3 == 0 {
				for k := 0; k < 40; k++ {
					from := rng.Intn(len(s.cells))
					tx, ty := randomTarget(rng, s.b.W, s.b.H)
					if k%2 == 0 { // a stack's cell, as in a real move
						if i := s.randomCell(rng, func(i int) bool { return s.cells[i].Units[0]+s.cells[i].Units[1] > 0 }); i >= 0 {
							from = i
						}
					}
					fx, fy := s.b.XY(from)
					if int(tx) == fx && int(ty) == fy {
						continue
					}
					got := s.step(from, tx, ty)
					want := refStep(s.b, s.cells, from, tx, ty)
					if got != want {
						t.Fatalf("seed %d turn %d: from (%d,%d) to (%d,%d): step %d, the referee's %d",
							seed, s.turn, fx, fy, tx, ty, got, want)
					}
					checked++
				}
			}
			for p := 0; p < 2; p++ {
				acts[p] = RandomActions(s, p, rng, acts[p][:0])
				// recyclers now and then, to cut the map into islands
				if rng.Intn(3) == 0 {
					if i := s.randomCell(rng, func(i int) bool { return s.CanBuild(p, i) }); i >= 0 {
						x, y := s.b.XY(i)
						acts[p] = append(acts[p], BuildAction(x, y))
					}
				}
			}
			if err := s.Step(acts[0], acts[1]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d queries checked", checked)
	}
}

// TestStepMatchesReferenceOnRandomMaps does the same on random grids of
// any shape, walls and recyclers scattered without the generator's
// symmetry, mirrored now and then so that cells tie on the centre.
func TestStepMatchesReferenceOnRandomMaps(t *testing.T) {
	rng := rand.New(rand.NewSource(2021))
	for m := 0; m < 300; m++ {
		w, h := 1+rng.Intn(30), 1+rng.Intn(15)
		wall := rng.Float64() * 0.5
		cells := make([]Cell, w*h)
		for i := range cells {
			c := Cell{Scrap: int8(1 + rng.Intn(MaxScrap)), Owner: -1}
			switch r := rng.Float64(); {
			case r < wall:
				c.Scrap = 0
			case r < wall+0.05:
				c.Owner, c.Recycler = int8(rng.Intn(2)), true
			}
			cells[i] = c
		}
		if rng.Intn(2) == 0 { // point symmetry, as the generator's maps
			for i := range cells {
				cells[len(cells)-1-i] = cells[i]
			}
		}
		s, err := FromCells(w, h, cells, [2]int{})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 30; k++ {
			from := rng.Intn(len(cells))
			tx, ty := randomTarget(rng, w, h)
			fx, fy := s.b.XY(from)
			if int(tx) == fx && int(ty) == fy {
				continue
			}
			if got, want := s.step(from, tx, ty), refStep(s.b, s.cells, from, tx, ty); got != want {
				t.Fatalf("map %d (%dx%d): from (%d,%d) to (%d,%d): step %d, the referee's %d\n%v",
					m, w, h, fx, fy, tx, ty, got, want, s)
			}
		}
	}
}
