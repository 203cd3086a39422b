package policy

import (
	fsoak "cgpolicy/features/soak"
	"cgpolicy/internal/registry"
	wsoak "cgpolicy/weights/soak"
)

// committed is the network of weights/soak, checked against what
// features/soak encodes.
var committed = &registry.Weights[Scorer]{Game: "soak", Shape: wsoak.Shape, Agent: fsoak.AgentDim, Cand: fsoak.CandDim, New: func() (Scorer, error) { return wsoak.New() }}

// NewNet returns the network policy with the committed weights, each with
// a forward pass of its own, or why they do not fit the features.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
