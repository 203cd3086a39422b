package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/ocean"
	"cgpolicy/internal/arena/view"
)

// drawer draws Ocean of Code: islands, each submarine's path since it
// last surfaced, and the submarines with their life. The viewer sees both
// sides, which neither bot does.
type drawer struct{}

// oceanBoth tints a cell both submarines have crossed.
const oceanBoth = "#d9c8ef"

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*ocean.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: ocean drawer got a %T", es)
	}
	sc := view.Scene{Width: ocean.Size, Height: ocean.Size}
	for y := 0; y < ocean.Size; y++ {
		for x := 0; x < ocean.Size; x++ {
			v0, v1 := s.Visited(0, x, y), s.Visited(1, x, y)
			var c view.Cell
			switch {
			case s.Island(x, y):
				c.Fill = "#8d7b55"
			case v0 && v1:
				c.Fill = oceanBoth
			case v0:
				c.Fill = view.PlayerTints[0]
			case v1:
				c.Fill = view.PlayerTints[1]
			default:
				c.Fill = "#a9d6f2"
			}
			sc.Cells = append(sc.Cells, c)
		}
	}
	for p := 0; p < 2; p++ {
		x, y := s.Position(p)
		// a placed submarine's own cell is always in its path
		if s.Visited(p, x, y) {
			sc.Units = append(sc.Units, view.Unit{ID: "submarine " + strconv.Itoa(p), Owner: p, X: x, Y: y,
				Shape: "circle", Label: strconv.Itoa(s.Life(p)),
				Data: map[string]string{"kind": "submarine", "life": strconv.Itoa(s.Life(p))}})
		}
		sc.Players = append(sc.Players, fmt.Sprintf("life %d; charges to go: torpedo %d, sonar %d, silence %d, mine %d",
			s.Life(p), s.Cooldown(p, ocean.Torpedo), s.Cooldown(p, ocean.Sonar), s.Cooldown(p, ocean.Silence), s.Cooldown(p, ocean.Mine)))
	}
	sc.Notes = append([]string{"circle: submarine and its life; tinted cells: its path since it last surfaced"}, s.Summary()...)
	return sc, nil
}
