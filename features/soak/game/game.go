package game

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/features/soak/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Soak Overflow as the shared tools know it (internal/games).
var Game = games.Game{
	Engine:  soak.Game{},
	Default: policy.Bot.Default,
	Pool:    baselines.Pool,
	Builtins: func() error {
		return arena.RegisterTyped(arena.Typed[*soak.State, *soak.View, soak.Action]{Game: "soak", Fast: soak.Fast{}, Finish: policy.Complete}, policy.Policies)
	},
	Train: expert.Plug[*soak.State, *soak.View, soak.Action](Learn{}),
	Draw:  drawer{},
}

func init() { games.Register(Game) }
