// Package kutulu is the referee of CodinGame's "Code of Kutulu" (2018),
// league 7 (Legend): four explorers, wanderers and slashers, PLAN, LIGHT,
// YELL, shelters and the random per-game constants, exact to the official
// Java referee so that bots trained here meet the same game online.
//
// The referee asks every explorer still in the game each turn and resolves
// the answers together, in the order the official referee does: yells, the
// other actions, effects, minion moves, recalls, madness, the removal of
// mad explorers and the shelters' refill. One java.util.Random drives every
// draw, in the referee's order, so a seed gives the same game as online.
//
// The text path (engine.State) parses answers with the referee's regular
// expressions; the typed path (AnswerActions) takes the same actions without
// text, and both run the same rule code.
package kutulu

import (
	"cgpolicy/engine"
)

// Rule constants of the referee (league 7).
const (
	Players = 4
	// MaxTurns is the last turn number; the game ends after it.
	MaxTurns = 200
	// MaxSanity is every explorer's starting and maximum sanity.
	MaxSanity  = 250
	StartPlans = 2
	// StartLights is the number of LIGHTs each explorer may cast.
	StartLights = 3
	// NotAloneRange is the Manhattan distance within which another
	// explorer keeps one from losing sanity at the lonely rate.
	NotAloneRange = 2

	wandererSpawnInterval = 5
	slasherSpawnTime      = 6
	slasherRushPrep       = 2
	slasherRushStun       = 6
	slasherSanitySpawn    = 200
	minionSanityLoss      = 20
	kutuluLoss            = 50
	planDuration          = 5
	planRadius            = 2
	planHeal              = 3
	shelterInterval       = 50
	shelterEnergy         = 10
	shelterHeal           = 5
	lightDuration         = 3
	lightRadius           = 5
	lightWeight           = 4
	yellDuration          = 2
	yellRadius            = 1
)

// Kind is an explorer's command.
type Kind uint8

// Commands. Move goes one step along the referee's path to (X, Y); Up,
// Down, Left and Right step directly, which the referee also accepts.
const (
	Wait Kind = iota
	Move
	Up
	Down
	Left
	Right
	Plan
	Light
	Yell
	numKinds
)

var kindName = [numKinds]string{"WAIT", "MOVE", "UP", "DOWN", "LEFT", "RIGHT", "PLAN", "LIGHT", "YELL"}

func (k Kind) String() string {
	if k < numKinds {
		return kindName[k]
	}
	return "?"
}

// Action is one command in typed form; X and Y count only for Move.
type Action struct {
	Kind Kind
	X, Y int
}

// Directions in the referee's order (UP, RIGHT, DOWN, LEFT): path finding
// tries neighbours in this order, rotated by an offset.
var dirDX = [4]int{0, 1, 0, -1}
var dirDY = [4]int{-1, 0, 1, 0}

// Game is Code of Kutulu, league 7.
type Game struct{}

// Name implements engine.Game.
func (Game) Name() string { return "kutulu" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return Players }

// MaxSteps implements engine.Game: turns 0 to MaxTurns.
func (Game) MaxSteps() int { return MaxTurns + 1 }

// Type implements engine.Typed. Kutulu is nearly a game of perfect
// information, but not quite: a slasher's remembered target cell decides
// where it rushes when it loses sight of its target, and the input never
// shows it (who yelled at whom is not in the input either, but every yell
// shows in the next one, so views remember it). java.util.Random accepts
// every seed, 0 included.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Simultaneous, Information: engine.Imperfect,
		MinPlayers: Players, MaxPlayers: Players, ZeroSeed: true}
}

// NewState implements engine.Game.
func (Game) NewState(seed int64) (engine.State, error) { return New(seed), nil }
