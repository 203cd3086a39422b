package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/arena/view"
)

// drawer draws Soak Overflow: the tiles, and each living agent with its
// id and wetness.
type drawer struct{}

var soakClassNames = map[soak.Class]string{
	soak.Gunner: "gunner", soak.Sniper: "sniper", soak.Bomber: "bomber",
	soak.Assault: "assault", soak.Berserker: "berserker",
}

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*soak.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: soak drawer got a %T", es)
	}
	sc := view.Scene{Width: s.Width(), Height: s.Height()}
	for y := 0; y < sc.Height; y++ {
		for x := 0; x < sc.Width; x++ {
			var c view.Cell
			switch s.Tile(x, y) {
			case soak.LowCover:
				c = view.Cell{Fill: "#a9a9a9", Text: "low"}
			case soak.HighCover:
				c = view.Cell{Fill: "#5c5c5c", Text: "high"}
			default:
				c = view.Cell{Fill: "#f4f1e8"}
			}
			sc.Cells = append(sc.Cells, c)
		}
	}
	for _, a := range s.Agents() {
		if !a.Alive {
			continue
		}
		sc.Units = append(sc.Units, view.Unit{
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
