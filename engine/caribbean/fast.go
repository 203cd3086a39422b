package caribbean

import (
	"math/rand"

	"cgpolicy/engine"
)

// Fast is Coders of the Caribbean's fast path (engine.Fast).
type Fast struct{}

var _ engine.Fast[*State, *View, Action] = Fast{}

// New implements engine.Fast.
func (Fast) New(seed int64) (*State, error) { return New(seed), nil }

// Seed implements engine.Fast: java.util.Random seeds, 0 included; kept
// within 31 bits like the contest's.
func (Fast) Seed(rng *rand.Rand) int64 { return rng.Int63n(1 << 31) }

// Copy implements engine.Fast.
func (Fast) Copy(dst, src *State) *State {
	if dst == nil {
		return src.Copy()
	}
	src.CopyTo(dst)
	return dst
}

// ViewInto implements engine.Fast.
func (Fast) ViewInto(s *State, p int, v *View) *View { return engine.ViewState(s, p, v) }

// Step implements engine.Fast. Legal orders cannot deactivate a player,
// and a finished game does not step, so the error says nothing here.
func (Fast) Step(s *State, acts [][]Action) { _ = s.Step(acts[0], acts[1]) }

// Answer implements engine.Fast.
func (Fast) Answer(s *State, p int, acts []Action) error { return s.AnswerActions(p, acts) }

// Lines implements engine.Fast: one line a ship.
func (Fast) Lines(_ *State, _ int, acts []Action) []string { return answerLines(nil, acts) }
