package baselines

import (
	_ "embed" // the frozen weights

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

// frozen parses frozen weights (v1.txt, v2.txt) as the network they were
// trained as; an error leaves the member unregistered.
func frozen(name, text string) (*model.Params, error) {
	return model.Frozen(name, "baselines/"+name+".txt", text, model.Config{AgentDim: fsoak.AgentDim, CandDim: fsoak.CandDim, MaxCands: fsoak.MaxCands, Hidden1: 64, Hidden2: 32})
}

// v1 is v1's frozen network; v1Err, why it does not parse.
var v1, v1Err = frozen("v1", v1Weights)

// NewV1 returns the committed bot of 3eaa5e1: its default policy, the
// network-guided coordinate-descent search (NewSearch, search.go), over the
// frozen weights, with a forward pass of its own.
func NewV1() policy.Policy { return NewSearch(policy.NewNetWith(model.NewNet(v1))) }
