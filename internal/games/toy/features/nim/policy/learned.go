package policy

import (
	fnim "cgpolicy/internal/games/toy/features/nim"
	wnim "cgpolicy/internal/games/toy/weights/nim"
	"cgpolicy/internal/registry"
)

// committed is the network of internal/games/toy/weights/nim, checked
// against what the features encode.
var committed = registry.Weights[Scorer]{Name: "internal/games/toy/weights/nim", Features: "internal/games/toy/features/nim",
	Agent: wnim.Shape.AgentDim, Cand: wnim.Shape.CandDim, WantAgent: fnim.DecDim, WantCand: fnim.CandDim,
	New: func() (Scorer, error) { return wnim.New() }}

// NewNet returns the network policy with the committed weights.
func NewNet() (*Net, error) {
	sc, err := committed.Scorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
}

// learnedErr keeps the outcome of registering "net" and "smitsi": weights
// that do not fit the features leave them unnamed, and asking for them
// says why.
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
})
