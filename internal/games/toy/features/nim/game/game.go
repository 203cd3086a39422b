// Package game is Nim's descriptor for the shared tools (internal/games):
// its referee, default policy, pool, builtins, trainer plug-in and
// drawing, as features/<game>/game is a contest game's. Importing it
// registers the game; internal/games/toy's test is the one importer.
package game

import (
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/internal/games/toy/engine/nim"
	"cgpolicy/internal/games/toy/features/nim/policy"
	"cgpolicy/model/expert"
)

// Game is Nim as the shared tools know it.
var Game = games.Game{
	Engine:  nim.Game{},
	Default: policy.Bot.Default,
	Pool:    policy.Pool,
	Builtins: func() error {
		return arena.RegisterTyped(arena.Typed[*nim.State, *nim.View, nim.Action]{Game: "nim", Fast: nim.Fast{}}, policy.Policies)
	},
	Train: expert.Plug[*nim.State, *nim.View, nim.Action](Learn{}),
	Draw:  drawer{},
}

func init() { games.Register(Game) }
