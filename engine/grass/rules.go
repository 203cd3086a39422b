package grass

import "errors"

// scratch holds the buffers one turn needs, so a warmed-up state resolves
// turns without allocating.
type scratch struct {
	n int
	// arrived counts units spawned or moved in this turn; they cannot move
	// again until the turn's fights.
	arrived [2][]int32
	fight   []bool
	fights  []int32
	// inRange marks the cells each seat's recyclers reach this turn.
	inRange [2][]bool
	damaged []int32

	// Path finding (path.go).
	seen  []uint32
	gen   uint32
	row   []int32
	queue []int32
	heap  []uint64
}

func (s *State) scratch() *scratch {
	// A scratch made for a larger map serves a smaller one: every buffer
	// is left clean after use.
	if s.sc == nil || s.sc.n < len(s.cells) {
		n := len(s.cells)
		s.sc = &scratch{
			n:       n,
			arrived: [2][]int32{make([]int32, n), make([]int32, n)},
			fight:   make([]bool, n),
			fights:  make([]int32, 0, n),
			inRange: [2][]bool{make([]bool, n), make([]bool, n)},
			damaged: make([]int32, 0, n),
			seen:    make([]uint32, n+1),
			row:     make([]int32, n),
			queue:   make([]int32, 0, n+1),
			heap:    make([]uint64, 0, 4*n+1),
		}
	}
	return s.sc
}

// ErrGameOver is returned by Step after the game has ended.
var ErrGameOver = errors.New("grass: the game is over")

// Step is the typed fast path: it plays one turn with these actions for
// seats 0 and 1 (nil is WAIT). Invalid actions are skipped as the referee
// skips them; none is fatal. The slices are read during the call and not
// kept, so callers may reuse them.
func (s *State) Step(a0, a1 []Action) error {
	if s.done {
		return ErrGameOver
	}
	s.resolve(&[2][]Action{a0, a1})
	return nil
}

// resolve plays the turn from each seat's orders, in the referee's order:
// builds, spawns, moves, fights, recycling, income, end checks. The text
// path passes the orders it recorded, the typed path its arguments.
func (s *State) resolve(orders *[2][]Action) {
	sc := s.scratch()
	for p := 0; p < 2; p++ {
		// Even a player deactivated this turn builds: the referee runs
		// builds for every player, and keeps the ones read before a
		// fatal command.
		s.doBuilds(p, orders[p])
	}
	for p := 0; p < 2; p++ {
		if s.active[p] {
			s.doSpawns(p, orders[p], sc)
		}
	}
	for p := 0; p < 2; p++ {
		if s.active[p] {
			s.doMoves(p, orders[p], sc)
		}
	}
	s.doFights(sc)
	s.doRecycle(sc)
	s.turn++
	s.stable--
	for p := range s.matter {
		s.matter[p] += Income
	}
	if s.stable <= 0 || !s.active[0] || !s.active[1] || s.turn >= MaxTurns || !s.bothOwn() {
		s.done = true
	}
	s.startTurn()
}

// bothOwn reports whether each seat owns a cell, stopping at the first
// cell of the second seat found.
func (s *State) bothOwn() bool {
	var seen [2]bool
	for i := range s.cells {
		if o := s.cells[i].Owner; o >= 0 {
			seen[o] = true
			if seen[1-o] {
				return true
			}
		}
	}
	return false
}

// cellAt maps a command's coordinate to a cell index, -1 off the map.
func (s *State) cellAt(x, y int) int {
	if !s.b.Inside(x, y) {
		return -1
	}
	return s.b.Index(x, y)
}

func (s *State) doBuilds(p int, orders []Action) {
	for i := range orders {
		a := &orders[i]
		if a.Kind != Build {
			continue
		}
		i := s.cellAt(a.X, a.Y)
		if i < 0 {
			continue
		}
		c := &s.cells[i]
		if int(c.Owner) != p || c.Recycler || c.Units[0] > 0 || c.Units[1] > 0 || s.matter[p] < RecyclerCost {
			continue
		}
		c.Recycler = true
		s.matter[p] -= RecyclerCost
		s.pc.ok = false
	}
}

func (s *State) doSpawns(p int, orders []Action, sc *scratch) {
	for i := range orders {
		a := &orders[i]
		if a.Kind != Spawn {
			continue
		}
		i := s.cellAt(a.X, a.Y)
		if i < 0 || int(s.cells[i].Owner) != p || s.cells[i].Recycler {
			continue
		}
		cost := int64(UnitCost) * int64(a.N)
		if a.N <= 0 || int64(s.matter[p]) < cost {
			continue
		}
		s.matter[p] -= int(cost)
		sc.arrived[p][i] += int32(a.N)
		sc.markFight(i)
	}
}

func (s *State) doMoves(p int, orders []Action, sc *scratch) {
	for i := range orders {
		a := &orders[i]
		if a.Kind != Move {
			continue
		}
		from := s.cellAt(a.FromX, a.FromY)
		if from < 0 || a.N <= 0 || int64(s.cells[from].Units[p]) < int64(a.N) ||
			a.FromX == a.X && a.FromY == a.Y {
			continue
		}
		to := s.step(from, int32(a.X), int32(a.Y))
		if to < 0 {
			continue
		}
		s.cells[from].Units[p] -= int32(a.N)
		sc.arrived[p][to] += int32(a.N)
		sc.markFight(to)
	}
}

func (sc *scratch) markFight(i int) {
	if !sc.fight[i] {
		sc.fight[i] = true
		sc.fights = append(sc.fights, int32(i))
	}
}

// doFights lets arrivals join the units in place, then settles every cell
// that received units: the larger army survives with the difference and
// takes the cell.
func (s *State) doFights(sc *scratch) {
	for p := 0; p < 2; p++ {
		arr := sc.arrived[p]
		for _, i := range sc.fights {
			s.cells[i].Units[p] += arr[i]
			arr[i] = 0
		}
	}
	for _, i := range sc.fights {
		sc.fight[i] = false
		c := &s.cells[i]
		a, b := c.Units[0], c.Units[1]
		switch {
		case a > b:
			c.Units = [2]int32{a - b, 0}
			if c.Owner != 0 {
				c.Owner = 0
				s.stable = StableTurns
			}
		case b > a:
			c.Units = [2]int32{0, b - a}
			if c.Owner != 1 {
				c.Owner = 1
				s.stable = StableTurns
			}
		default:
			c.Units = [2]int32{}
		}
	}
	sc.fights = sc.fights[:0]
}

// doRecycle pays each seat one matter per distinct cell its recyclers reach,
// then wears every reached cell down by one, however many recyclers reach it.
func (s *State) doRecycle(sc *scratch) {
	damaged := sc.damaged[:0]
	for i := range s.cells {
		if !s.cells[i].Recycler {
			continue
		}
		p := int(s.cells[i].Owner)
		s.reach(p, i, sc, &damaged)
		for _, j := range s.b.adj[i] {
			if j >= 0 {
				s.reach(p, int(j), sc, &damaged)
			}
		}
	}
	for _, i := range damaged {
		if sc.inRange[0][i] {
			s.matter[0]++
		}
		if sc.inRange[1][i] {
			s.matter[1]++
		}
		sc.inRange[0][i], sc.inRange[1][i] = false, false
	}
	for _, i := range damaged {
		c := &s.cells[i]
		c.Scrap--
		if c.Scrap == 0 {
			*c = Cell{Owner: -1}
			s.pc.ok = false
		}
	}
	if len(damaged) > 0 {
		s.stable = StableTurns
	}
	sc.damaged = damaged[:0]
}

func (s *State) reach(p, i int, sc *scratch, damaged *[]int32) {
	if s.cells[i].Scrap == 0 || sc.inRange[p][i] {
		return
	}
	if !sc.inRange[0][i] && !sc.inRange[1][i] {
		*damaged = append(*damaged, int32(i))
	}
	sc.inRange[p][i] = true
}
