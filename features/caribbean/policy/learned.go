package policy

import (
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/registry"
	wcb "cgpolicy/weights/caribbean"
)

// committed is weights/caribbean, checked against what features/caribbean encodes.
var committed = &registry.Weights[Scorer]{Game: "caribbean", Shape: wcb.Shape, Agent: fcb.DecDim, Cand: fcb.CandDim, New: func() (Scorer, error) { return wcb.New() }}

// NewNet is the network policy on a forward pass of its own, or why not.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
