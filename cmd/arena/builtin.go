package main

import (
	"fmt"

	"cgpolicy/cmd/bot/soak/policy"
	"cgpolicy/engine"
	"cgpolicy/engine/arena"
	"cgpolicy/engine/soak"
)

// Every named soak policy plays in-process as builtin:NAME, so evaluations
// can skip processes and pipes. Registration fails only on a name clash,
// a programming error that must not go unnoticed, hence the panic.
func init() {
	if err := registerSoak(); err != nil {
		panic(err)
	}
}

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
	acts []soak.Action
	done []soak.Action
}

// Act implements arena.Agent. The policy reads the referee's own state,
// which holds what the bot's input shows and also the points and turn.
func (a *soakAgent) Act(es engine.State, p int) ([]string, error) {
	s, ok := es.(*soak.State)
	if !ok {
		return nil, fmt.Errorf("soak policy given a %T", es)
	}
	a.acts = a.pol.Act(s, p, a.acts[:0])
	a.done = policy.Complete(s, p, a.acts, a.done[:0])
	lines := make([]string, len(a.done))
	for i, act := range a.done {
		lines[i] = soak.FormatAction(act)
	}
	return lines, nil
}
