package game

import (
	cb "cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/features/caribbean/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Coders of the Caribbean as the shared tools know it (internal/games),
// registered there.
var Game = games.Register(games.Typed(&policy.Bot, cb.Game{}, arena.Typed[*cb.State, *cb.View, cb.Action]{Fast: cb.Fast{}}, baselines.Pool, expert.Plug[*cb.State, *cb.View, cb.Action](Learn{}), drawer{}))
