package nim

import (
	"testing"

	"cgpolicy/internal/games/toy/engine/nim"
)

// wins is whether the player to move at heaps wins against any reply, by
// search over every move.
func wins(heaps [nim.MaxHeaps]int, n int, memo map[[nim.MaxHeaps]int]bool) bool {
	if w, ok := memo[heaps]; ok {
		return w
	}
	w := false
	v := nim.View{N: n, Heaps: heaps}
	for _, a := range v.Moves(nil) {
		next := heaps
		next[a.Heap] -= a.Count
		if next == ([nim.MaxHeaps]int{}) || !wins(next, n, memo) {
			w = true
			break
		}
	}
	memo[heaps] = w
	return w
}

// TestTheory: on every position of three heaps, Grundy is not 0 exactly
// when the player to move wins, and Winning then finds a legal move that
// leaves a lost position; Value says the same from both seats.
func TestTheory(t *testing.T) {
	memo := map[[nim.MaxHeaps]int]bool{}
	var enc Encoder
	for a := 0; a <= nim.MaxHeap; a++ {
		for b := 0; b <= nim.MaxHeap; b++ {
			for c := 1; c <= nim.MaxHeap; c++ {
				v := nim.View{N: 3, Heaps: [nim.MaxHeaps]int{a, b, c}}
				w := wins(v.Heaps, 3, memo)
				if (Grundy(v.Heaps[:3]) != 0) != w {
					t.Fatalf("%v: Grundy %d, the mover wins: %v", v.Heaps, Grundy(v.Heaps[:3]), w)
				}
				m, ok := Winning(&v)
				if ok != w {
					t.Fatalf("%v: Winning says %v, the mover wins: %v", v.Heaps, ok, w)
				}
				if ok {
					next := v.Heaps
					next[m.Heap] -= m.Count
					if !v.Legal(m) || next != ([nim.MaxHeaps]int{}) && wins(next, 3, memo) {
						t.Fatalf("%v: Winning plays %v", v.Heaps, m)
					}
				}
				s := nim.FromView(&v, nil)
				if got := Value(s, 0) > 0; got != w || Value(s, 1) != -Value(s, 0) {
					t.Fatalf("%v: values %v and %v, the mover wins: %v", v.Heaps, Value(s, 0), Value(s, 1), w)
				}
				if k := enc.Encode(&v); k != len(v.Moves(nil)) || k > MaxCands {
					t.Fatalf("%v: %d candidates", v.Heaps, k)
				}
			}
		}
	}
}
