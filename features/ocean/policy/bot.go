package policy

import (
	"fmt"
	"time"

	"cgpolicy/engine/ocean"
	"cgpolicy/internal/bot"
)

// Bot is the Ocean of Code bot (cmd/bot/ocean runs Bot.Main). Its Think, 28 ms
// of the 50, is where the search stopped before one knob replaced three (the
// 40 ms limit less smConfig's 12 ms Safety, as Kutulu's); bundled, its later
// turns took p50 28.2 ms, p99 28.7 ms (README). The placement is one start
// cell; the fallback, the first water cell, then SURFACE, which the referee
// always accepts.
var Bot = bot.Game[*ocean.Observer, *ocean.View, ocean.Action, Policy]{Name: "ocean", Policies: Policies, Default: "smitsi", Think: 28 * time.Millisecond, Reader: ocean.Reader,
	Fallback: func(v *ocean.View, dst []ocean.Action) []ocean.Action {
		for c := 0; v.Request == 0 && c < ocean.Cells; c++ {
			if !v.Island[c] {
				return append(dst, ocean.Action{X: c % ocean.Size, Y: c / ocean.Size})
			}
		}
		return append(dst, ocean.Action{Kind: ocean.SurfaceAct})
	},
	Check: func(v *ocean.View, acts []ocean.Action) ([]ocean.Action, error) {
		if v.Request == 0 && len(acts) != 1 {
			return acts, fmt.Errorf("placement with %d actions", len(acts))
		}
		return acts, nil
	},
}
