package grass

import (
	"math"

	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// genMap builds the map exactly as the referee's Grid constructor does from
// the seed, drawing the same random numbers in the same order: the map is
// the only random part of the game.
func genMap(seed int64) (*Board, []Cell, error) {
	rng, err := jrand.NewSHA1PRNG(seed)
	if err != nil {
		return nil, nil, err
	}
	snaky := rng.Float64() < 0.1
	w := rng.IntN(13) + 12
	h := w / 2
	ySym := rng.Bool()
	b := newBoard(w, h)
	n := w * h
	opposite := func(i int) int {
		x, y := b.XY(i)
		if ySym {
			y = h - 1 - y
		}
		return b.Index(w-1-x, y)
	}

	scrap := make([]int, n)
	set := make([]bool, n)
	var holes, candidates []int
	cx, cy := w/2, h/2
	maxDist := float64(cx + cy)
	for i := 0; i < n; i++ {
		if set[i] {
			continue
		}
		x, y := b.XY(i)
		d := scrapFor(rng.Float64(), float64(engine.Abs(x-cx)+engine.Abs(y-cy))/maxDist, snaky)
		scrap[i], set[i] = d, true
		if d == 0 {
			holes = append(holes, i)
		}
		o := opposite(i)
		if o == i {
			continue
		}
		scrap[o], set[o] = d, true
		ox, oy := b.XY(o)
		dist := engine.Abs(x-ox) + engine.Abs(y-oy)
		if d == MaxScrap && x > 1 && y > 1 && x < w-1 && y < h-1 && dist >= 7 && float64(dist) >= float64(w)*0.5 {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) == 0 {
		candidates = append(candidates, b.Index(1, 1))
	}
	pick := candidates[rng.IntN(len(candidates))]
	spawns := [2]int{pick, opposite(pick)}
	if !rng.Bool() {
		spawns[0], spawns[1] = spawns[1], spawns[0]
	}

	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = Cell{Scrap: int8(scrap[i]), Owner: -1}
	}
	taken := make([]bool, n)
	for p, c := range spawns {
		cells[c].Owner = int8(p)
		if cells[c].Scrap == 0 {
			cells[c].Scrap = 1
		}
		x, y := b.XY(c)
		for _, d := range deltas {
			// Spawn cells lie at least one cell inside the border, so
			// every neighbour exists.
			j := b.Index(x+d[0], y+d[1])
			if cells[j].Scrap == 0 {
				cells[j].Scrap = 1
			}
			cells[j].Owner = int8(p)
			cells[j].Units[p] = 1
			taken[j] = true
		}
	}
	kept := holes[:0]
	for _, c := range holes {
		if !taken[c] {
			kept = append(kept, c)
		}
	}
	holes = kept
	rng.Shuffle(len(holes), func(i, j int) { holes[i], holes[j] = holes[j], holes[i] })
	bridgeIslands(b, cells, holes, opposite)
	return b, cells, nil
}

// scrapFor turns one nextDouble draw into a durability: cells near the
// centre tend to be sturdier. dist is the Manhattan distance to the centre
// over its maximum.
func scrapFor(d, dist float64, snaky bool) int {
	d *= d
	d = math.Pow(d, 1/(1+(1-dist)*3))
	switch {
	case d < .15:
		return 0
	case d < .35:
		if snaky {
			return 0
		}
		return 4
	case d < .5:
		return 6
	case d < .8:
		return 8
	case d < .9:
		return 9
	}
	return MaxScrap
}

// bridgeIslands turns holes (in their shuffled order) into bridges until the
// non-grass cells form one island or no hole joins two. Like the referee, it
// labels islands once and merges labels; bridge cells join no island.
func bridgeIslands(b *Board, cells []Cell, holes []int, opposite func(int) int) {
	n := len(cells)
	label := make([]int, n)
	for i := range label {
		label[i] = -1
	}
	islands := 0
	queue := make([]int, 0, n)
	for i := 0; i < n; i++ {
		if cells[i].Scrap == 0 || label[i] >= 0 {
			continue
		}
		label[i] = islands
		queue = append(queue[:0], i)
		for k := 0; k < len(queue); k++ {
			for _, j := range b.adj[queue[k]] {
				if j >= 0 && cells[j].Scrap != 0 && label[j] < 0 {
					label[j] = islands
					queue = append(queue, int(j))
				}
			}
		}
		islands++
	}
	next := islands
	for islands > 1 {
		bridge := -1
		var touched []int
		for _, h := range holes {
			touched = touched[:0]
			for _, j := range b.adj[h] {
				if j < 0 || label[j] < 0 || containsInt(touched, label[j]) {
					continue
				}
				touched = append(touched, label[j])
			}
			if len(touched) > 1 {
				bridge = h
				break
			}
		}
		if bridge < 0 {
			return
		}
		o := opposite(bridge)
		cells[bridge].Scrap = 6
		cells[o].Scrap = 6
		holes = removeFirst(removeFirst(holes, bridge), o)
		for i := range label {
			if label[i] >= 0 && containsInt(touched, label[i]) {
				label[i] = next
			}
		}
		next++
		islands -= len(touched) - 1
	}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// removeFirst drops the first occurrence of v, keeping the order, as
// Vector.remove(Object) does.
func removeFirst(s []int, v int) []int {
	for i, x := range s {
		if x == v {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}
