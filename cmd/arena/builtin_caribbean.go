package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
)

// caribbeanBuiltinErr keeps the outcome of registering every named caribbean
// policy as builtin:NAME. A failure (a name clash) leaves those names
// unknown, which arena play reports with the cause (registerBuiltins); the
// tests check it is nil.
var caribbeanBuiltinErr = registerBuiltins("caribbean", policy.Err(), registerCaribbean)

// caribbeanGame plays caribbean policies in-process: one line per ship
// afloat, as the process bot prints them. The view is the player's own
// (its ships are owner 0) on the referee's map, so the orders apply to the
// referee's state as they are.
var caribbeanGame = typedGame[*caribbean.View, caribbean.Action]{
	name: "caribbean",
	view: func(es engine.State, p int, v *caribbean.View) (*caribbean.View, error) {
		s, ok := es.(*caribbean.State)
		if !ok {
			return nil, fmt.Errorf("caribbean policy given a %T", es)
		}
		if v == nil {
			v = new(caribbean.View)
		}
		s.ViewInto(p, v)
		return v, nil
	},
	format: func(acts []caribbean.Action) []string {
		lines := make([]string, len(acts))
		for i, a := range acts {
			lines[i] = caribbean.FormatAction(a)
		}
		return lines
	},
	answer: func(es engine.State, p int, acts []caribbean.Action) error {
		return es.(*caribbean.State).AnswerActions(p, acts)
	},
}

// registerCaribbean registers each policy of the caribbean policy package.
func registerCaribbean() error {
	return caribbeanGame.register(policy.Names(), func(name string, seed int64) (actor[*caribbean.View, caribbean.Action], error) {
		return policy.New(name, seed)
	})
}
