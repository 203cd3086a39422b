package policy

import (
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/registry"
	wgrass "cgpolicy/weights/grass"
)

// committed is the network of weights/grass, checked against what
// features/grass encodes.
var committed = registry.Weights[Scorer]{Name: "weights/grass", Features: "features/grass",
	Agent: wgrass.Shape.AgentDim, Cand: wgrass.Shape.CandDim, WantAgent: fgrass.DecDim, WantCand: fgrass.CandDim,
	New: func() (Scorer, error) { return wgrass.New() }}

// GeneratedScorer returns a new forward pass of the committed network, or
// an error when its shape does not match the feature encoding (weights
// trained for another version of features/grass). Each scorer has its own
// scratch buffers: one per policy, never shared between goroutines.
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
// and "smitsi" (the shared decoupled search, Smitsi). Weights that do not
// fit the features leave them unnamed; the tests, the bot and the arena
// report it (Err).
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
})
