package grass

import (
	"fmt"

	"cgpolicy/engine/jrand"
)

// Cell is one tile as the referee keeps it between turns.
type Cell struct {
	// Scrap is the durability; 0 is grass, which blocks units and holds nothing.
	Scrap int8
	// Owner is the owning seat, or -1.
	Owner int8
	// Recycler marks a recycler. It always belongs to the cell's owner: no
	// unit can enter its cell, so the owner cannot change under it.
	Recycler bool
	// Units are each seat's units on the cell (at most one seat between turns).
	Units [2]int32
}

// Grass reports whether the cell is grass.
func (c Cell) Grass() bool { return c.Scrap == 0 }

// State is one game of Keep Off The Grass. It is both the text referee
// (engine.State) and the typed fast path (Step).
type State struct {
	b      *Board
	cells  []Cell
	matter [2]int
	active [2]bool
	turn   int
	// stable counts down the turns left before the field is declared stable.
	stable int
	done   bool

	// orders are this turn's actions per seat, in the order given.
	orders [2][]Action
	// asked and answered follow the text protocol within a turn.
	asked, answered [2]bool

	// sc holds per-turn buffers; never shared between clones.
	sc *scratch
}

// New starts a game from the contest seed (league 2).
func New(seed int64) (*State, error) {
	if seed == 0 {
		return nil, fmt.Errorf("grass: %w", jrand.ErrZeroSeed)
	}
	b, cells, err := genMap(seed)
	if err != nil {
		return nil, fmt.Errorf("grass: %w", err)
	}
	s := &State{b: b, cells: cells, matter: [2]int{StartMatter, StartMatter},
		active: [2]bool{true, true}, stable: StableTurns}
	s.startTurn()
	return s, nil
}

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.cells = append([]Cell(nil), s.cells...)
	for p := range c.orders {
		c.orders[p] = append([]Action(nil), s.orders[p]...)
	}
	c.sc = nil
	return &c
}

// CopyFrom overwrites s with src without allocating once s has grown to the
// size of src: the cheap way to reset a search state.
func (s *State) CopyFrom(src *State) {
	cells, orders, sc := s.cells, s.orders, s.sc
	*s = *src
	s.cells = append(cells[:0], src.cells...)
	for p := range orders {
		s.orders[p] = append(orders[p][:0], src.orders[p]...)
	}
	if sc != nil && sc.n < len(src.cells) {
		sc = nil
	}
	s.sc = sc
}

// Board is the map geometry.
func (s *State) Board() *Board { return s.b }

// Width is the map width.
func (s *State) Width() int { return s.b.W }

// Height is the map height.
func (s *State) Height() int { return s.b.H }

// Cells returns the grid row by row. It is the state's own storage: read it,
// do not write it.
func (s *State) Cells() []Cell { return s.cells }

// At returns the cell at (x, y), or a grass cell with no owner off the map.
func (s *State) At(x, y int) Cell {
	if !s.b.Inside(x, y) {
		return Cell{Owner: -1}
	}
	return s.cells[s.b.Index(x, y)]
}

// Matter is seat p's matter.
func (s *State) Matter(p int) int { return s.matter[p] }

// Owned counts the cells seat p owns: its score if the game ended now.
func (s *State) Owned(p int) int {
	n := 0
	for i := range s.cells {
		if int(s.cells[i].Owner) == p {
			n++
		}
	}
	return n
}

// UnitCount is the total of seat p's units.
func (s *State) UnitCount(p int) int {
	n := 0
	for i := range s.cells {
		n += int(s.cells[i].Units[p])
	}
	return n
}

// StableLeft is how many more turns without an ownership change or a
// recycled cell end the game.
func (s *State) StableLeft() int { return s.stable }

// InRecyclerRange reports whether cell i will lose durability at the end of
// the turn: it is not grass and a recycler stands on it or next to it.
func (s *State) InRecyclerRange(i int) bool {
	if s.cells[i].Scrap == 0 {
		return false
	}
	if s.cells[i].Recycler {
		return true
	}
	for _, j := range s.b.adj[i] {
		if j >= 0 && s.cells[j].Recycler {
			return true
		}
	}
	return false
}

// CanBuild reports whether the referee would let seat p build a recycler on
// cell i, matter aside.
func (s *State) CanBuild(p, i int) bool {
	c := s.cells[i]
	return int(c.Owner) == p && !c.Recycler && c.Units[0] == 0 && c.Units[1] == 0
}

// CanSpawn reports whether the referee would let seat p spawn on cell i,
// matter aside.
func (s *State) CanSpawn(p, i int) bool {
	c := s.cells[i]
	return int(c.Owner) == p && !c.Recycler
}

// Active implements engine.State.
func (s *State) Active(p int) bool { return p >= 0 && p < 2 && s.active[p] }

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Turn implements engine.State: the number of turns resolved.
func (s *State) Turn() int { return s.turn }

// Scores implements engine.State: owned cells, or -1 for a deactivated seat.
func (s *State) Scores() []int {
	out := make([]int, 2)
	for p := range out {
		out[p] = s.score(p)
	}
	return out
}

func (s *State) score(p int) int {
	if !s.active[p] {
		return -1
	}
	return s.Owned(p)
}

// Winner is the seat with the higher score, or -1 on a tie.
func (s *State) Winner() int {
	a, b := s.score(0), s.score(1)
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}

// startTurn clears the orders and asks every active seat.
func (s *State) startTurn() {
	for p := 0; p < 2; p++ {
		s.orders[p] = s.orders[p][:0]
		s.asked[p] = !s.done && s.active[p]
		s.answered[p] = false
	}
}
