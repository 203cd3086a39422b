package baselines

import (
	_ "embed" // the frozen weights

	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/model"
)

// v1Weights are the compact weights of weights/ocean as committed before
// the shared search (commit d53f606), taken from that commit by the
// recipe below; TestV1Weights checks that they still are. Keeping them
// here, rather than pointing v1 at weights/ocean, freezes the opponent:
// retraining moves the bot, never the yardstick it is measured against.
//
//go:generate sh -c "git show d53f606:weights/ocean/weights.txt > v1.txt"
//go:embed v1.txt
var v1Weights string

// v1 is v1's frozen network; v1Err, why it does not parse (or no longer
// fits the encoding), leaves v1 unregistered.
var v1, v1Err = model.Frozen("ocean v1", "baselines/v1.txt", v1Weights, model.Config{AgentDim: focean.DecDim, CandDim: focean.CandDim, MaxCands: focean.MaxCands, Hidden1: 32, Hidden2: 16})

// NewV1 returns the committed default bot of d53f606: the network-guided
// beam over our own chains (policy.NewSearch) over the frozen weights,
// with a forward pass of its own, charging its powers in that bot's order
// (focean.LegacyCharges), played from its own mind (policy.Play).
func NewV1() policy.Policy {
	n := policy.NewNetWith(model.NewNet(v1))
	n.Encoder().Charges = focean.LegacyCharges
	return policy.Play(policy.NewSearch(n))
}
