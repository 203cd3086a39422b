// Package soak is the referee of CodinGame's Summer Challenge 2025 "Soak
// Overflow" (league 5, the full game), exact to the official Java referee so
// that bots trained here meet the same game online.
//
// A State serves two masters. The text path (engine.State: InputLines,
// Answer, Advance) speaks the referee's protocol line for line, including its
// parsing quirks and disqualifications, and is checked against recorded
// official games. The typed path (Step with Action values) skips text
// entirely and allocates nothing per turn, for self-play and search. Both end
// in the same resolution code, so they cannot drift apart.
package soak

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// Limits and constants of the official referee.
const (
	MaxTurns     = 100 // referee turns before the game stops
	MaxPointLead = 600 // a lead of more than this many points wins at once
	ThrowDamage  = 30  // wetness a splash bomb adds to each agent in its 3x3
	ThrowRange   = 4   // farthest Manhattan distance of a throw
	MaxAgents    = 10  // 5 per player at most
	MaxWidth     = 20
	MaxHeight    = 10
)

// Tile is a map cell type, numbered as in the referee's input.
type Tile uint8

// Tile types. NoTile is what Tile returns outside the grid.
const (
	Floor     Tile = 0
	LowCover  Tile = 1
	HighCover Tile = 2
	NoTile    Tile = 255
)

// cover is the damage factor a tile gives to an agent behind it.
func (t Tile) cover() float64 {
	switch t {
	case LowCover:
		return 0.5
	case HighCover:
		return 0.25
	}
	return 1
}

// Class is an agent class. The referee gives them by spawn index, in this
// order.
type Class uint8

// Agent classes.
const (
	Gunner Class = iota
	Sniper
	Bomber
	Assault
	Berserker
	numClasses
)

// ClassStats are a class's fixed numbers, as the init lines show them.
type ClassStats struct {
	Cooldown int // turns between two shots
	Power    int // soaking power of a shot
	Range    int // optimal range; shots reach twice as far at half power
	Bombs    int // splash bombs at the start
}

var classStats = [numClasses]ClassStats{
	Gunner:    {Cooldown: 1, Power: 16, Range: 4, Bombs: 1},
	Sniper:    {Cooldown: 5, Power: 24, Range: 6, Bombs: 0},
	Bomber:    {Cooldown: 2, Power: 8, Range: 2, Bombs: 3},
	Assault:   {Cooldown: 2, Power: 16, Range: 4, Bombs: 2},
	Berserker: {Cooldown: 5, Power: 32, Range: 2, Bombs: 1},
}

// Stats returns the class's numbers.
func (c Class) Stats() ClassStats { return classStats[c] }

// Agent is one agent as the players see it between turns.
type Agent struct {
	ID       int // 1..k for player 0, k+1..2k for player 1
	Owner    int // 0 or 1
	X, Y     int
	Class    Class
	Cooldown int // turns before it may shoot again, as the input shows
	Bombs    int
	Wetness  int
	Alive    bool // false once it has died; dead agents keep their slot
}

// Combat is the kind of an agent's combat action.
type Combat uint8

// Combat kinds. At most one per agent and turn.
const (
	NoCombat Combat = iota
	Hunker
	Shoot
	Throw
)

// Action is one agent's orders for a turn in typed form: an optional move
// target and one combat action. Messages exist only in text.
type Action struct {
	Agent   int // id of the acting agent
	Move    bool
	MoveX   int // move target (any cell; the agent takes one step toward it)
	MoveY   int
	Combat  Combat
	ShootID int // target agent id for Shoot
	ThrowX  int // target cell for Throw
	ThrowY  int
}

// Game is Soak Overflow, league 5.
type Game struct{}

// Name implements engine.Game.
func (Game) Name() string { return "soak" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return 2 }

// MaxSteps implements engine.Game: 100 turns plus the referee's extra turn
// after an elimination, with room to spare.
func (Game) MaxSteps() int { return MaxTurns + 2 }

// NewState implements engine.Game.
func (Game) NewState(seed int64) (engine.State, error) {
	s, err := New(seed)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// New starts a game from the contest seed, as NewState does, but returns the
// typed state.
func New(seed int64) (*State, error) {
	rng, err := jrand.NewSHA1PRNG(seed)
	if err != nil {
		return nil, err
	}
	b, spawns, err := generate(rng)
	if err != nil {
		return nil, fmt.Errorf("soak: seed %d: %w", seed, err)
	}
	s := &State{b: b, per: len(spawns)}
	s.n = 2 * s.per
	for p := 0; p < 2; p++ {
		for i, y := range spawns {
			x := 0
			if p == 1 {
				x, y = b.opposite(x, y)
			}
			st := Class(i).Stats()
			s.agents[p*s.per+i] = Agent{
				ID: p*s.per + i + 1, Owner: p, X: x, Y: y, Class: Class(i),
				Bombs: st.Bombs, Alive: true,
			}
		}
	}
	s.active = [2]bool{true, true}
	return s, nil
}
