package policy

import (
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/registry"
	wocean "cgpolicy/weights/ocean"
)

// committed is weights/ocean, checked against what features/ocean encodes.
var committed = &registry.Weights[Scorer]{Game: "ocean", Shape: wocean.Shape, Agent: focean.DecDim, Cand: focean.CandDim, New: func() (Scorer, error) { return wocean.New() }}

// NewNet is the network policy on a forward pass of its own, or why not.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
