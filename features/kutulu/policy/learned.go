package policy

import (
	fk "cgpolicy/features/kutulu"
	"cgpolicy/internal/registry"
	wk "cgpolicy/weights/kutulu"
)

// committed is the network of weights/kutulu, checked against what
// features/kutulu encodes.
var committed = &registry.Weights[Scorer]{Game: "kutulu", Shape: wk.Shape, Agent: fk.DecDim, Cand: fk.CandDim, New: func() (Scorer, error) { return wk.New() }}

// NewNet returns the network policy with the committed weights, each with
// a forward pass of its own, or why they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
