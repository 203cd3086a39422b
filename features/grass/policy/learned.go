package policy

import (
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/registry"
	wgrass "cgpolicy/weights/grass"
)

// committed is weights/grass, checked against what features/grass encodes.
var committed = &registry.Weights[Scorer]{Game: "grass", Shape: wgrass.Shape, Agent: fgrass.DecDim, Cand: fgrass.CandDim, New: func() (Scorer, error) { return wgrass.New() }}

// NewNet is the network policy on a forward pass of its own, or why not.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
