package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// soakBuiltinErr keeps the outcome of registering every named soak policy as
// builtin:NAME, so evaluations can skip processes and pipes. A failure (a
// name clash) leaves those names unknown, which arena play reports with the
// cause (registerBuiltins); the tests check it is nil.
var soakBuiltinErr = registerBuiltins("soak", policy.Err(), registerSoak)

// soakGame plays soak policies in-process: the orders made safe by
// policy.Complete, one line per agent, as the process bot prints them.
var soakGame = typedGame[*soak.View, soak.Action]{
	name: "soak",
	view: func(es engine.State, p int, v *soak.View) (*soak.View, error) {
		s, ok := es.(*soak.State)
		if !ok {
			return nil, fmt.Errorf("soak policy given a %T", es)
		}
		if v == nil {
			v = new(soak.View)
		}
		s.ViewInto(p, v)
		return v, nil
	},
	finish: func(es engine.State, p int, acts, dst []soak.Action) []soak.Action {
		return policy.Complete(es.(*soak.State), p, acts, dst)
	},
	format: func(acts []soak.Action) []string {
		lines := make([]string, len(acts))
		for i, a := range acts {
			lines[i] = soak.FormatAction(a)
		}
		return lines
	},
	answer: func(es engine.State, p int, acts []soak.Action) error {
		return es.(*soak.State).AnswerActions(p, acts)
	},
}

// registerSoak registers each policy of the soak policy package.
func registerSoak() error {
	return soakGame.register(policy.Names(), func(name string, seed int64) (actor[*soak.View, soak.Action], error) {
		return policy.New(name, seed)
	})
}
