package game

import (
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/features/grass/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Keep Off The Grass as the shared tools know it (internal/games),
// registered there.
var Game = games.Register(games.Typed(&policy.Bot, grass.Game{}, arena.Typed[*grass.State, *grass.View, grass.Action]{Fast: grass.Fast{}}, baselines.Pool, expert.Plug[*grass.State, *grass.View, grass.Action](Learn{}), drawer{}))
