package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

// grassBuiltinErr keeps the outcome of registering every named grass policy
// as builtin:NAME. A failure (a name clash) leaves those names unknown,
// which arena play reports with the cause (registerBuiltins); the tests
// check it is nil.
var grassBuiltinErr = registerBuiltins("grass", policy.Err(), registerGrass)

// grassGame plays grass policies in-process: one line of commands, as the
// process bot prints it. The view is the player's own, seat-relative (the
// player is seat 0 in it); the actions apply to the referee's state as
// they are, since a view swaps the seats, not the map.
var grassGame = typedGame[*grass.View, grass.Action]{
	name: "grass",
	view: func(es engine.State, p int, v *grass.View) (*grass.View, error) {
		s, ok := es.(*grass.State)
		if !ok {
			return nil, fmt.Errorf("grass policy given a %T", es)
		}
		if v == nil {
			v = new(grass.View)
		}
		s.ViewInto(p, v)
		return v, nil
	},
	format: func(acts []grass.Action) []string { return []string{grass.Format(acts)} },
	answer: func(es engine.State, p int, acts []grass.Action) error {
		return es.(*grass.State).AnswerActions(p, acts)
	},
}

// registerGrass registers each policy of the grass policy package.
func registerGrass() error {
	return grassGame.register(policy.Names(), func(name string, seed int64) (actor[*grass.View, grass.Action], error) {
		return policy.New(name, seed)
	})
}
