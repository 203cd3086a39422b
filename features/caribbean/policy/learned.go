package policy

import (
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/registry"
	wcb "cgpolicy/weights/caribbean"
)

// committed is the network of weights/caribbean, checked against what
// features/caribbean encodes.
var committed = registry.Weights[Scorer]{Name: "weights/caribbean", Features: "features/caribbean",
	Agent: wcb.Shape.AgentDim, Cand: wcb.Shape.CandDim, WantAgent: fcb.DecDim, WantCand: fcb.CandDim,
	New: func() (Scorer, error) { return wcb.New() }}

// GeneratedScorer returns a new forward pass of the committed network, or
// an error when its shape does not match the feature encoding (weights
// trained for another version of features/caribbean). Each scorer has its
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
// and "smitsi" (the shared search over every ship). Weights that do not
// fit the features leave them unnamed; the tests, the bot and the arena
// report it (Err).
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
})
