// Package ocean is the referee of CodinGame's "Ocean of Code" (2020), league
// 4 (every command), exact to the official Java referee so that bots trained
// here meet the same game online.
//
// The referee plays one action per SDK frame: a player's answer may chain
// several actions with '|', and the opponent is not asked until the chain is
// used up, so many frames ask nobody. A State keeps that frame structure,
// because the golden traces record it: Pending is empty in a frame that
// plays a queued action or only ends the game.
//
// The text path (engine.State) parses answers with the referee's quirks: an
// action's parameters are only judged when it comes up, and only once its
// power is charged. The typed path (AnswerActions) queues the same entries
// without text, and both run the same rule code.
package ocean

import (
	"cgpolicy/engine"
)

// Game constants of the referee.
const (
	StartLife = 6
	// MaxTurns is the last value of the referee's turn counter (one per
	// answer); the game stops when it would pass it.
	MaxTurns = 598
	// MaxFrames is the SDK's frame limit (setMaxTurns(1000)).
	MaxFrames = 1000
)

// Dir is a compass direction.
type Dir uint8

// Directions.
const (
	N Dir = iota
	E
	S
	W
	numDirs
)

var dirDX = [numDirs]int{0, 1, 0, -1}
var dirDY = [numDirs]int{-1, 0, 1, 0}
var dirName = [numDirs]string{"N", "E", "S", "W"}

// DX is the step along x.
func (d Dir) DX() int { return dirDX[d] }

// DY is the step along y (north is up, toward y = 0).
func (d Dir) DY() int { return dirDY[d] }

func (d Dir) String() string {
	if d < numDirs {
		return dirName[d]
	}
	return "?"
}

func parseDir(s string) (Dir, bool) {
	switch s {
	case "N":
		return N, true
	case "E":
		return E, true
	case "S":
		return S, true
	case "W":
		return W, true
	}
	return 0, false
}

// Power is a chargeable power, numbered in the order of the input's
// cooldowns.
type Power uint8

// Powers. NoPower is a MOVE that charges nothing.
const (
	NoPower Power = iota
	Torpedo
	Sonar
	Silence
	Mine
	numPowers
)

var powerName = [numPowers]string{"", "TORPEDO", "SONAR", "SILENCE", "MINE"}

// powerMax is the charge a power needs (and holds at most).
var powerMax = [numPowers]int{0, 3, 4, 6, 3}

func (p Power) String() string {
	if p < numPowers {
		return powerName[p]
	}
	return "?"
}

// Max is the number of charges the power needs.
func (p Power) Max() int { return powerMax[p] }

func parsePower(s string) (Power, bool) {
	for p := Torpedo; p < numPowers; p++ {
		if powerName[p] == s {
			return p, true
		}
	}
	return NoPower, false
}

// Kind is the kind of an action (a command's first word).
type Kind uint8

// Action kinds. Messages (MSG) exist only in text: they change nothing the
// game or the opponent sees.
const (
	MoveAct Kind = iota
	SurfaceAct
	TorpedoAct
	SonarAct
	SilenceAct
	MineAct
	TriggerAct
	numKinds
)

var kindName = [numKinds]string{"MOVE", "SURFACE", "TORPEDO", "SONAR", "SILENCE", "MINE", "TRIGGER"}

func (k Kind) String() string {
	if k < numKinds {
		return kindName[k]
	}
	return "?"
}

// power is the power the action spends, if any.
func (k Kind) power() Power {
	switch k {
	case TorpedoAct:
		return Torpedo
	case SonarAct:
		return Sonar
	case SilenceAct:
		return Silence
	case MineAct:
		return Mine
	}
	return NoPower
}

// Action is one command in typed form. Only the fields of its kind count:
// Dir for MOVE, SILENCE and MINE; Charge for MOVE; X, Y for TORPEDO and
// TRIGGER; Sector for SONAR; Dist for SILENCE. Out-of-range sectors and
// distances are kept, because the referee judges them only when the power
// is charged.
type Action struct {
	Kind   Kind
	Dir    Dir
	Charge Power
	X, Y   int
	Sector int
	Dist   int
}

// Game is Ocean of Code, league 4.
type Game struct{}

// Name implements engine.Game.
func (Game) Name() string { return "ocean" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return 2 }

// MaxSteps implements engine.Game: the SDK's frame limit.
func (Game) MaxSteps() int { return MaxFrames }

// Type implements engine.Typed: one player per frame, secret positions, and
// java.util.Random accepts every seed.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Alternating, Information: engine.Imperfect,
		MinPlayers: 2, MaxPlayers: 2, ZeroSeed: true}
}

// NewState implements engine.Game.
func (Game) NewState(seed int64) (engine.State, error) { return New(seed), nil }
