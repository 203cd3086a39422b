package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/grass"
	"cgpolicy/internal/arena/view"
)

// drawer draws Keep Off The Grass: each cell's owner and scrap, the
// recyclers, and each stack of units with its count.
type drawer struct{}

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*grass.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: grass drawer got a %T", es)
	}
	sc := view.Scene{Width: s.Width(), Height: s.Height()}
	for y := 0; y < sc.Height; y++ {
		for x := 0; x < sc.Width; x++ {
			c := s.At(x, y)
			switch {
			case c.Grass():
				sc.Cells = append(sc.Cells, view.Cell{Fill: "#6fae4f"})
			case c.Owner >= 0:
				sc.Cells = append(sc.Cells, view.Cell{Fill: view.PlayerTints[c.Owner], Text: strconv.Itoa(int(c.Scrap))})
			default:
				sc.Cells = append(sc.Cells, view.Cell{Fill: "#d8d2c4", Text: strconv.Itoa(int(c.Scrap))})
			}
			if c.Recycler {
				sc.Units = append(sc.Units, view.Unit{
					ID: fmt.Sprintf("recycler %d,%d", x, y), Owner: int(c.Owner), X: x, Y: y,
					Shape: "square", Label: "R", Size: 0.7,
					Data: map[string]string{"kind": "recycler"},
				})
			}
			for p := 0; p < 2; p++ {
				if c.Units[p] > 0 {
					sc.Units = append(sc.Units, view.Unit{
						ID: fmt.Sprintf("units %d,%d,%d", p, x, y), Owner: p, X: x, Y: y,
						Shape: "circle", Label: strconv.Itoa(int(c.Units[p])), Size: 0.6,
						Data: map[string]string{"kind": "units", "count": strconv.Itoa(int(c.Units[p]))},
					})
				}
			}
		}
	}
	for p := 0; p < 2; p++ {
		sc.Players = append(sc.Players, fmt.Sprintf("matter %d, cells %d, units %d", s.Matter(p), s.Owned(p), s.UnitCount(p)))
	}
	sc.Notes = []string{fmt.Sprintf("turns left before the field counts as stable: %d", s.StableLeft()), "cell text: scrap; circles: units; R: recycler"}
	return sc, nil
}
