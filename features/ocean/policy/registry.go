package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name: what its bot, the arena's
// builtins and the trainer make by name and seed. net (the network alone),
// search (the network with the chain search, the bot's default before) and
// smitsi (the shared search over sampled beliefs, the bot's default) play
// the committed network (NewNet), and weights that do not fit the features
// leave them unnamed: the tests, the bot and the arena report it (Err).
// The baselines (another package, kept out of the bot) add theirs.
var Policies = registry.New[Policy]("policy", []registry.Entry[Policy]{
	{Name: "random", New: func(seed int64) Policy { return Play(NewRandom(seed)) }}, {Name: "greedy", New: func(int64) Policy { return Play(NewGreedy()) }},
}...).Unless(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return Play(n) }},
	{Name: "search", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSearch(n)) }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSmitsi(n)) }},
}...)
