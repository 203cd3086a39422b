package baselines

import (
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/registry"
)

// registerErr keeps the outcome of registering the baselines (a name clash
// or bad frozen weights leave the later names unregistered); Err reports
// it to the tools that import this package, and policy.Err to the arena,
// whose unknown-builtin error then says why.
var registerErr = policy.Policies.Failed(register())

// Err is why the pool is incomplete, or nil.
func Err() error { return registerErr }

func register() error {
	v1, err := v1Params()
	if err != nil {
		return err
	}
	if _, err := policy.NewNet(); err != nil {
		return err // "search" plays the committed weights
	}
	return registry.RegisterAll(policy.Policies.Register, []registry.Entry[policy.Policy]{
		{Name: "rusher", New: func(int64) policy.Policy { return NewRusher() }},
		{Name: "economist", New: func(int64) policy.Policy { return NewEconomist() }},
		{Name: "wall", New: func(int64) policy.Policy { return NewWall() }},
		{Name: "v1", New: func(int64) policy.Policy { return NewV1(v1) }},
		// the bot's default before smitsi (search.go), kept for the
		// arena and the trainer but not bundled into the bot
		{Name: "search", New: func(int64) policy.Policy {
			n, _ := policy.NewNet()
			return NewSearch(n)
		}},
	})
}

// Pool is the game's evaluation pool, in the order tables list it: random
// and greedy, the hand-written styles, then the frozen earlier bots. The
// trainer rates each iteration against it and arena pool plays it.
var Pool = []string{"random", "greedy", "rusher", "economist", "wall", "v1"}
