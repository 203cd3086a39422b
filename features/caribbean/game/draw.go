package game

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
	"cgpolicy/engine/caribbean"
	"cgpolicy/internal/arena/view"
)

// drawer draws Coders of the Caribbean on its offset hex grid:
// each ship on its centre cell with its heading, its bow and stern cells
// tinted, and the mines, barrels and cannonballs in flight.
type drawer struct{}

// headings are the ship orientations as arrows, east first and
// counter-clockwise, as the referee numbers them.
var headings = [6]string{"→", "↗", "↖", "←", "↙", "↘"}

// Scene implements view.Drawer.
func (drawer) Scene(es engine.State) (view.Scene, error) {
	s, ok := es.(*caribbean.State)
	if !ok {
		return view.Scene{}, fmt.Errorf("view: caribbean drawer got a %T", es)
	}
	sc := view.Scene{Width: caribbean.Width, Height: caribbean.Height, Hex: true}
	sc.Cells = make([]view.Cell, sc.Width*sc.Height)
	for i := range sc.Cells {
		sc.Cells[i] = view.Cell{Fill: "#8ec3e6"}
	}
	tint := func(c caribbean.Coord, owner int) {
		if c.Inside() {
			sc.Cells[c.Y*sc.Width+c.X].Fill = view.PlayerTints[owner]
		}
	}
	owners := map[int]int{}
	for _, sh := range s.Ships() {
		owners[sh.ID] = sh.Owner
		if !sh.Alive {
			continue
		}
		tint(sh.Bow(), sh.Owner)
		tint(sh.Stern(), sh.Owner)
		sc.Units = append(sc.Units, view.Unit{
			ID: "ship " + strconv.Itoa(sh.ID), Owner: sh.Owner, X: sh.Pos.X, Y: sh.Pos.Y,
			Shape: "circle", Label: strconv.Itoa(sh.ID) + headings[sh.Orient%6], Size: 0.95,
			Data: map[string]string{"kind": "ship", "orientation": strconv.Itoa(sh.Orient),
				"speed": strconv.Itoa(sh.Speed), "rum": strconv.Itoa(sh.Rum)},
		})
	}
	for _, m := range s.Mines() {
		sc.Units = append(sc.Units, view.Unit{ID: "mine " + strconv.Itoa(m.ID), Owner: -1, X: m.Pos.X, Y: m.Pos.Y,
			Shape: "diamond", Size: 0.5, Data: map[string]string{"kind": "mine"}})
	}
	for _, b := range s.Barrels() {
		sc.Units = append(sc.Units, view.Unit{ID: "barrel " + strconv.Itoa(b.ID), Owner: -1, X: b.Pos.X, Y: b.Pos.Y,
			Shape: "square", Label: strconv.Itoa(b.Rum), Size: 0.7,
			Data: map[string]string{"kind": "barrel", "rum": strconv.Itoa(b.Rum)}})
	}
	for _, c := range s.Cannonballs() {
		owner, ok := owners[c.Owner]
		if !ok {
			owner = -1
		}
		sc.Units = append(sc.Units, view.Unit{ID: "cannonball " + strconv.Itoa(c.ID), Owner: owner, X: c.Pos.X, Y: c.Pos.Y,
			Shape: "triangle", Label: strconv.Itoa(c.Remaining), Size: 0.5,
			Data: map[string]string{"kind": "cannonball", "ship": strconv.Itoa(c.Owner), "remaining": strconv.Itoa(c.Remaining)}})
	}
	for p := 0; p < 2; p++ {
		rum := 0
		for _, sh := range s.PlayerShips(p) {
			if sh.Alive {
				rum += sh.Rum
			}
		}
		sc.Players = append(sc.Players, fmt.Sprintf("ships %d, rum %d", s.Alive(p), rum))
	}
	sc.Notes = []string{"circle: ship id and heading (tinted cells: bow and stern); square: barrel and its rum; diamond: mine; triangle: cannonball, turns to impact"}
	return sc, nil
}
