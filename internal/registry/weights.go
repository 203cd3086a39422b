package registry

import (
	"fmt"

	"cgpolicy/internal/nn"
)

// Weights is a game's committed network (the generated package
// weights/<game>) as its policies see it: the shape it was trained with,
// the widths the game's encoder writes now, and how to make a forward
// pass. Every game checks the same thing before playing its network, so
// the check and its message live here once.
type Weights[S any] struct {
	// Game names the weights' package, weights/<Game>, and the encoder's,
	// features/<Game>, for the error.
	Game string
	// Shape is the weights' (the generated Shape); Agent and Cand are the
	// input widths the encoder writes.
	Shape       nn.Shape
	Agent, Cand int
	// New makes a forward pass with scratch buffers of its own, or says
	// why the weights do not decode (a generated file edited by hand).
	New func() (S, error)
}

// Wrap is a policy over a new forward pass of w (Scorer), made by f, or
// the error that the pass cannot be made.
func Wrap[S, T any](w *Weights[S], f func(S) T) (T, error) {
	s, err := w.Scorer()
	if err != nil {
		var zero T
		return zero, err
	}
	return f(s), nil
}

// Fit is nil when the weights read what the encoder writes and decode,
// and otherwise says why the game cannot play them: weights trained for
// another version of the features, which they would misread, must be
// retrained.
func (w *Weights[S]) Fit() error {
	_, err := w.Scorer()
	return err
}

// Scorer returns a new forward pass of the weights, or Fit's error. Each
// has its own scratch buffers: one per policy, never shared between
// goroutines.
func (w *Weights[S]) Scorer() (S, error) {
	var zero S
	if w.Shape.AgentDim != w.Agent || w.Shape.CandDim != w.Cand {
		return zero, fmt.Errorf("policy: weights/%s has agent=%d cand=%d features, features/%s encodes %d and %d; retrain",
			w.Game, w.Shape.AgentDim, w.Shape.CandDim, w.Game, w.Agent, w.Cand)
	}
	s, err := w.New()
	if err != nil {
		return zero, fmt.Errorf("policy: weights/%s: %w", w.Game, err)
	}
	return s, nil
}
