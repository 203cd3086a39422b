package caribbean

import (
	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// damageMark is one entry of the referee's damage list, which only its
// view shows: where, how much, and whether something was hit.
type damageMark struct {
	Pos    Coord
	Amount int
	Hit    bool
}

// State is one game in progress.
type State struct {
	Seed       int64
	per        int // ships per player
	mineCount  int // as the referee reports them after setup
	barrelCnt  int
	ships      [2 * MaxShips]Ship // player 0's ships, then player 1's
	mines      []Mine
	barrels    []Barrel
	balls      []Cannonball
	explosions []Coord
	damage     []damageMark
	nextID     int

	turn      int  // updates done
	done      bool // the game is over
	endReason string
	active    [2]bool
	asked     [2]bool // asked in the current step
	answered  [2]bool
	prepared  bool   // the current step's orders were reset
	pend      [2]int // backing array of Pending
	npend     int    // players asked in the current step
	readAhead bool
	buffered  [2][]string // lines read ahead of the current turn
	timedOut  [2]bool
}

// generate places ships, mines and barrels with the referee's draws.
func (s *State) generate(r *jrand.Random) {
	s.per = r.IntN(MaxShips) + 1
	mineTarget := r.IntN(5) + 5
	barrelTarget := r.IntN(16) + 10
	for j := 0; j < s.per; j++ {
		xMin := 1 + j*Width/s.per
		xMax := (j+1)*Width/s.per - 2
		y := 1 + r.IntN(Height/2-2)
		x := xMin + r.IntN(1+xMax-xMin)
		o := r.IntN(6)
		s.ships[j] = Ship{ID: s.newID(), Owner: 0, Pos: Coord{x, y}, Orient: o, Rum: MaxRum, Alive: true}
		s.ships[s.per+j] = Ship{ID: s.newID(), Owner: 1, Pos: Coord{x, Height - 1 - y}, Orient: (6 - o) % 6, Rum: MaxRum, Alive: true}
	}
	s.mines = make([]Mine, 0, 32)
	for len(s.mines) < mineTarget {
		c := Coord{1 + r.IntN(Width-2), 1 + r.IntN(Height/2)}
		id := s.newID()
		if s.mineAt(c) >= 0 || s.shipAt(c, -1) {
			continue
		}
		if c.Y != Height-1-c.Y {
			s.mines = append(s.mines, Mine{ID: s.newID(), Pos: Coord{c.X, Height - 1 - c.Y}})
		}
		s.mines = append(s.mines, Mine{ID: id, Pos: c})
	}
	s.mineCount = len(s.mines)
	s.barrels = make([]Barrel, 0, 40)
	for len(s.barrels) < barrelTarget {
		c := Coord{1 + r.IntN(Width-2), 1 + r.IntN(Height/2)}
		rum := 10 + r.IntN(11)
		id := s.newID()
		if s.barrelAt(c) >= 0 || s.mineAt(c) >= 0 || s.shipAt(c, -1) {
			continue
		}
		if c.Y != Height-1-c.Y {
			s.barrels = append(s.barrels, Barrel{ID: s.newID(), Pos: Coord{c.X, Height - 1 - c.Y}, Rum: rum})
		}
		s.barrels = append(s.barrels, Barrel{ID: id, Pos: c, Rum: rum})
	}
	s.barrelCnt = len(s.barrels)
	s.balls = make([]Cannonball, 0, 16)
	s.explosions = make([]Coord, 0, 16)
	s.damage = make([]damageMark, 0, 32)
	s.active = [2]bool{true, true}
	s.startStep()
}

func (s *State) newID() int {
	id := s.nextID
	s.nextID++
	return id
}

func (s *State) mineAt(c Coord) int {
	for i := range s.mines {
		if s.mines[i].Pos == c {
			return i
		}
	}
	return -1
}

func (s *State) barrelAt(c Coord) int {
	for i := range s.barrels {
		if s.barrels[i].Pos == c {
			return i
		}
	}
	return -1
}

// shipAt reports whether a living ship other than ships[skip] covers c.
func (s *State) shipAt(c Coord, skip int) bool {
	for i := 0; i < 2*s.per; i++ {
		if i != skip && s.ships[i].Alive && s.ships[i].at(c) {
			return true
		}
	}
	return false
}

// SetReadAhead switches Game.ReadAhead's behaviour for this game.
func (s *State) SetReadAhead(on bool) { s.readAhead = on }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	c.mines = append(make([]Mine, 0, cap(s.mines)), s.mines...)
	c.barrels = append(make([]Barrel, 0, cap(s.barrels)), s.barrels...)
	c.balls = append(make([]Cannonball, 0, cap(s.balls)), s.balls...)
	c.explosions = append(make([]Coord, 0, cap(s.explosions)), s.explosions...)
	c.damage = append(make([]damageMark, 0, cap(s.damage)), s.damage...)
	for p := range c.buffered {
		c.buffered[p] = append([]string(nil), s.buffered[p]...)
	}
	return &c
}

// CopyTo makes dst an independent copy of s, reusing dst's slices, so that
// searches and benchmarks can restart from a position without allocating.
func (s *State) CopyTo(dst *State) {
	mines, barrels, balls, expl, dmg := dst.mines[:0], dst.barrels[:0], dst.balls[:0], dst.explosions[:0], dst.damage[:0]
	buf0, buf1 := dst.buffered[0][:0], dst.buffered[1][:0]
	*dst = *s
	dst.mines = append(mines, s.mines...)
	dst.barrels = append(barrels, s.barrels...)
	dst.balls = append(balls, s.balls...)
	dst.explosions = append(expl, s.explosions...)
	dst.damage = append(dmg, s.damage...)
	dst.buffered = [2][]string{append(buf0, s.buffered[0]...), append(buf1, s.buffered[1]...)}
}

// ShipsPerPlayer is the number of ships each player started with.
func (s *State) ShipsPerPlayer() int { return s.per }

// Config returns the setup numbers the referee reports: ships per player,
// mines and barrels actually placed.
func (s *State) Config() (ships, mines, barrels int) { return s.per, s.mineCount, s.barrelCnt }

// Ships returns every ship, sunk ones included: player 0's, then player
// 1's. The slice aliases the state.
func (s *State) Ships() []Ship { return s.ships[:2*s.per] }

// PlayerShips returns player p's ships, sunk ones included.
func (s *State) PlayerShips(p int) []Ship { return s.ships[p*s.per : (p+1)*s.per] }

// Mines returns every mine on the map, hidden ones included.
func (s *State) Mines() []Mine { return s.mines }

// Barrels returns the barrels on the map.
func (s *State) Barrels() []Barrel { return s.barrels }

// Cannonballs returns the cannonballs in flight.
func (s *State) Cannonballs() []Cannonball { return s.balls }

// Alive counts player p's ships afloat.
func (s *State) Alive(p int) int {
	n := 0
	for _, sh := range s.PlayerShips(p) {
		if sh.Alive {
			n++
		}
	}
	return n
}

// Points is player p's total rum, the score.
func (s *State) Points(p int) int {
	n := 0
	for _, sh := range s.PlayerShips(p) {
		n += sh.Rum
	}
	return n
}

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Active implements engine.State.
func (s *State) Active(p int) bool { return p >= 0 && p < 2 && s.active[p] }

// Turn implements engine.State.
func (s *State) Turn() int { return s.turn }

// Scores implements engine.State: each player's total rum. A deactivated
// player keeps its (normally zero) rum; the referee does not replace it.
func (s *State) Scores() []int { return []int{s.Points(0), s.Points(1)} }

// Winner implements engine.WinnerState: more rum wins, equal rum is a tie.
func (s *State) Winner() int { return engine.Winner(s.Scores()) }

// EndReason implements engine.EndReasonState.
func (s *State) EndReason() string { return s.endReason }
