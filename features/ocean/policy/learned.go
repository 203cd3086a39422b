package policy

import (
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/registry"
	wocean "cgpolicy/weights/ocean"
)

// committed is the network of weights/ocean, checked against what
// features/ocean encodes.
var committed = registry.Weights[Scorer]{Name: "weights/ocean", Features: "features/ocean",
	Agent: wocean.Shape.AgentDim, Cand: wocean.Shape.CandDim, WantAgent: focean.DecDim, WantCand: focean.CandDim,
	New: func() (Scorer, error) { return wocean.New() }}

// GeneratedScorer returns a new forward pass of the committed network, or
// an error when its shape does not match the feature encoding (weights
// trained for another version of features/ocean). Each scorer has its own
// scratch buffers: one per policy, never shared between goroutines.
func GeneratedScorer() (Scorer, error) { return committed.Scorer() }

// NewNet returns the network planner with the committed weights.
func NewNet() (*Net, error) {
	sc, err := committed.Scorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
}

// learnedErr keeps the outcome of registering "net" (the network alone),
// "search" (the network with the chain search, the bot's default before)
// and "smitsi" (the shared search over sampled beliefs, the bot's
// default). Weights that do not fit the features leave them unnamed; the
// tests, the bot and the arena report it (Err).
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return Play(n) }},
	{Name: "search", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSearch(n)) }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSmitsi(n)) }},
})
