package ocean

import (
	"math/rand"

	"cgpolicy/engine"
)

// Fast is Ocean of Code's fast path (engine.Fast): one player answers a
// step, with the chain of actions it prints on one line.
type Fast struct{}

var _ engine.Fast[*State, *View, Action] = Fast{}

// New implements engine.Fast.
func (Fast) New(seed int64) (*State, error) { return New(seed), nil }

// Seed implements engine.Fast: java.util.Random takes any seed; the
// contest's are non-negative ints.
func (Fast) Seed(rng *rand.Rand) int64 { return rng.Int63n(1 << 31) }

// Copy implements engine.Fast.
func (Fast) Copy(dst, src *State) *State { return engine.CopyState(dst, src) }

// ViewInto implements engine.Fast. A view is built afresh (it is small,
// and policies keep what they remember elsewhere), so v is not reused.
func (Fast) ViewInto(s *State, p int, _ *View) *View { return s.View(p).(*View) }

// Step implements engine.Fast: each asked player answers, then the frame
// is resolved.
func (f Fast) Step(s *State, acts [][]Action) {
	for _, p := range s.Pending() {
		_ = f.Answer(s, p, acts[p])
	}
	_ = s.Advance()
}

// Answer implements engine.Fast.
func (Fast) Answer(s *State, p int, acts []Action) error { return s.AnswerActions(p, acts) }

// Lines implements engine.Fast: the start cell as "X Y" in the placement
// frame (a chain of another length there is no cell, which the referee
// refuses), else the chain on one line.
func (Fast) Lines(s *State, _ int, acts []Action) []string {
	return answerLines(s.kind == frameInit, acts)
}
