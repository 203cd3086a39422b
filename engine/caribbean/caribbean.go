// Package caribbean is the referee of CodinGame's "Coders of the Caribbean"
// (2017) at its top league (league 3: 1 to 3 ships a side, cannons, mines,
// speed up to 2), exact to the official Java referee so that bots trained
// here meet the same game online.
//
// As in the other engines, a State has a text path (engine.State: the
// referee's protocol line for line, with its parsing tolerance, buffered
// extra lines and deactivations) and a typed path (AnswerActions with Action
// values) that skips text and allocates nothing per turn. Both hand their
// orders to the same rule code.
package caribbean

import (
	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// Constants of the official referee at league 3.
const (
	Width          = 23
	Height         = 21
	MaxTurns       = 200 // referee updates before the game stops
	MaxShips       = 3   // per player
	MaxSpeed       = 2
	MaxRum         = 100 // a ship's rum is capped here when it picks up a barrel
	CannonCooldown = 2
	MineCooldown   = 5
	FireRange      = 10 // farthest target from the bow
	MineVisibility = 5  // mines within this distance of a ship's centre are shown
	LowDamage      = 25 // cannonball on a bow or stern
	HighDamage     = 50 // cannonball on a centre
	MineDamage     = 25
	NearMineDamage = 10
	DropCap        = 30 // the most rum a sunk ship drops
)

// Kind is the kind of a typed order.
type Kind uint8

// Order kinds, as the bots write them. Move is the referee's autopilot: it
// becomes one of the others (or nothing) when the order is taken.
const (
	Wait Kind = iota
	Move
	Faster
	Slower
	Port
	Starboard
	Fire
	LayMine
	numKinds
)

var kindNames = [numKinds]string{"WAIT", "MOVE", "FASTER", "SLOWER", "PORT", "STARBOARD", "FIRE", "MINE"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "?"
}

// Action is one ship's order for a turn in typed form. X and Y are the
// target of Move and Fire. Messages exist only in text.
type Action struct {
	Kind Kind
	X, Y int
}

// Ship is one ship as the referee keeps it. Sunk ships keep their slot, with
// Alive false and Rum 0, because scores and the view still list them.
type Ship struct {
	ID       int
	Owner    int
	Pos      Coord
	Orient   int // 0 is east, counter-clockwise in sixths of a turn
	Speed    int
	Rum      int
	MineCD   int // turns before the next mine may be laid
	CannonCD int // turns before the next shot
	Alive    bool

	// this turn's order, after the autopilot: Wait means none
	act    Kind
	target Coord
	msg    string
	hasMsg bool

	startRum int // rum after this turn's decrement, for the drop
	nOrient  int
	nPos     Coord
	nBow     Coord
	nStern   Coord
}

// Bow is the cell ahead of the centre.
func (s *Ship) Bow() Coord { return s.Pos.Neighbor(s.Orient) }

// Stern is the cell behind the centre.
func (s *Ship) Stern() Coord { return s.Pos.Neighbor((s.Orient + 3) % 6) }

// at reports whether any of the ship's three cells is c.
func (s *Ship) at(c Coord) bool { return s.Stern() == c || s.Bow() == c || s.Pos == c }

// Mine is a mine on the map.
type Mine struct {
	ID  int
	Pos Coord
}

// Barrel is a rum barrel on the map.
type Barrel struct {
	ID  int
	Pos Coord
	Rum int
}

// Cannonball is a shot in flight. It stays listed, with Remaining 0, in the
// turn after its impact.
type Cannonball struct {
	ID        int
	Pos       Coord // the target cell
	Src       Coord // the shooter's bow when it fired
	Flight    int   // turns of flight it started with
	Remaining int
	Owner     int // the shooting ship's id
}

// Game is Coders of the Caribbean, league 3.
//
// ReadAhead makes Answer keep the lines beyond ExpectedLines for the next
// turn, as CodinGame's runner leaves them in the bot's output pipe. It is
// off by default because the engine contract hands Answer the lines read
// for this turn only (the arena keeps a process bot's early lines queued
// itself), and then the extra lines are ignored.
type Game struct {
	ReadAhead bool
}

// Name implements engine.Game.
func (Game) Name() string { return "caribbean" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return 2 }

// MaxSteps implements engine.Game.
func (Game) MaxSteps() int { return MaxTurns }

// Type implements engine.Typed: mines farther than MineVisibility from all
// of a player's ships are hidden from it.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Simultaneous, Information: engine.Imperfect, MinPlayers: 2, MaxPlayers: 2, ZeroSeed: true}
}

// NewState implements engine.Game. Every seed is valid, 0 included.
func (g Game) NewState(seed int64) (engine.State, error) {
	s := New(seed)
	s.readAhead = g.ReadAhead
	return s, nil
}

// New starts a game from the contest seed, as NewState does, but returns the
// typed state.
func New(seed int64) *State {
	s := &State{Seed: seed}
	s.generate(jrand.NewRandom(seed))
	return s
}
