package baselines

import (
	_ "embed" // the frozen weights

	"cgpolicy/features/soak/policy"
	"cgpolicy/model"
)

// v2Weights are the compact weights of weights/soak as committed before
// issue 21 moved Soak's Smitsimax onto the shared search (commit 5698a54).
// Like v1's, they are kept here so that "v2" stays that bot whatever the
// trainer writes to weights/soak later.
//
//go:embed v2.txt
var v2Weights string

// NewV2 returns the committed bot of 5698a54: its default policy, the
// Smitsimax search as it was then (v2smitsi.go), over the frozen weights,
// with a forward pass of its own. Without a deadline it runs 100
// iterations a turn.
func NewV2() policy.Policy { return newV2Smitsi(policy.NewNetWith(model.NewNet(v2))) }

// v2 is v2's frozen network; v2Err, why it does not parse.
var v2, v2Err = frozen("v2", v2Weights)
