package baselines

import (
	_ "embed" // the frozen weights
	"fmt"
	"strings"

	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/caribbean as committed
// before the shared search (commit 8d3bfd2, unchanged at 660d154).
// Keeping them here, rather than pointing v1 at weights/caribbean, freezes
// the opponent: retraining moves the bot, never the yardstick it is
// measured against.
//
//go:embed v1.txt
var v1Weights string

// v1Params parses the frozen weights; a defect is an error that leaves v1
// unregistered, and the registration error says why.
func v1Params() (*model.Params, error) {
	cfg := model.Config{AgentDim: fk.DecDim, CandDim: fk.CandDim, MaxCands: fk.MaxCands, Hidden1: 32, Hidden2: 16}
	w, err := model.ReadCompact(strings.NewReader(v1Weights), "baselines/v1.txt", &cfg)
	if err != nil {
		return nil, fmt.Errorf("kutulu v1: %w", err)
	}
	return w.Params()
}

// NewV1 returns the committed bot of 660d154: its default policy, the
// network-guided search (NewSearch, search.go), over the frozen weights, with
// a forward pass of its own. Without a deadline it plays its fixed budget,
// so its games depend on the seeds only; the arena's builtin:v1-timed
// gives it the bot's deadline.
func NewV1(p *model.Params) policy.Policy {
	return NewSearch(policy.NewNetWith(model.NewNet(p)))
}
