// Package grass is the referee of CodinGame's Fall Challenge 2022 "Keep Off
// The Grass" (league 2, the top league), exact to the official Java referee
// so that bots trained against it meet the same game online.
//
// Two views of one rule set are offered. The text view (engine.State) speaks
// the referee's protocol, tolerance and fatal errors included, and is checked
// against recorded official games. The typed view (State.Step with Action
// values) skips all text for self-play and search and does not allocate once
// warmed up. Both resolve turns through the same code.
//
// The package uses only the standard library of Go 1.18 because it is
// compiled into the single-file bot that CodinGame runs.
package grass

import (
	"cgpolicy/engine"
)

// Rule constants of the official referee.
const (
	// MaxTurns is the last turn the referee plays.
	MaxTurns = 200
	// StableTurns is how long the field may stay unchanged before the game ends.
	StableTurns = 20
	// StartMatter is each player's matter before the first turn.
	StartMatter = 10
	// Income is the matter every player gains each turn, recyclers aside.
	Income = 10
	// UnitCost is the matter one spawned unit costs.
	UnitCost = 10
	// RecyclerCost is the matter one recycler costs.
	RecyclerCost = 10
	// MaxScrap is the highest durability a cell is generated with.
	MaxScrap = 10
)

// Game is Keep Off The Grass for two players in league 2.
type Game struct{}

var _ engine.Game = Game{}

// Name implements engine.Game.
func (Game) Name() string { return "grass" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return 2 }

// MaxSteps implements engine.Game: one step per referee turn.
func (Game) MaxSteps() int { return MaxTurns }

// NewState implements engine.Game. Seed 0 is refused because the referee's
// SHA1PRNG ignores it and seeds itself from entropy.
func (Game) NewState(seed int64) (engine.State, error) {
	s, err := New(seed)
	if err != nil {
		return nil, err
	}
	return s, nil
}
