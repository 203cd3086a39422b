package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name: what its bot, the arena's
// builtins and the trainer make by name and seed. net (the network alone)
// and smitsi (the Smitsimax search) play the committed network (NewNet),
// and weights that do not fit the features leave them unnamed: the tests,
// the bot and the arena report it (Err). The baselines (another package,
// kept out of the bot) add theirs, search among them: the network-guided
// coordinate descent that smitsi superseded.
var Policies = registry.New[Policy]("policy", []registry.Entry[Policy]{
	{Name: "random", New: NewRandom}, {Name: "greedy", New: func(int64) Policy { return NewGreedy() }},
}...).Unless(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
}...)
