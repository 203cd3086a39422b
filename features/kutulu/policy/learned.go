package policy

import (
	fk "cgpolicy/features/kutulu"
	"cgpolicy/internal/registry"
	wk "cgpolicy/weights/kutulu"
)

// committed is the network of weights/kutulu, checked against what
// features/kutulu encodes.
var committed = registry.Weights[Scorer]{Name: "weights/kutulu", Features: "features/kutulu",
	Agent: wk.Shape.AgentDim, Cand: wk.Shape.CandDim, WantAgent: fk.DecDim, WantCand: fk.CandDim,
	New: func() (Scorer, error) { return wk.New() }}

// GeneratedScorer returns a new forward pass of the committed network, or
// an error when its shape does not match the feature encoding (weights
// trained for another version of features/kutulu). Each scorer has its
// own scratch buffers: one per policy, never shared between goroutines.
func GeneratedScorer() (Scorer, error) { return committed.Scorer() }

// NewNet returns the network policy with the committed weights.
func NewNet() (*Net, error) {
	sc, err := committed.Scorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
}

// learnedErr keeps the outcome of registering "net" (the network alone)
// and "smitsi" (the shared search). Weights that do not fit the features
// leave them unnamed; the tests, the bot and the arena report it (Err).
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(seed int64) Policy { n, _ := NewNet(); return NewSmitsi(n, seed) }},
})
