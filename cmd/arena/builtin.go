package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/arena"
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// soakBuiltinErr keeps the outcome of registering every named soak policy
// as builtin:NAME, so evaluations can skip processes and pipes. A failure (a
// name clash) leaves those names unknown, which arena play reports; the tests
// check it is nil.
var soakBuiltinErr = registerSoak()

// registerSoak registers each policy of the soak policy package.
func registerSoak() error {
	for _, name := range policy.Names() {
		if err := arena.Register("soak", name, soakPolicy(name)); err != nil {
			return err
		}
	}
	return nil
}

// soakPolicy makes one agent per game, seeded from the game seed and seat
// so the same seeds replay the same games.
func soakPolicy(name string) arena.Policy {
	return arena.PolicyFunc(func(seed int64, seat int) (arena.Agent, error) {
		p, err := policy.New(name, arena.SeatSeed(seed, seat))
		if err != nil {
			return nil, err
		}
		return &soakAgent{pol: p}, nil
	})
}

// soakAgent answers with what the process bot would print for the same
// orders: the orders made safe by policy.Complete, one line per agent.
type soakAgent struct {
	pol  policy.Policy
	view soak.View
	acts []soak.Action
	done []soak.Action
}

// Act implements arena.Agent. The policy reads the player's view, built
// from the referee's state as the bot builds it from its lines.
func (a *soakAgent) Act(es engine.State, p int) ([]string, error) {
	s, ok := es.(*soak.State)
	if !ok {
		return nil, fmt.Errorf("soak policy given a %T", es)
	}
	s.ViewInto(p, &a.view)
	a.acts = a.pol.Act(&a.view, a.acts[:0])
	a.done = policy.Complete(s, p, a.acts, a.done[:0])
	lines := make([]string, len(a.done))
	for i, act := range a.done {
		lines[i] = soak.FormatAction(act)
	}
	return lines, nil
}

// Apply implements arena.Applier: the same orders reach the referee through
// its typed path, with no text to parse. The lines are what the process bot
// would print, kept for replays.
func (a *soakAgent) Apply(es engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(es, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, es.(*soak.State).AnswerActions(p, a.done), nil
}
