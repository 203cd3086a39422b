package baselines

import (
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"}

// The styles, v1 and v2 (the bots before the retraining and before the
// shared search, on frozen weights) and search (search.go on the committed
// weights: v1's search, the bot's default before smitsi, kept out of the
// bot) register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("aggressive", NewAggressive), registry.Seedless("territory", NewTerritory), registry.Seedless("camper", NewCamper)).
	Unless(v1Err, registry.Seedless("v1", NewV1)).Unless(v2Err, registry.Seedless("v2", NewV2)).Unless(registry.ErrOf(policy.NewNet()), registry.Seedless("search", func() policy.Policy { n, _ := policy.NewNet(); return NewSearch(n) }))
