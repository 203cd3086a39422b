package policy

import (
	fsoak "cgpolicy/features/soak"
	"cgpolicy/internal/registry"
	wsoak "cgpolicy/weights/soak"
)

// committed is weights/soak, checked against what features/soak encodes.
var committed = &registry.Weights[Scorer]{Game: "soak", Shape: wsoak.Shape, Agent: fsoak.AgentDim, Cand: fsoak.CandDim, New: func() (Scorer, error) { return wsoak.New() }}

// NewNet is the network policy on a forward pass of its own, or why not.
func NewNet() (*Net, error) { return registry.Wrap(committed, NewNetWith) }
