package ocean

import "cgpolicy/engine"

// Seat is one submarine as a player may believe it is: what a search that
// samples hidden information (features/ocean/policy's Smitsi) sets on a
// state it builds from a view, since a view never holds the opponent's
// cell, path, mines or charges.
type Seat struct {
	X, Y, Life int
	// Visited is the cells visited since the last surface, Mines the live
	// mines (all armed), one bit per cell y*Size+x.
	Visited, Mines [4]uint64
	// Cooldown is indexed by Power, as View.Cooldown is.
	Cooldown [numPowers]int
}

// NewOn starts a state on a map given cell by cell (a view's Island),
// with nobody placed: SetTurn and SetSeat make it a position. The torpedo
// ranges are computed here, so a search makes one such state a game and
// copies it.
func NewOn(island *[Cells]bool) *State {
	b := &board{island: *island}
	b.computeReach()
	s := &State{b: b, active: -1}
	for p := range s.pl {
		s.pl[p].life = StartLife
		s.pl[p].score = StartLife
	}
	return s
}

// SetTurn makes s ask player p for the answer of its k-th turn (k >= 1,
// View.Request), as the referee does then; frames are counted as if
// every chain had been one action, so the frame limit stays far off.
func (s *State) SetTurn(p, k int) {
	s.turn = 2*k - 1 + p
	s.frame = s.turn
	s.active = p
	s.kind = frameAsk
	s.answered = [2]bool{}
	s.done, s.ended, s.faultNow = false, false, false
	s.reason, s.deact, s.removed, s.doomed = endNone, nil, [2]*engine.Deactivation{}, [2]bool{}
	s.nev, s.nlast = 0, 0
}

// SetSeat places player p as st says, with no queued orders, no sonar
// answer and no orders shown; the score follows the lives.
func (s *State) SetSeat(p int, st *Seat) {
	pl := &s.pl[p]
	pl.x, pl.y, pl.life, pl.score = st.X, st.Y, st.Life, st.Life
	pl.placed = true
	pl.visited, pl.mines, pl.armed = st.Visited, st.Mines, st.Mines
	for pw := Torpedo; pw < numPowers; pw++ {
		c := pw.Max() - st.Cooldown[pw]
		if c < 0 {
			c = 0
		}
		if c > pw.Max() {
			c = pw.Max()
		}
		pl.charge[pw] = c
	}
	pl.sonar, pl.nsum, pl.qhead, pl.qlen = sonarNA, 0, 0, 0
}

// Seat is player p as SetSeat takes it.
func (s *State) Seat(p int) Seat {
	pl := &s.pl[p]
	st := Seat{X: pl.x, Y: pl.y, Life: pl.life, Visited: pl.visited, Mines: pl.mines}
	for pw := Torpedo; pw < numPowers; pw++ {
		st.Cooldown[pw] = pl.cooldown(pw)
	}
	return st
}

// IsWater reports whether (x, y) is on the map and not an island.
func (s *State) IsWater(x, y int) bool { return s.b.water(x, y) }

// InRange reports whether a torpedo fired from cell from can hit cell to.
func (s *State) InRange(from, to int) bool {
	return from >= 0 && from < Cells && to >= 0 && to < Cells && s.b.reach[from].has(to)
}
