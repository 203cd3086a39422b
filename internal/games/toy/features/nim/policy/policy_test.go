package policy

import (
	"testing"

	"cgpolicy/internal/games/toy/engine/nim"
)

func view(heaps ...int) *nim.View {
	v := &nim.View{N: len(heaps)}
	copy(v.Heaps[:], heaps)
	return v
}

// TestGreedy: the last objects when it can, else the most from the
// largest heap that gives no win away, else one object.
func TestGreedy(t *testing.T) {
	tests := []struct {
		name  string
		heaps []int
		want  nim.Action
	}{
		{"takes the last objects", []int{0, 3}, nim.Action{Heap: 1, Count: 3}},
		{"the largest heap", []int{2, 7, 5}, nim.Action{Heap: 1, Count: 3}},
		{"no gift", []int{1, 3}, nim.Action{Heap: 1, Count: 2}},
		{"every move a gift", []int{1, 1}, nim.Action{Heap: 0, Count: 1}},
		{"leaves four", []int{0, 7}, nim.Action{Heap: 1, Count: 3}},
	}
	for _, tc := range tests {
		if got := NewGreedy().Act(view(tc.heaps...), nil); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: heaps %v: %v, want %v", tc.name, tc.heaps, got, tc.want)
		}
	}
}

// TestFirst: one object from the first non-empty heap.
func TestFirst(t *testing.T) {
	if got := First(view(0, 0, 2), nil); len(got) != 1 || got[0] != (nim.Action{Heap: 2, Count: 1}) {
		t.Fatalf("First: %v", got)
	}
}
