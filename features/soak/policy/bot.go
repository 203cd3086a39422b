package policy

import (
	"time"

	"cgpolicy/engine/soak"
	"cgpolicy/internal/bot"
)

// Bot is the Soak Overflow bot (cmd/bot/soak runs Bot.Main). Its Think,
// 32 ms of the 50, is where the search stopped before one knob replaced
// three (the bot's 8 ms margin and smConfig's 10 ms Safety kept back from
// the limit): stopping at 36 ms, 400 games against v2 had one turn go
// unscheduled for 15 ms past the stop (50.7 ms, a timeout); stopping at
// 26 ms, as v2 does, left a quarter of the turn unused (README). An answer
// is completed with a safe order for every agent it leaves out; the
// fallback hunkers every agent.
var Bot = bot.Game[*soak.Observer, *soak.View, soak.Action, Policy]{Name: "soak", Policies: Policies, Default: "smitsi", Think: 32 * time.Millisecond, Reader: soak.Reader,
	Fallback: func(v *soak.View, dst []soak.Action) []soak.Action {
		return Fallback(v.State(), v.Me, dst)
	},
	Check: func(v *soak.View, acts []soak.Action) ([]soak.Action, error) {
		return Complete(v.State(), v.Me, acts, nil), nil
	},
}
