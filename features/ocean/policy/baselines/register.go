package baselines

import (
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/registry"
)

// registerErr keeps the outcome of registering the baselines (a name clash
// or bad frozen weights leave the later names unregistered); Err reports
// it to the tools that import this package, and policy.Err to the arena,
// whose unknown-builtin error then says why.
var registerErr = policy.Failed(register())

// Err is why the pool is incomplete, or nil.
func Err() error { return registerErr }

func register() error {
	if err := registry.RegisterAll(policy.Register, []registry.Entry[policy.Policy]{
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
	return policy.Register("v1", func(int64) policy.Policy { return policy.Play(NewV1(v1)) })
}

// PoolNames is policy.PoolNames with this package's members registered:
// the arena names the ocean pool through it, so one import brings both.
func PoolNames() []string { return policy.PoolNames() }
