package kutulu

import "testing"

// TestStepsTable checks the per-maze walking table that wanderers chase
// by against the referee's path search (finder.bfs, which the golden
// traces check) on every maze and every pair of cells: the same lengths,
// and the chase's first step, the first neighbour in the turn's direction
// order one step nearer, is the path search's first step.
func TestStepsTable(t *testing.T) {
	f := new(finder)
	for _, b := range boards {
		n := b.w * b.h
		for from := 0; from < n; from++ {
			if !b.walk[from] {
				continue
			}
			for offset := 0; offset < 4; offset++ {
				f.bfs(b, from, offset, nil)
				for to := 0; to < n; to++ {
					got := b.steps(to)[from]
					if want := int16(f.length(to)); got != want {
						t.Fatalf("%s: steps from %d to %d = %d, path search %d", b.name, from, to, got, want)
					}
					if got <= 0 {
						continue
					}
					first := int16(-1)
					for j := 0; j < 4 && first < 0; j++ {
						if nb := b.next[from][(j+offset)&3]; nb >= 0 && b.steps(to)[nb] == got-1 {
							first = nb
						}
					}
					if first != f.first[to] {
						t.Fatalf("%s: first step from %d to %d (offset %d) = %d, path search %d",
							b.name, from, to, offset, first, f.first[to])
					}
				}
			}
		}
	}
}
