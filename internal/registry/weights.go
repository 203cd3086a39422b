package registry

import "fmt"

// Weights is a game's committed network (the generated package
// weights/<game>) as its policies see it: the input widths it was trained
// with, the widths the game's encoder writes now, and how to make a
// forward pass. Every game checks the same thing before playing its
// network, so the check and its message live here once.
type Weights[S any] struct {
	// Name and Features name the weights' package and the encoder's, for
	// the error: "weights/grass", "features/grass".
	Name, Features string
	// Agent and Cand are the weights' input widths (the generated
	// Shape's AgentDim and CandDim), WantAgent and WantCand the encoder's.
	Agent, Cand, WantAgent, WantCand int
	// New makes a forward pass with scratch buffers of its own, or says
	// why the weights do not decode (a generated file edited by hand).
	New func() (S, error)
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
	if w.Agent != w.WantAgent || w.Cand != w.WantCand {
		return zero, fmt.Errorf("policy: %s has agent=%d cand=%d features, %s encodes %d and %d; retrain",
			w.Name, w.Agent, w.Cand, w.Features, w.WantAgent, w.WantCand)
	}
	s, err := w.New()
	if err != nil {
		return zero, fmt.Errorf("policy: %s: %w", w.Name, err)
	}
	return s, nil
}

// RegisterLearned registers entries, the policies that play a game's
// committed network, in order, unless fit (Weights.Fit) is an error:
// weights that do not fit the features leave them all unnamed, and a
// factory may then assume its network can be made. The first failure, a
// misfit or a name clash, is recorded (Failed) for whoever asks for a
// missing name, and returned.
func (r *Registry[P]) RegisterLearned(fit error, entries []Entry[P]) error {
	if fit == nil {
		fit = RegisterAll(r.Register, entries)
	}
	return r.Failed(fit)
}
