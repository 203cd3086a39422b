package baselines

import "cgpolicy/features/ocean/policy"

// registerErr keeps the outcome of registering the baselines (a name clash
// or bad frozen weights leave the later names unregistered); Err reports
// it to the tools that import this package.
var registerErr = register()

// Err is why the pool is incomplete, or nil.
func Err() error { return registerErr }

func register() error {
	for _, r := range []struct {
		name string
		f    policy.Factory
	}{
		{"stalker", func(int64) policy.Policy { return policy.Play(NewStalker()) }},
		{"miner", func(int64) policy.Policy { return policy.Play(NewMiner()) }},
		{"hunter", func(int64) policy.Policy { return policy.Play(NewHunter()) }},
	} {
		if err := policy.Register(r.name, r.f); err != nil {
			return err
		}
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
