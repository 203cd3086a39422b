package ocean

import "math/bits"

// The opponent's mines, as its Tracker follows them.
//
// The input shows a MINE order without its direction, so a mine lies on
// one of the four cells next to where the opponent stood when it laid it.
// Each path therefore carries the cells where its mines may lie: every
// MINE adds the water cells next to the path's cell at that moment, and a
// TRIGGER at cell c both tells that a mine was at c (a path whose mines
// cannot include c is dropped: the opponent did not come that way) and
// removes c (that mine is gone; two mines never share a cell). The
// possible mines of the whole belief are the union over its paths; since
// merged paths keep the union of their mines, the opponent's true mines
// are always among them.
//
// Nothing else tells of mines: a mine explodes only when its owner
// triggers it, and every explosion is in the orders, so our own damage and
// surfacing add nothing the orders do not already say.

// mineState is the tracker's count of the opponent's mines and the
// per-cell belief last computed.
type mineState struct {
	// laid and fired count the opponent's MINE and TRIGGER orders.
	laid, fired int
	// MayMine holds every cell where a live mine of the opponent may lie.
	MayMine Bits
	// MineProb[c] is the belief that a live mine of the opponent lies on
	// cell c (see countMines).
	MineProb [Cells]float32
}

// Live is how many mines the opponent has in the water: those laid less
// those triggered.
func (t *Tracker) Live() int {
	if n := t.laid - t.fired; n > 0 {
		return n
	}
	return 0
}

func (b *Bits) or(o *Bits) {
	for w := range b {
		b[w] |= o[w]
	}
}

func (b *Bits) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// lostMines is the mines of a path started afresh: none before the first
// MINE, every water cell after, since a reset forgets where the mines
// laid so far may lie.
func (t *Tracker) lostMines() Bits {
	if t.laid == 0 {
		return Bits{}
	}
	var b Bits
	for c := 0; c < Cells; c++ {
		if !t.m.Island[c] {
			b.Set(c)
		}
	}
	return b
}

// mine adds, to every path, the water cells next to its cell: where the
// MINE just laid may lie.
func (t *Tracker) mine() {
	t.laid++
	for i := 0; i < t.n; i++ {
		p := &t.paths[i]
		for d := 0; d < 4; d++ {
			if nc := t.m.Next[p.cell][d]; nc >= 0 {
				p.mines.Set(int(nc))
			}
		}
	}
}

// trigger keeps the paths that may have a mine at c and removes it from
// them: the opponent triggered it.
func (t *Tracker) trigger(c int) {
	t.fired++
	k := 0
	for i := 0; i < t.n; i++ {
		p := t.paths[i]
		if !p.mines.Has(c) {
			continue
		}
		p.mines.Unset(c)
		t.paths[k] = p
		k++
	}
	t.n = k
}

// countMines computes MayMine and MineProb. A path whose possible mine
// cells number u, with l mines live, puts min(1, l/u) on each of them
// (most mines have three or four cells to choose from); MineProb is the
// mean over the paths. It is a weight for avoiding cells, not an exact
// probability: the paths' mines overlap.
func (t *Tracker) countMines() {
	t.MayMine = Bits{}
	t.MineProb = [Cells]float32{}
	live := t.Live()
	if live == 0 || t.n == 0 {
		return
	}
	inv := 1 / float32(t.n)
	for i := 0; i < t.n; i++ {
		p := &t.paths[i]
		u := p.mines.count()
		if u == 0 {
			continue
		}
		w := float32(live) / float32(u)
		if w > 1 {
			w = 1
		}
		w *= inv
		t.MayMine.or(&p.mines)
		for wi, word := range p.mines {
			for word != 0 {
				b := bits.TrailingZeros64(word)
				word &= word - 1
				t.MineProb[wi*64+b] += w
			}
		}
	}
}

// MineDanger is the damage we expect at cell c should the opponent
// trigger every mine near it: 2 for a mine on c, 1 for one next to it
// (diagonals too), each weighted by MineProb. The policies keep away from
// it when they move, silence and surface.
func (t *Tracker) MineDanger(c int) float64 {
	if t.Live() == 0 {
		return 0
	}
	x, y := c%Size, c/Size
	sum := 0.0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if !Inside(x+dx, y+dy) {
				continue
			}
			m := Cell(x+dx, y+dy)
			if p := t.MineProb[m]; p > 0 {
				sum += float64(p) * float64(Damage(m, c))
			}
		}
	}
	return sum
}
