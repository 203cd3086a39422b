package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name, for its bot, the arena's builtins
// and the trainer: net (the network alone), search (the chain search, the
// default before) and smitsi (the shared search over sampled beliefs) play the
// committed network (NewNet), left out when it does not fit (Err); the
// baselines, kept out of the bot, add theirs.
var Policies = registry.New[Policy]("policy", []registry.Entry[Policy]{
	{Name: "random", New: func(seed int64) Policy { return Play(NewRandom(seed)) }}, {Name: "greedy", New: func(int64) Policy { return Play(NewGreedy()) }},
}...).Unless(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return Play(n) }},
	{Name: "search", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSearch(n)) }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return Play(NewSmitsi(n)) }},
}...)
