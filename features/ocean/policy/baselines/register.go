package baselines

import (
	"cgpolicy/features/ocean/policy"
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
	if err := registry.RegisterAll(policy.Policies.Register, []registry.Entry[policy.Policy]{
		{Name: "stalker", New: func(int64) policy.Policy { return policy.Play(NewStalker()) }},
		{Name: "miner", New: func(int64) policy.Policy { return policy.Play(NewMiner()) }},
		{Name: "hunter", New: func(int64) policy.Policy { return policy.Play(NewHunter()) }},
	}); err != nil {
		return err
	}
	v1, err := v1Params()
	if err != nil {
		return err
	}
	return policy.Policies.Register("v1", func(int64) policy.Policy { return policy.Play(NewV1(v1)) })
}

// Pool is the game's evaluation pool, in the order tables list it: random
// and greedy, the hand-written styles, then the frozen earlier bots. The
// trainer rates each iteration against it and arena pool plays it.
var Pool = []string{"random", "greedy", "stalker", "miner", "hunter", "v1"}
