package game

import (
	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/features/ocean/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Ocean of Code as the shared tools know it (internal/games),
// registered there.
var Game = games.Register(games.Typed(&policy.Bot, ocean.Game{}, arena.Typed[*ocean.State, *ocean.View, ocean.Action]{Fast: ocean.Fast{}}, baselines.Pool, expert.Plug[*State, *Turn, ocean.Action](Learn{}), drawer{}))
