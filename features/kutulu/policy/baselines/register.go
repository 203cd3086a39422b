package baselines

import (
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "pack", "loner", "skills", "v1"}

// The styles register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("pack", NewPack), registry.Seedless("loner", NewLoner), registry.Seedless("skills", NewSkills))

// The frozen bot, built from its commit (internal/frozen; arena frozen
// checks it): v1, the bot before the shared search.
var _ = frozen.Register(frozen.Bot{Game: "kutulu", Name: "v1", Commit: "660d154", Policy: "search", Sum: "sha256:fa47c3e0b3a165ebf443f785f615aa51209d66f17dfdc2d7299d5522ffd12f9c"})
