package game

import (
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/features/grass/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Keep Off The Grass as the shared tools know it (internal/games).
var Game = games.Game{
	Engine:  grass.Game{},
	Default: policy.Bot.Default,
	Pool:    baselines.Pool,
	Builtins: func() error {
		return arena.RegisterTyped(arena.Typed[*grass.State, *grass.View, grass.Action]{Game: "grass", Fast: grass.Fast{}}, policy.Policies)
	},
	Train: expert.Plug[*grass.State, *grass.View, grass.Action](Learn{}),
	Draw:  drawer{},
}

func init() { games.Register(Game) }
