package policy

import (
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/registry"
	wocean "cgpolicy/weights/ocean"
)

// committed is the network of weights/ocean, checked against what
// features/ocean encodes.
var committed = &registry.Weights[Scorer]{Game: "ocean", Shape: wocean.Shape, Agent: focean.DecDim, Cand: focean.CandDim, New: func() (Scorer, error) { return wocean.New() }}

// NewNet returns the network policy with the committed weights, each with
// a forward pass of its own, or why they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
