package policy

import (
	fnim "cgpolicy/internal/games/toy/features/nim"
	wnim "cgpolicy/internal/games/toy/weights/nim"
	"cgpolicy/internal/registry"
)

// committed is the network of internal/games/toy/weights/nim, checked
// against what the features encode.
var committed = &registry.Weights[Scorer]{Game: "nim", Shape: wnim.Shape, Agent: fnim.DecDim, Cand: fnim.CandDim, New: func() (Scorer, error) { return wnim.New() }}

// NewNet returns the network policy with the committed weights, or why
// they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
