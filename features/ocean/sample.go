package ocean

import (
	"math/bits"
	"math/rand"
)

// PathAt is the tracker's i-th path (i below Paths): the opponent's cell
// if it came that way, the cells it visited since it last surfaced, and
// where its live mines may lie. Every path counts alike in the belief
// (Prob), so a path drawn uniformly is a position drawn from the belief:
// the sampling search (policy.Smitsi) draws its hidden states so.
func (t *Tracker) PathAt(i int) (cell int, visited, mines Bits) {
	p := &t.paths[i]
	return int(p.cell), p.visited, p.mines
}

// DrawMines writes to dst n distinct cells of may, drawn with rng, and returns how many: all
// of may's cells when it has n or fewer. It allocates nothing.
func DrawMines(may *Bits, n int, rng *rand.Rand, dst *Bits) int {
	*dst = Bits{}
	u := may.count()
	if n >= u {
		*dst = *may
		return u
	}
	for got := 0; got < n; {
		k := rng.Intn(u)
		for w, word := range may {
			c := bits.OnesCount64(word)
			if k >= c {
				k -= c
				continue
			}
			for ; k > 0; k-- {
				word &= word - 1
			}
			cell := w*64 + bits.TrailingZeros64(word)
			if !dst.Has(cell) {
				dst.Set(cell)
				got++
			}
			break
		}
	}
	return n
}
