package baselines

import (
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/registry"
)

// Pool is the game's evaluation pool, in the order tables list it: random
// and greedy, the hand-written styles, then the frozen earlier bots. The
// trainer rates each iteration against it and arena pool plays it.
var Pool = []string{"random", "greedy", "stalker", "miner", "hunter", "v1"}

// The styles and v1 register as policies; a name clash or frozen weights
// that do not parse leave names out, and policy.Policies.Err says why (to
// the arena too, whose unknown-builtin error then gives it).
var _ = policy.Policies.Add(registry.Seedless("stalker", NewStalker), registry.Seedless("miner", NewMiner), registry.Seedless("hunter", NewHunter)).
	Unless(v1Err, registry.Seedless("v1", NewV1))
