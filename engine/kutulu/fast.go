package kutulu

import (
	"math/rand"

	"cgpolicy/engine"
)

// Fast is Code of Kutulu's fast path (engine.Fast): one action an
// explorer.
type Fast struct{}

var _ engine.Fast[*State, *View, Action] = Fast{}

// New implements engine.Fast.
func (Fast) New(seed int64) (*State, error) { return New(seed), nil }

// Seed implements engine.Fast: java.util.Random takes any seed; the
// contest's are ints.
func (Fast) Seed(rng *rand.Rand) int64 { return rng.Int63n(1<<32) - 1<<31 }

// Copy implements engine.Fast.
func (Fast) Copy(dst, src *State) *State { return engine.CopyState(dst, src) }

// ViewInto implements engine.Fast.
func (Fast) ViewInto(s *State, p int, v *View) *View { return engine.ViewState(s, p, v) }

// Step implements engine.Fast: each explorer's first action, WAIT (the
// zero Action) for one that gave none. A finished game does not step.
func (Fast) Step(s *State, acts [][]Action) {
	var turn [Players]Action
	for p := range turn {
		if p < len(acts) && len(acts[p]) > 0 {
			turn[p] = acts[p][0]
		}
	}
	_ = s.Step(&turn)
}

// Answer implements engine.Fast: the first action, WAIT when there is
// none.
func (Fast) Answer(s *State, p int, acts []Action) error {
	if len(acts) == 0 {
		acts = []Action{{Kind: Wait}}
	}
	return s.AnswerActions(p, acts[:1])
}

// Lines implements engine.Fast: the first action, WAIT when there is none.
func (Fast) Lines(_ *State, _ int, acts []Action) []string { return answerLines(nil, acts) }
