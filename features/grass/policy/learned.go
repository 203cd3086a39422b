package policy

import (
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/registry"
	wgrass "cgpolicy/weights/grass"
)

// committed is the network of weights/grass, checked against what
// features/grass encodes.
var committed = &registry.Weights[Scorer]{Game: "grass", Shape: wgrass.Shape, Agent: fgrass.DecDim, Cand: fgrass.CandDim, New: func() (Scorer, error) { return wgrass.New() }}

// NewNet returns the network policy with the committed weights, each with
// a forward pass of its own, or why they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
