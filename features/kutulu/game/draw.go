package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/kutulu"
	"cgpolicy/internal/arena/view"
)

// drawer draws Code of Kutulu from the view the referee sends every
// explorer (the game hides almost nothing): the maze with its spawns and
// shelters, the explorers with their sanity, and the minions.
type drawer struct{}

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*kutulu.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: kutulu drawer got a %T", es)
	}
	var v kutulu.View
	s.ViewInto(0, &v)
	sc := view.Scene{Width: v.Width, Height: v.Height}
	for y := 0; y < v.Height; y++ {
		for x := 0; x < v.Width; x++ {
			c := view.Cell{Fill: "#e9e4d8"}
			if y < len(v.Rows) && x < len(v.Rows[y]) {
				switch v.Rows[y][x] {
				case '#':
					c.Fill = "#3d3a4b"
				case 'w':
					c = view.Cell{Fill: "#d9cde8", Text: "spawn"}
				case 'U':
					c = view.Cell{Fill: "#f3e3a0", Text: "shelter"}
				}
			}
			sc.Cells = append(sc.Cells, c)
		}
	}
	for _, ef := range v.Effects {
		// a shelter's energy left, on its cell
		if ef.Kind == 3 && ef.X >= 0 && ef.X < v.Width && ef.Y >= 0 && ef.Y < v.Height {
			sc.Cells[ef.Y*v.Width+ef.X].Text = "shelter " + strconv.Itoa(ef.Tick)
		}
	}
	sanity := map[int]string{}
	for _, e := range v.Explorers {
		sanity[e.ID] = fmt.Sprintf("sanity %d, plans %d, lights %d", e.Sanity, e.Plans, e.Lights)
		sc.Units = append(sc.Units, view.Unit{ID: "explorer " + strconv.Itoa(e.ID), Owner: e.ID, X: e.X, Y: e.Y,
			Shape: "circle", Label: strconv.Itoa(e.Sanity), Size: 0.9,
			Data: map[string]string{"kind": "explorer", "sanity": strconv.Itoa(e.Sanity),
				"plans": strconv.Itoa(e.Plans), "lights": strconv.Itoa(e.Lights)}})
	}
	for _, m := range v.Minions {
		kind, shape, label := "wanderer", "triangle", "W"
		if m.Kind == 2 {
			kind, shape, label = "slasher", "diamond", "S"
		}
		sc.Units = append(sc.Units, view.Unit{ID: "minion " + strconv.Itoa(m.ID), Owner: -1, X: m.X, Y: m.Y,
			Shape: shape, Label: label, Size: 0.7,
			Data: map[string]string{"kind": kind, "state": strconv.Itoa(m.State), "countdown": strconv.Itoa(m.Countdown), "target": strconv.Itoa(m.Target)}})
	}
	for p := 0; p < kutulu.Players; p++ {
		line, in := sanity[p]
		if !in {
			line = "out of the game"
		}
		sc.Players = append(sc.Players, line)
	}
	sc.Notes = append([]string{"circle: explorer and its sanity; W: wanderer; S: slasher"}, s.Summary()...)
	return sc, nil
}
