package baselines

import "cgpolicy/features/grass/policy"

// registerErr keeps the outcome of registering the baselines (a name clash
// or bad frozen weights leave the later names unregistered); Err reports
// it to the tools that import this package.
var registerErr = register()

// Err is why the pool is incomplete, or nil.
func Err() error { return registerErr }

func register() error {
	v1, err := v1Params()
	if err != nil {
		return err
	}
	for _, r := range []struct {
		name string
		f    policy.Factory
	}{
		{"rusher", func(int64) policy.Policy { return NewRusher() }},
		{"economist", func(int64) policy.Policy { return NewEconomist() }},
		{"wall", func(int64) policy.Policy { return NewWall() }},
		{"v1", func(int64) policy.Policy { return NewV1(v1) }},
	} {
		if err := policy.Register(r.name, r.f); err != nil {
			return err
		}
	}
	return nil
}
