package baselines

import (
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "rusher", "economist", "wall", "v1"}

// The styles register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("rusher", NewRusher), registry.Seedless("economist", NewEconomist), registry.Seedless("wall", NewWall))

// The frozen bot, built from its commit (internal/frozen; arena frozen
// checks it): v1, the bot before the shared search.
var _ = frozen.Register(frozen.Bot{Game: "grass", Name: "v1", Commit: "5698a54", Policy: "search", Sum: "sha256:a5096fdcd407d2b628129460a694614b839b8c5d21eca0a589cee4cd8ead3c75"})
