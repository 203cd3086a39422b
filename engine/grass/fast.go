package grass

import (
	"math/rand"

	"cgpolicy/engine"
)

// Fast is Keep Off The Grass's fast path (engine.Fast).
type Fast struct{}

var _ engine.Fast[*State, *View, Action] = Fast{}

// New implements engine.Fast.
func (Fast) New(seed int64) (*State, error) { return New(seed) }

// Seed implements engine.Fast: SHA1PRNG seeds, 0 excluded.
func (Fast) Seed(rng *rand.Rand) int64 { return engine.SeedNonZero(rng) }

// Copy implements engine.Fast.
func (Fast) Copy(dst, src *State) *State { return engine.CopyState(dst, src) }

// ViewInto implements engine.Fast.
func (Fast) ViewInto(s *State, p int, v *View) *View { return engine.ViewState(s, p, v) }

// Step implements engine.Fast. Legal orders cannot deactivate a player,
// and a finished game does not step, so the error says nothing here.
func (Fast) Step(s *State, acts [][]Action) { _ = s.Step(acts[0], acts[1]) }

// Answer implements engine.Fast.
func (Fast) Answer(s *State, p int, acts []Action) error { return s.AnswerActions(p, acts) }

// Lines implements engine.Fast: every order on one line, WAIT for none.
func (Fast) Lines(_ *State, _ int, acts []Action) []string { return answerLines(nil, acts) }
