package policy

import (
	"fmt"
	"sort"
	"strings"
)

// Factory makes a fresh policy for one game; policies without randomness
// ignore the seed.
type Factory func(seed int64) Policy

// factories are the policies the bot and the arena can name. Other files of
// this package add theirs with Register.
var factories = map[string]Factory{
	"random": func(seed int64) Policy { return Play(NewRandom(seed)) },
	"greedy": func(int64) Policy { return Play(NewGreedy()) },
}

// Register adds a named policy. A name can be taken only once, so two files
// cannot silently replace each other's policy.
func Register(name string, f Factory) error {
	if name == "" || f == nil {
		return fmt.Errorf("policy: register %q: empty name or factory", name)
	}
	if _, dup := factories[name]; dup {
		return fmt.Errorf("policy: %q registered twice", name)
	}
	factories[name] = f
	return nil
}

// New makes the policy registered under name.
func New(name string, seed int64) (Policy, error) {
	f, ok := factories[name]
	if !ok {
		return nil, fmt.Errorf("policy: unknown policy %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return f(seed), nil
}

// Names lists the registered policies in order.
func Names() []string {
	names := make([]string, 0, len(factories))
	for n := range factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
