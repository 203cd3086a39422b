package game

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/features/soak/policy/baselines"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
	"cgpolicy/model/expert"
)

// Game is Soak Overflow as the shared tools know it (internal/games),
// registered there. Its builtins complete each answer as the bot does
// (policy.Complete).
var Game = games.Register(games.Typed(&policy.Bot, soak.Game{}, arena.Typed[*soak.State, *soak.View, soak.Action]{Fast: soak.Fast{}, Finish: policy.Complete}, baselines.Pool, expert.Plug[*soak.State, *soak.View, soak.Action](Learn{}), drawer{}))
