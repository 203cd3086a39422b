package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name, for its bot, the arena's
// builtins and the trainer: net (the network alone) and smitsi (the
// Smitsimax search) play the committed network (NewNet), left out when it
// does not fit the features (Err); the baselines, kept out of the bot, add
// theirs (search, the coordinate descent smitsi superseded, among them).
var Policies = registry.New[Policy]("policy", []registry.Entry[Policy]{
	{Name: "random", New: NewRandom}, {Name: "greedy", New: func(int64) Policy { return NewGreedy() }},
}...).Unless(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
}...)
