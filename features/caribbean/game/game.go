package game

import (
	cb "cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/features/caribbean/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Coders of the Caribbean as the shared tools know it (internal/games).
var Game = games.Game{
	Engine:  cb.Game{},
	Default: policy.Bot.Default,
	Pool:    baselines.Pool,
	Builtins: func() error {
		return arena.RegisterTyped(arena.Typed[*cb.State, *cb.View, cb.Action]{Game: "caribbean", Fast: cb.Fast{}}, policy.Policies)
	},
	Train: expert.Plug[*cb.State, *cb.View, cb.Action](Learn{}),
	Draw:  drawer{},
}

func init() { games.Register(Game) }
