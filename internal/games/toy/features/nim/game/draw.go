package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/internal/arena/view"
	"cgpolicy/internal/games/toy/engine/nim"
)

// drawer draws Nim's heaps as rows of objects, one row a heap.
type drawer struct{}

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*nim.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: nim drawer got a %T", es)
	}
	heaps := s.Heaps()
	sc := view.Scene{Width: nim.MaxHeap, Height: len(heaps)}
	sc.Cells = make([]view.Cell, sc.Width*sc.Height)
	for i := range sc.Cells {
		sc.Cells[i] = view.Cell{Fill: "#eeeeee"}
	}
	for h, n := range heaps {
		for x := 0; x < n; x++ {
			sc.Units = append(sc.Units, view.Unit{ID: fmt.Sprintf("object %d,%d", h, x), Owner: -1, X: x, Y: h,
				Shape: "circle", Size: 0.6, Data: map[string]string{"kind": "object", "heap": strconv.Itoa(h)}})
		}
	}
	for p := 0; p < 2; p++ {
		line := "waits"
		switch {
		case s.Done() && s.Winner() == p:
			line = "won"
		case s.Done():
			line = "lost"
		case s.Mover() == p:
			line = "to move"
		}
		sc.Players = append(sc.Players, line)
	}
	sc.Notes = []string{"one row a heap; a move takes 1 to 3 objects from one heap, and whoever takes the last wins"}
	return sc, nil
}
