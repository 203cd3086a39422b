package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/arena"
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

// grassBuiltinErr keeps the outcome of registering the grass policies. A
// failure (a name clash) leaves builtin:NAME unknown, which arena play
// reports; the tests check it is nil.
var grassBuiltinErr = registerGrass()

// registerGrass makes the grass policies playable as builtin:random and
// builtin:greedy.
func registerGrass() error {
	pols := []struct {
		name string
		make func(seed int64) policy.Policy
	}{
		{"random", func(seed int64) policy.Policy { return policy.NewRandom(seed) }},
		{"greedy", func(int64) policy.Policy { return policy.NewGreedy() }},
	}
	for _, p := range pols {
		mk := p.make
		err := arena.Register(grass.Game{}.Name(), p.name, arena.PolicyFunc(func(seed int64, seat int) (arena.Agent, error) {
			return &grassAgent{pol: mk(arena.SeatSeed(seed, seat))}, nil
		}))
		if err != nil {
			return err
		}
	}
	return nil
}

// grassAgent answers with the line the process bot would print for the same
// position. The referee's state holds exactly what the bot's input shows
// (and the turn number, which the policies do not read), so in-process and
// process games agree.
type grassAgent struct {
	pol  policy.Policy
	view grass.View
	acts []grass.Action
}

// Act implements arena.Agent.
func (a *grassAgent) Act(es engine.State, p int) ([]string, error) {
	s, ok := es.(*grass.State)
	if !ok {
		return nil, fmt.Errorf("grass policy given a %T", es)
	}
	s.ViewInto(p, &a.view)
	a.acts = a.pol.Act(&a.view, a.acts[:0])
	return []string{grass.Format(a.acts)}, nil
}

// Apply implements arena.Applier: the orders reach the referee through its
// typed path. The line is what the process bot would print, for replays.
func (a *grassAgent) Apply(es engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(es, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, es.(*grass.State).AnswerActions(p, a.acts), nil
}
