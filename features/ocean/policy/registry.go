package policy

import "cgpolicy/internal/registry"

// Factory makes a fresh policy for one game; policies without randomness
// ignore the seed.
type Factory = registry.Factory[Policy]

// policies are the policies the bot and the arena can name. Other files of
// this package add theirs with Register.
var policies = builtin()

func builtin() *registry.Registry[Policy] {
	r := registry.New[Policy]("policy")
	_ = r.Register("random", func(seed int64) Policy { return Play(NewRandom(seed)) })
	_ = r.Register("greedy", func(int64) Policy { return Play(NewGreedy()) })
	return r
}

// Register adds a named policy. A name can be taken only once, so two files
// cannot silently replace each other's policy.
func Register(name string, f Factory) error { return policies.Register(name, f) }

// New makes the policy registered under name.
func New(name string, seed int64) (Policy, error) { return policies.Make(name, seed) }

// Names lists the registered policies in order.
func Names() []string { return policies.Names() }

// Err says why some policies failed to register (weights that do not fit
// the features), nil if none. New's error for a missing name says it too;
// the arena reports it with its builtin names.
func Err() error { return policies.Err() }

// Failed records err, why policies of another package (the baselines)
// could not be registered, for Err and New to report; it returns err.
func Failed(err error) error { return policies.Failed(err) }

// Registry is the registry itself, for the arena to play every policy.
func Registry() *registry.Registry[Policy] { return policies }
