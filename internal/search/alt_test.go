package search

import (
	"reflect"
	"testing"
)

// TestAlts: the best other candidates, best first, with their gaps below
// the chosen one, at most n; sorted by gap, ties in order.
func TestAlts(t *testing.T) {
	sc := []float32{0.5, 0.9, 0.1, 0.7}
	cands := []string{"a", "b", "c", "d"}
	got := AddAlts[string](nil, 2, sc, cands, 1, 2)
	want := []Alt[string]{{2, "d", sc[1] - sc[3]}, {2, "a", sc[1] - sc[0]}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("AddAlts = %v, want %v", got, want)
	}
	if all := AddAlts[string](nil, 0, sc, cands, 0, 8); len(all) != 3 {
		t.Errorf("%d alternatives of 4 candidates, want 3", len(all))
	}
	a := []Alt[string]{{0, "x", 3}, {1, "y", 1}, {2, "z", 3}, {3, "w", 0}}
	SortAlts(a)
	if got := []string{a[0].A, a[1].A, a[2].A, a[3].A}; !reflect.DeepEqual(got, []string{"w", "y", "x", "z"}) {
		t.Errorf("SortAlts order %v", got)
	}
}
