package policy

import (
	fk "cgpolicy/features/kutulu"
	"cgpolicy/internal/registry"
	wk "cgpolicy/weights/kutulu"
)

// committed is weights/kutulu, checked against what features/kutulu encodes.
var committed = &registry.Weights[Scorer]{Game: "kutulu", Shape: wk.Shape, Agent: fk.DecDim, Cand: fk.CandDim, New: func() (Scorer, error) { return wk.New() }}

// NewNet is the network policy on a forward pass of its own, or why not.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
