// Package registry names a game's policies, so that its bot, the arena and
// the trainer all make a policy the same way from a name and a seed, and a
// new policy becomes playable everywhere by registering once. It is
// compiled into the CodinGame bots: standard library and Go 1.18 only.
package registry

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Factory makes a fresh policy for one game; policies without randomness
// ignore the seed.
type Factory[P any] func(seed int64) P

// Registry maps names to factories. It is filled from package
// initialisation and only read afterwards, so it needs no lock.
type Registry[P any] struct {
	what   string
	m      map[string]Factory[P]
	failed error
}

// New returns a registry holding entries; what names its entries in
// errors. A clash among entries is kept (Failed) for whoever asks.
func New[P any](what string, entries ...Entry[P]) *Registry[P] {
	r := &Registry[P]{what: what, m: map[string]Factory[P]{}}
	_ = r.Failed(RegisterAll(r.Register, entries))
	return r
}

// Register adds a named factory. A name can be taken only once, so two
// files cannot silently replace each other's policy.
func (r *Registry[P]) Register(name string, f Factory[P]) error {
	if name == "" || f == nil {
		return fmt.Errorf("%s: register %q: empty name or factory", r.what, name)
	}
	if _, dup := r.m[name]; dup {
		return fmt.Errorf("%s: %q registered twice", r.what, name)
	}
	r.m[name] = f
	return nil
}

// Entry is one named factory, for RegisterAll.
type Entry[P any] struct {
	Name string
	New  Factory[P]
}

// Seedless is the entry of a policy that takes no seed, made by f.
func Seedless[P any](name string, f func() P) Entry[P] {
	return Entry[P]{Name: name, New: func(int64) P { return f() }}
}

// RegisterAll registers entries in order through register (a game's
// Register), stopping at the first error: a package that names several
// policies, such as a game's evaluation pool, reports one cause and
// leaves the later names unregistered.
func RegisterAll[P any](register func(string, Factory[P]) error, entries []Entry[P]) error {
	for _, e := range entries {
		if err := register(e.Name, e.New); err != nil {
			return err
		}
	}
	return nil
}

// Unless registers entries (RegisterAll) unless err, why they cannot be
// made (the network they play does not fit the features, their frozen
// weights do not parse), is set: then it registers none of them, and a
// factory may assume what it plays can be made. The first failure, err or
// a name clash, is recorded (Failed) for whoever asks for a missing name.
// It returns r, so that a game names its policies in one declaration.
func (r *Registry[P]) Unless(err error, entries ...Entry[P]) *Registry[P] {
	if err == nil {
		err = RegisterAll(r.Register, entries)
	}
	_ = r.Failed(err)
	return r
}

// Add is Unless(nil, entries...): how a package outside the game's
// policies, its evaluation pool, adds its own.
func (r *Registry[P]) Add(entries ...Entry[P]) *Registry[P] { return r.Unless(nil, entries...) }

// ErrOf is the error of a call's two results, for Unless:
// Unless(ErrOf(policy.NewNet()), ...).
func ErrOf[T any](_ T, err error) error { return err }

// Make makes the policy registered under name. A name may carry options
// after a question mark, "smitsi?c=1.5&iters=1000", which are set on the
// new policy in order (Tunable): that is how an experiment tries a
// variant from the command line (arena play -bot builtin:smitsi?c=1.5)
// rather than from a knob in a test. For an unknown name the error also
// says why registrations failed, if any did: a policy whose weights do not
// fit the features is unknown because of that.
func (r *Registry[P]) Make(name string, seed int64) (P, error) {
	var zero P
	base, opts, err := SplitOptions(name)
	if err != nil {
		return zero, fmt.Errorf("%s %q: %w", r.what, name, err)
	}
	f, ok := r.m[base]
	if !ok {
		err := fmt.Errorf("%s: unknown policy %q (known: %s)", r.what, base, strings.Join(r.Names(), ", "))
		if r.failed != nil {
			err = fmt.Errorf("%v; registration failed: %w", err, r.failed)
		}
		return zero, err
	}
	p := f(seed)
	if len(opts) == 0 {
		return p, nil
	}
	t, ok := any(p).(Tunable)
	if !ok {
		return zero, fmt.Errorf("%s %q takes no options", r.what, base)
	}
	for _, o := range opts {
		if err := t.Set(o[0], o[1]); err != nil {
			return zero, fmt.Errorf("%s %q: option %s=%s: %w", r.what, base, o[0], o[1], err)
		}
	}
	return p, nil
}

// Tunable is a policy that takes options (Make).
type Tunable interface {
	// Set sets option key to value. An unknown key or a value it cannot
	// use is an error, which says what it takes.
	Set(key, value string) error
}

// UnknownOption is Tunable.Set's error for a key it does not take; known
// lists the keys it does.
func UnknownOption(key string, known ...string) error {
	return fmt.Errorf("unknown option %q (takes %s)", key, strings.Join(known, ", "))
}

// ParseFloat reads an option's number.
func ParseFloat(v string) (float64, error) { return strconv.ParseFloat(v, 64) }

// ParseInt reads an option's whole number.
func ParseInt(v string) (int, error) { return strconv.Atoi(v) }

// SplitOptions splits "name?k=v&k2=v2" into the name and its options in
// order. A name without a question mark has none; an option without "="
// or with an empty key is an error.
func SplitOptions(name string) (string, [][2]string, error) {
	i := strings.IndexByte(name, '?')
	if i < 0 {
		return name, nil, nil
	}
	base, query := name[:i], name[i+1:]
	var opts [][2]string
	for _, kv := range strings.Split(query, "&") {
		j := strings.IndexByte(kv, '=')
		if j <= 0 {
			return "", nil, fmt.Errorf("option %q is not key=value", kv)
		}
		opts = append(opts, [2]string{kv[:j], kv[j+1:]})
	}
	return base, opts, nil
}

// Failed records err, the reason some policies could not be registered,
// and returns it; nil records nothing, and the first failure is kept.
// Registration runs at package initialisation, where an error has nowhere
// to go: kept here, it reaches whoever asks for a missing name.
func (r *Registry[P]) Failed(err error) error {
	if r.failed == nil {
		r.failed = err
	}
	return err
}

// Err is the failure Failed kept, nil if none.
func (r *Registry[P]) Err() error { return r.failed }

// Has reports whether name is registered.
func (r *Registry[P]) Has(name string) bool {
	_, ok := r.m[name]
	return ok
}

// Names lists the registered names in order.
func (r *Registry[P]) Names() []string {
	names := make([]string, 0, len(r.m))
	for n := range r.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// DefaultFirst returns names with def moved to the front, when it is
// there: the order a bot's -policy help and -policies list them, so that
// the bundle parity test plays the submitted policy first.
func DefaultFirst(def string, names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if n == def {
			out = append(out, n)
		}
	}
	for _, n := range names {
		if n != def {
			out = append(out, n)
		}
	}
	return out
}
