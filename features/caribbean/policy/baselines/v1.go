package baselines

import (
	_ "embed" // the frozen weights
	"fmt"
	"strings"

	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/caribbean as committed
// before the shared search (commit 14605dc, unchanged at 660d154).
// Keeping them here, rather than pointing v1 at weights/caribbean, freezes
// the opponent: retraining moves the bot, never the yardstick it is
// measured against.
//
//go:embed v1.txt
var v1Weights string

// v1Params parses the frozen weights; a defect is an error that leaves v1
// unregistered, and the registration error says why.
func v1Params() (*model.Params, error) {
	cfg := model.Config{AgentDim: fcb.DecDim, CandDim: fcb.CandDim, MaxCands: fcb.MaxCands, Hidden1: 32, Hidden2: 16}
	w, err := model.ReadCompact(strings.NewReader(v1Weights), "baselines/v1.txt", &cfg)
	if err != nil {
		return nil, fmt.Errorf("caribbean v1: %w", err)
	}
	return w.Params()
}

// NewV1 returns the committed bot of 660d154: its default policy, the
// network-guided search (NewSearch, search.go), over the frozen weights, with
// a forward pass of its own.
func NewV1(p *model.Params) policy.Policy {
	return NewSearch(policy.NewNetWith(model.NewNet(p)))
}
