package view

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
)

// soakDrawer draws Soak Overflow: the tiles, and each living agent with its
// id and wetness.
type soakDrawer struct{}

var soakClassNames = map[soak.Class]string{
	soak.Gunner: "gunner", soak.Sniper: "sniper", soak.Bomber: "bomber",
	soak.Assault: "assault", soak.Berserker: "berserker",
}

func (soakDrawer) Scene(es engine.State) (Scene, error) {
	s, ok := es.(*soak.State)
	if !ok {
		return Scene{}, fmt.Errorf("view: soak drawer got a %T", es)
	}
	sc := Scene{Width: s.Width(), Height: s.Height()}
	for y := 0; y < sc.Height; y++ {
		for x := 0; x < sc.Width; x++ {
			var c Cell
			switch s.Tile(x, y) {
			case soak.LowCover:
				c = Cell{Fill: "#a9a9a9", Text: "low"}
			case soak.HighCover:
				c = Cell{Fill: "#5c5c5c", Text: "high"}
			default:
				c = Cell{Fill: "#f4f1e8"}
			}
			sc.Cells = append(sc.Cells, c)
		}
	}
	for _, a := range s.Agents() {
		if !a.Alive {
			continue
		}
		sc.Units = append(sc.Units, Unit{
			ID: "agent " + strconv.Itoa(a.ID), Owner: a.Owner, X: a.X, Y: a.Y,
			Shape: "circle", Label: fmt.Sprintf("%d:%d", a.ID, a.Wetness),
			Data: map[string]string{
				"agent": strconv.Itoa(a.ID), "class": soakClassNames[a.Class],
				"wetness": strconv.Itoa(a.Wetness), "cooldown": strconv.Itoa(a.Cooldown),
				"bombs": strconv.Itoa(a.Bombs),
			},
		})
	}
	for p := 0; p < 2; p++ {
		sc.Players = append(sc.Players, fmt.Sprintf("points %d, agents %d", s.Points(p), s.Alive(p)))
	}
	sc.Notes = append([]string{"label: agent id:wetness"}, s.Summary()...)
	return sc, nil
}
