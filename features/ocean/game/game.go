package game

import (
	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/features/ocean/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Ocean of Code as the shared tools know it (internal/games).
var Game = games.Game{
	Engine:  ocean.Game{},
	Default: policy.Bot.Default,
	Pool:    baselines.Pool,
	Builtins: func() error {
		return arena.RegisterTyped(arena.Typed[*ocean.State, *ocean.View, ocean.Action]{Game: "ocean", Fast: ocean.Fast{}}, policy.Policies)
	},
	Train: expert.Plug[*State, *Turn, ocean.Action](Learn{}),
	Draw:  drawer{},
}

func init() { games.Register(Game) }
