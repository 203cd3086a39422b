package baselines

import (
	_ "embed" // the frozen weights
	"fmt"
	"strings"

	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/soak as committed before
// the issue-10 retraining (commit 3eaa5e1). Keeping them here, rather than
// pointing v1 at weights/soak, freezes the opponent: "v1" stays the bot
// that was committed then, whatever the trainer writes to weights/soak
// later, so every evaluation against it measures progress from the same
// place.
//
//go:embed v1.txt
var v1Weights string

// frozenParams parses frozen weights (v1.txt, v2.txt) once; a defect is
// an error for the tests to report, and leaves the pool members
// unregistered.
func frozenParams(name, text string) (*model.Params, error) {
	cfg := model.Config{AgentDim: fsoak.AgentDim, CandDim: fsoak.CandDim, MaxCands: fsoak.MaxCands, Hidden1: 64, Hidden2: 32}
	w, err := model.ReadCompact(strings.NewReader(text), "baselines/"+name+".txt", &cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return w.Params()
}

// NewV1 returns the committed bot of 3eaa5e1: its default policy, the
// network-guided coordinate-descent search (NewSearch, search.go), over the
// frozen weights, with a forward pass of its own.
func NewV1(p *model.Params) policy.Policy {
	return NewSearch(policy.NewNetWith(model.NewNet(p)))
}
