package grass

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// FromCells builds a game on a custom map, row by row, with turn 0 and a
// full stable counter. Bots and tests use it to simulate positions the seed
// generator would not produce.
func FromCells(w, h int, cells []Cell, matter [2]int) (*State, error) {
	if w <= 0 || h <= 0 || len(cells) != w*h {
		return nil, fmt.Errorf("grass: %d cells for a %dx%d map", len(cells), w, h)
	}
	for i, c := range cells {
		if c.Owner < -1 || c.Owner > 1 || c.Scrap < 0 || c.Units[0] < 0 || c.Units[1] < 0 ||
			c.Recycler && (c.Owner < 0 || c.Scrap == 0) {
			return nil, fmt.Errorf("grass: cell %d is not valid: %+v", i, c)
		}
	}
	s := &State{b: newBoard(w, h), cells: append([]Cell(nil), cells...), matter: matter,
		active: [2]bool{true, true}, stable: StableTurns}
	s.startTurn()
	return s, nil
}

// ParseView rebuilds the game a player sees from its init line and one
// turn's input, with that player as seat 0. What the input does not tell
// (turn number, stable counter) starts fresh.
func ParseView(init string, input []string) (*State, error) {
	var w, h int
	if _, err := fmt.Sscan(init, &w, &h); err != nil {
		return nil, fmt.Errorf("grass: init line %q: %v", init, err)
	}
	if w <= 0 || h <= 0 || len(input) != 1+w*h {
		return nil, fmt.Errorf("grass: %d input lines for a %dx%d map", len(input), w, h)
	}
	var matter [2]int
	if _, err := fmt.Sscan(input[0], &matter[0], &matter[1]); err != nil {
		return nil, fmt.Errorf("grass: matter line %q: %v", input[0], err)
	}
	cells := make([]Cell, w*h)
	for i := range cells {
		f := strings.Fields(input[1+i])
		if len(f) != 7 {
			return nil, fmt.Errorf("grass: cell line %q", input[1+i])
		}
		var v [4]int
		for k := range v {
			n, err := strconv.Atoi(f[k])
			if err != nil {
				return nil, fmt.Errorf("grass: cell line %q: %v", input[1+i], err)
			}
			v[k] = n
		}
		c := Cell{Scrap: int8(v[0]), Owner: -1, Recycler: v[3] == 1}
		seat := 1
		switch v[1] {
		case 1:
			c.Owner, seat = 0, 0
		case 0:
			c.Owner = 1
		case -1:
		default:
			return nil, errors.New("grass: cell owner must be -1, 0 or 1")
		}
		c.Units[seat] = int32(v[2])
		cells[i] = c
	}
	return FromCells(w, h, cells, matter)
}
