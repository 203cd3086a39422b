package policy

import "cgpolicy/internal/registry"

// Policies are the game's policies by name: what its bot, the arena's
// builtins and the trainer make by name and seed. net and smitsi play the
// committed network, and weights that do not fit the features leave them
// unnamed (Err says why).
var Policies = registry.New[Policy]("policy", []registry.Entry[Policy]{
	{Name: "random", New: func(seed int64) Policy { return NewRandom(seed) }}, {Name: "greedy", New: func(int64) Policy { return NewGreedy() }},
}...).Unless(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
}...)

// Pool is the evaluation pool, in rank order: the trainer rates its
// networks against it and arena pool plays a bot against it. A contest
// game's adds styles and a frozen earlier bot (its package baselines);
// the toy's two members are enough to tell a network that learned.
var Pool = []string{"random", "greedy"}
