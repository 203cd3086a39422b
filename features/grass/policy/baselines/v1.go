package baselines

import (
	_ "embed" // the frozen weights
	"fmt"
	"strings"

	fgrass "cgpolicy/features/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/grass as committed before
// the shared search (commit 5698a54). Keeping them here, rather than
// pointing v1 at weights/grass, freezes the opponent: retraining moves the
// bot, never the yardstick it is measured against.
//
//go:embed v1.txt
var v1Weights string

// v1Params parses the frozen weights; a defect is an error that leaves v1
// unregistered, and the registration error says why.
func v1Params() (*model.Params, error) {
	cfg := model.Config{AgentDim: fgrass.DecDim, CandDim: fgrass.CandDim, MaxCands: fgrass.MaxCands, Hidden1: 64, Hidden2: 32}
	w, err := model.ReadCompact(strings.NewReader(v1Weights), "baselines/v1.txt", &cfg)
	if err != nil {
		return nil, fmt.Errorf("grass v1: %w", err)
	}
	return w.Params()
}

// NewV1 returns the committed bot of 5698a54: its default policy, the
// network-guided one-ply search (NewSearch, search.go), over the frozen
// weights, with a forward pass of its own.
func NewV1(p *model.Params) policy.Policy {
	return NewSearch(policy.NewNetWith(model.NewNet(p)))
}
