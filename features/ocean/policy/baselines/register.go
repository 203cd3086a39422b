package baselines

import (
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "stalker", "miner", "hunter", "v1"}

// The styles and v1 register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("stalker", NewStalker), registry.Seedless("miner", NewMiner), registry.Seedless("hunter", NewHunter)).
	Unless(v1Err, registry.Seedless("v1", NewV1))
