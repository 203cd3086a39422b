package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name: what its bot, the arena's
// builtins and the trainer make by name and seed. The learned ones
// (learned.go) and the baselines (another package, kept out of the bot)
// add theirs.
var Policies = registry.New[Policy]("policy",
	registry.Entry[Policy]{Name: "random", New: func(seed int64) Policy { return NewRandom(seed) }},
	registry.Entry[Policy]{Name: "greedy", New: func(int64) Policy { return NewGreedy() }},
)
