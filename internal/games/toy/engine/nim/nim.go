// Package nim is the referee of a toy game, Nim, written as a contest
// game's referee is (engine/<game>), so that internal/games/toy can show
// that a game needs only its own files: two players, two to four heaps of
// one to seven objects drawn from the seed, and on each turn the player to
// move takes one to three objects from one heap. Whoever takes the last
// object wins.
//
// The protocol is CodinGame's shape. Each player first reads its id (0
// or 1) and the number of heaps, then, on each of its turns, one line
// with every heap's size, and answers one line, HEAP COUNT (the heap's
// index from 0 and how many objects it takes). An answer the rules
// refuse, or none, deactivates the player (an *engine.Deactivation), who
// then loses with score -1. The winner scores 1, the loser 0.
//
// As in the other engines, a State has a text path (engine.State) and a
// typed path (AnswerActions with Action values) that hand their moves to
// the same rule code.
package nim

import (
	"cgpolicy/engine"
	"cgpolicy/engine/jrand"
)

// The game's limits.
const (
	MinHeaps = 2
	MaxHeaps = 4
	MaxHeap  = 7 // objects in a heap at the start
	MaxTake  = 3 // objects a move takes at most
	// MaxMoves bounds the legal moves of a turn.
	MaxMoves = MaxHeaps * MaxTake
	// MaxSteps bounds a game: each step takes at least one object, or
	// ends the game.
	MaxSteps = MaxHeaps * MaxHeap
)

// Action is one move: Count objects from heap Heap (from 0).
type Action struct {
	Heap, Count int
}

// Game is Nim.
type Game struct{}

var (
	_ engine.Game         = Game{}
	_ engine.Typed        = Game{}
	_ engine.ObservedGame = Game{}
)

// Name implements engine.Game.
func (Game) Name() string { return "nim" }

// NumPlayers implements engine.Game.
func (Game) NumPlayers() int { return 2 }

// MaxSteps implements engine.Game.
func (Game) MaxSteps() int { return MaxSteps }

// Type implements engine.Typed: one player a step, nothing hidden, and
// java.util.Random's seeds, 0 included.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Alternating, Information: engine.Perfect, MinPlayers: 2, MaxPlayers: 2, ZeroSeed: true}
}

// NewState implements engine.Game. Every seed is valid.
func (Game) NewState(seed int64) (engine.State, error) { return New(seed), nil }

// New starts a game from the seed, as NewState does, with the typed state.
func New(seed int64) *State {
	s := &State{Seed: seed, winner: -1, active: [2]bool{true, true}}
	r := jrand.NewRandom(seed)
	s.n = MinHeaps + r.IntN(MaxHeaps-MinHeaps+1)
	for i := 0; i < s.n; i++ {
		s.heaps[i] = 1 + r.IntN(MaxHeap)
	}
	return s
}

// FromView is the state of a game at view v with the viewer to move, as
// seat 0: the position its bot searches. dst is reused when not nil.
func FromView(v *View, dst *State) *State {
	if dst == nil {
		dst = new(State)
	}
	*dst = State{n: v.N, heaps: v.Heaps, winner: -1, active: [2]bool{true, true}}
	return dst
}
