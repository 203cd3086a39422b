package baselines

import (
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/registry"
)

// Pool is the evaluation pool in table order: random and greedy, the
// styles, then the frozen earlier bots; the trainer and arena pool play it.
var Pool = []string{"random", "greedy", "pack", "loner", "skills", "v1"}

// The styles, v1 (the old search on frozen weights) and search (search.go on
// the committed weights: the bot's default before smitsi, kept out of the
// bot) register as policies; a failure leaves names out, and
// policy.Policies.Err, which the arena's unknown-builtin error gives, says
// why.
var _ = policy.Policies.Add(registry.Seedless("pack", NewPack), registry.Seedless("loner", NewLoner), registry.Seedless("skills", NewSkills)).
	Unless(v1Err, registry.Seedless("v1", NewV1)).Unless(registry.ErrOf(policy.NewNet()), registry.Seedless("search", func() policy.Policy { n, _ := policy.NewNet(); return NewSearch(n) }))
