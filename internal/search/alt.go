package search

// Alt is an alternative a search over a network's choices may force:
// candidate A at decision D, Gap below the score of the network's choice
// there (the old one-ply searches of Coders of the Caribbean and Keep Off
// The Grass, kept as their pools' "search").
type Alt[A any] struct {
	D   int
	A   A
	Gap float32
}

// maxAltCands bounds the candidates AddAlts ranks, so that it allocates
// nothing.
const maxAltCands = 64

// AddAlts appends to dst up to n of decision d's best candidates other
// than the chosen one, best first: cands scored sc, each with its gap below
// the chosen candidate's score.
func AddAlts[A any](dst []Alt[A], d int, sc []float32, cands []A, chosen, n int) []Alt[A] {
	var used [maxAltCands]bool
	used[chosen] = true
	for k := 0; k < n && k < len(sc)-1; k++ {
		b := -1
		for j := range sc {
			if !used[j] && (b < 0 || sc[j] > sc[b]) {
				b = j
			}
		}
		used[b] = true
		dst = append(dst, Alt[A]{D: d, A: cands[b], Gap: sc[chosen] - sc[b]})
	}
	return dst
}

// SortAlts orders alternatives by gap, smallest first (insertion sort:
// stable and allocation free).
func SortAlts[A any](a []Alt[A]) {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k].Gap < a[k-1].Gap; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
}
