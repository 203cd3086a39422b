package baselines

import (
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/registry"
)

// Pool is the game's evaluation pool, in the order tables list it: random
// and greedy, the hand-written styles, then the frozen earlier bots. The
// trainer rates each iteration against it and arena pool plays it.
var Pool = []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"}

// The styles, v1 and v2 (the bots before the retraining and before the
// shared search, on frozen weights) and search (search.go: v1's search on
// the committed weights, the bot's default before smitsi, kept for the
// arena and the trainer but not bundled into the bot) register as policies;
// a name clash, frozen weights that do not parse or committed ones that do
// not fit leave names out, and policy.Policies.Err says why (to the arena
// too, whose unknown-builtin error then gives it).
var _ = policy.Policies.Add(registry.Seedless("aggressive", NewAggressive), registry.Seedless("territory", NewTerritory), registry.Seedless("camper", NewCamper)).
	Unless(v1Err, registry.Seedless("v1", NewV1)).Unless(v2Err, registry.Seedless("v2", NewV2)).Unless(registry.ErrOf(policy.NewNet()), registry.Seedless("search", func() policy.Policy { n, _ := policy.NewNet(); return NewSearch(n) }))
