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

// Game is Nim as the shared tools know it, registered there.
var Game = games.Register(games.Typed(&policy.Bot, nim.Game{}, arena.Typed[*nim.State, *nim.View, nim.Action]{Fast: nim.Fast{}}, policy.Pool, expert.Plug[*nim.State, *nim.View, nim.Action](Learn{}), drawer{}))
