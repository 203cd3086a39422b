package arena

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"cgpolicy/engine"
)

// Policy is a Go bot that plays in-process: no process, no pipes, and no
// time limit (its time is measured and reported, never enforced, so results
// depend only on the seeds). It makes a fresh Agent for every game.
type Policy interface {
	// NewAgent starts the policy for one game. An agent that draws random
	// numbers seeds them from SeatSeed(seed, seat) so that the same seeds
	// give the same games.
	NewAgent(seed int64, seat int) (Agent, error)
}

// PolicyFunc adapts a function to Policy.
type PolicyFunc func(seed int64, seat int) (Agent, error)

// NewAgent implements Policy.
func (f PolicyFunc) NewAgent(seed int64, seat int) (Agent, error) { return f(seed, seat) }

// Agent is one in-process player in one game. It sees the referee's state
// rather than text, so it needs no parser; it must treat the state as read
// only (Clone it to search).
type Agent interface {
	// Act returns player p's output lines for the current step, exactly as a
	// process bot would print them. An error or a panic is the player's
	// crash, as a bot process that exits: it misses this step and the rest
	// of the game, and the run goes on.
	Act(s engine.State, p int) ([]string, error)
}

// AgentFunc adapts a function to Agent.
type AgentFunc func(s engine.State, p int) ([]string, error)

// Act implements Agent.
func (f AgentFunc) Act(s engine.State, p int) ([]string, error) { return f(s, p) }

// Applier is the typed fast path an Agent may also implement: instead of
// formatting lines for the referee to parse, it hands its typed actions to
// the game's typed API (which runs the same rule code as Answer). The arena
// then calls Apply instead of Act and Answer.
type Applier interface {
	// Apply answers for p on s. lines is what the bot would have printed,
	// kept for replays; answerErr is what Answer would have returned (the
	// referee's reason for deactivating p); err is a failure of the agent,
	// handled like an error from Act.
	Apply(s engine.State, p int) (lines []string, answerErr error, err error)
}

// SeatSeed derives the random seed of the agent in seat from the game seed,
// so that agents in different seats (or the same policy on both sides) do
// not share a random stream. It is a splitmix64 finaliser.
func SeatSeed(seed int64, seat int) int64 {
	z := uint64(seed) + uint64(seat+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return int64(z ^ (z >> 31))
}

var (
	policiesMu sync.RWMutex
	policies   = map[string]Policy{}
	// failed holds, by game, why some of its policies could not be
	// registered, for LookupPolicy to say.
	failed = map[string][]string{}
)

// RegisterFailed records err, why some policies of game could not be
// registered (weights that do not fit the features, a name clash), so that
// asking for one of them says why it is unknown; it returns err, and nil
// records nothing.
func RegisterFailed(game string, err error) error {
	if err == nil {
		return nil
	}
	policiesMu.Lock()
	defer policiesMu.Unlock()
	failed[game] = append(failed[game], err.Error())
	return err
}

// Register makes policy p available as builtin:name for the game with that
// name. Game packages or their policy packages call it from init.
func Register(game, name string, p Policy) error {
	if game == "" || name == "" || p == nil {
		return fmt.Errorf("arena: register %q/%q: empty game, name or policy", game, name)
	}
	policiesMu.Lock()
	defer policiesMu.Unlock()
	key := game + "/" + name
	if _, dup := policies[key]; dup {
		return fmt.Errorf("arena: policy %s registered twice", key)
	}
	policies[key] = p
	return nil
}

// Named is a builtin policy made by its name, so that options after the
// name (builtin:smitsi?c=1.5&iters=1000) make a variant of it: the name
// with its options reaches New, which hands it to the game's policy
// registry (internal/registry's Make reads them).
type Named struct {
	Name string
	// New makes one game's agent of the policy called name, seeded from
	// the game seed and the seat (SeatSeed).
	New func(name string, seed int64, seat int) (Agent, error)
}

// NewAgent implements Policy.
func (n Named) NewAgent(seed int64, seat int) (Agent, error) { return n.New(n.Name, seed, seat) }

// WithOptions is the policy with opts after its name. It makes an agent
// once, so that options it does not take are an error before any game.
func (n Named) WithOptions(opts string) (Policy, error) {
	v := Named{Name: n.Name + "?" + opts, New: n.New}
	if _, err := v.New(v.Name, 1, 0); err != nil {
		return nil, err
	}
	return v, nil
}

// Optioned is a Policy that takes options after its name.
type Optioned interface {
	WithOptions(opts string) (Policy, error)
}

// LookupPolicy returns the policy registered as builtin:name for game, or
// with name "base?opts" the variant of base with those options.
func LookupPolicy(game, name string) (Policy, error) {
	policiesMu.RLock()
	defer policiesMu.RUnlock()
	base, opts, hasOpts := strings.Cut(name, "?")
	if p, ok := policies[game+"/"+base]; ok {
		if !hasOpts {
			return p, nil
		}
		o, ok := p.(Optioned)
		if !ok {
			return nil, fmt.Errorf("arena: builtin policy %q of %s takes no options", base, game)
		}
		v, err := o.WithOptions(opts)
		if err != nil {
			return nil, fmt.Errorf("arena: builtin:%s: %w", name, err)
		}
		return v, nil
	}
	var known []string
	for k := range policies {
		if strings.HasPrefix(k, game+"/") {
			known = append(known, BuiltinPrefix+strings.TrimPrefix(k, game+"/"))
		}
	}
	sort.Strings(known)
	why := ""
	if f := failed[game]; len(f) > 0 {
		why = "; registration failed: " + strings.Join(f, "; ")
	}
	if len(known) == 0 {
		return nil, fmt.Errorf("arena: no builtin policy %q for game %q (none registered)%s", name, game, why)
	}
	return nil, fmt.Errorf("arena: no builtin policy %q for game %q (known: %s)%s", name, game, strings.Join(known, ", "), why)
}
