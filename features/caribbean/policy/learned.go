package policy

import (
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/registry"
	wcb "cgpolicy/weights/caribbean"
)

// committed is the network of weights/caribbean, checked against what
// features/caribbean encodes.
var committed = &registry.Weights[Scorer]{Game: "caribbean", Shape: wcb.Shape, Agent: fcb.DecDim, Cand: fcb.CandDim, New: func() (Scorer, error) { return wcb.New() }}

// NewNet returns the network policy with the committed weights, each with
// a forward pass of its own, or why they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
