package baselines

import (
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"}

// The styles register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("aggressive", NewAggressive), registry.Seedless("territory", NewTerritory), registry.Seedless("camper", NewCamper))

// The frozen bots, built from their commits (internal/frozen; arena
// frozen checks them): v1 before the issue-10 retraining, v2 before the
// shared search.
var _ = frozen.Register(frozen.Bot{Game: "soak", Name: "v1", Commit: "3eaa5e1", Policy: "search", Sum: "sha256:ccc3175128596849b72d477f1e183a5aa281a11c188310b821f969c122e0c4f5"}, frozen.Bot{Game: "soak", Name: "v2", Commit: "5698a54", Policy: "smitsi", Sum: "sha256:31262324ea6fa00d06487d698476a987a71974326fe5105ae416ffdc8a1aad7f"})
