package game

import (
	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/features/kutulu/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Code of Kutulu as the shared tools know it (internal/games),
// registered there; its builtins also name NAME-timed, thinking the bot's
// Think each call (arena.Typed's Timed).
var Game = games.Register(games.Typed(&policy.Bot, ek.Game{}, arena.Typed[*ek.State, *ek.View, ek.Action]{Fast: ek.Fast{}, Timed: policy.Bot.Think}, baselines.Pool, expert.Plug[*ek.State, *ek.View, ek.Action](Learn{}), drawer{}))
