package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/arena"
	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
)

// oceanBuiltinErr keeps the outcome of registering every named ocean
// policy as builtin:NAME; the tests check it is nil.
var oceanBuiltinErr = registerBuiltins("ocean", policy.Err(), registerOcean)

// registerOcean registers each policy of the ocean policy package, with a
// fresh policy per game seeded from the game seed and seat.
//
// Ocean does not go through typedGame: its first answer (the start cell)
// is written "X Y", not as a chain, and only the state tells the two
// apart, which typedGame's format does not see.
func registerOcean() error {
	for _, name := range policy.Names() {
		err := arena.Register("ocean", name, arena.Named{Name: name, New: func(name string, seed int64, seat int) (arena.Agent, error) {
			p, err := policy.New(name, arena.SeatSeed(seed, seat))
			if err != nil {
				return nil, err
			}
			return &oceanAgent{pol: p}, nil
		}})
		if err != nil {
			return err
		}
	}
	return nil
}

// oceanAgent is one in-process player: it sees only its view, as its bot
// rebuilds it from its lines, never the referee's state, and answers
// through the typed path. The policy keeps its own memory between views.
type oceanAgent struct {
	pol  policy.Policy
	acts []ocean.Action
}

// Act implements arena.Agent.
func (a *oceanAgent) Act(es engine.State, p int) ([]string, error) {
	s, ok := es.(*ocean.State)
	if !ok {
		return nil, fmt.Errorf("ocean policy given a %T", es)
	}
	v := s.View(p).(*ocean.View)
	a.acts = a.pol.Act(v, a.acts[:0])
	if v.Request == 0 {
		if len(a.acts) != 1 {
			return nil, fmt.Errorf("ocean policy placed with %d actions", len(a.acts))
		}
		return []string{fmt.Sprintf("%d %d", a.acts[0].X, a.acts[0].Y)}, nil
	}
	return []string{ocean.FormatActions(a.acts)}, nil
}

// Apply implements arena.Applier: the same actions reach the referee
// through its typed path; the lines are kept for replays.
func (a *oceanAgent) Apply(s engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(s, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, s.(*ocean.State).AnswerActions(p, a.acts), nil
}
