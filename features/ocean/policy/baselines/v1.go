package baselines

import (
	_ "embed" // the frozen weights
	"fmt"
	"strings"

	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/ocean as committed before
// the shared search (commit d53f606). Keeping them here, rather than
// pointing v1 at weights/ocean, freezes the opponent: retraining moves
// the bot, never the yardstick it is measured against.
//
//go:embed v1.txt
var v1Weights string

// v1Params parses the frozen weights; a defect (or an encoding that no
// longer fits them) is an error that leaves v1 unregistered, and the
// registration error says why.
func v1Params() (*model.Params, error) {
	cfg := model.Config{AgentDim: focean.DecDim, CandDim: focean.CandDim, MaxCands: focean.MaxCands, Hidden1: 32, Hidden2: 16}
	w, err := model.ReadCompact(strings.NewReader(v1Weights), "baselines/v1.txt", &cfg)
	if err != nil {
		return nil, fmt.Errorf("ocean v1: %w", err)
	}
	return w.Params()
}

// NewV1 returns the committed default bot of d53f606: the network-guided
// beam over our own chains (policy.NewSearch) over the frozen weights,
// with a forward pass of its own, charging its powers in that bot's order
// (focean.LegacyCharges).
func NewV1(p *model.Params) policy.Planner {
	n := policy.NewNetWith(model.NewNet(p))
	n.Encoder().Charges = focean.LegacyCharges
	return policy.NewSearch(n)
}
