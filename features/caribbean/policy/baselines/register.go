package baselines

import (
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "racer", "duelist", "miner", "v1"}

// The styles register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("racer", NewRacer), registry.Seedless("duelist", NewDuelist), registry.Seedless("miner", NewMiner))

// The frozen bot, built from its commit (internal/frozen; arena frozen
// checks it): v1, the bot before the shared search.
var _ = frozen.Register(frozen.Bot{Game: "caribbean", Name: "v1", Commit: "660d154", Policy: "search", Sum: "sha256:02545816af575bfa786450b2a9bd8c950eab9b5515efe2af2828e9c1d2dcdb7c"})
