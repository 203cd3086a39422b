package nim

import (
	"math/rand"

	"cgpolicy/engine"
)

// Fast is Nim's fast path (engine.Fast).
type Fast struct{}

var _ engine.Fast[*State, *View, Action] = Fast{}

// New implements engine.Fast.
func (Fast) New(seed int64) (*State, error) { return New(seed), nil }

// Seed implements engine.Fast: java.util.Random seeds, 0 included, kept
// within 31 bits as the contests' are.
func (Fast) Seed(rng *rand.Rand) int64 { return rng.Int63n(1 << 31) }

// Copy implements engine.Fast.
func (Fast) Copy(dst, src *State) *State { return engine.CopyState(dst, src) }

// ViewInto implements engine.Fast.
func (Fast) ViewInto(s *State, p int, v *View) *View { return engine.ViewState(s, p, v) }

// Step implements engine.Fast: the mover plays acts[mover]. A finished
// game does not step.
func (Fast) Step(s *State, acts [][]Action) {
	if s.done {
		return
	}
	_ = s.AnswerActions(s.mover, acts[s.mover])
	_ = s.Advance()
}

// Answer implements engine.Fast.
func (Fast) Answer(s *State, p int, acts []Action) error { return s.AnswerActions(p, acts) }

// Lines implements engine.Fast: one line a move.
func (Fast) Lines(_ *State, _ int, acts []Action) []string { return Reader.Lines(nil, acts) }
