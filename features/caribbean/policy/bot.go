package policy

import (
	"time"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/internal/bot"
)

// Bot is the Coders of the Caribbean bot (cmd/bot/caribbean runs
// Bot.Main). Its Think, 29 ms of the 50, is where the search stopped
// before one knob replaced three (the bot's 35 ms limit less smConfig's
// 6 ms Safety): bundled there its later turns took p50 29.1 ms, p99
// 30.4 ms with no timeouts against v1 (README). It sends one order per own
// ship, WAIT for a ship the policy left out, and WAIT for every ship as
// the fallback.
var Bot = bot.Game[*cb.Observer, *cb.View, cb.Action, Policy]{Name: "caribbean", Policies: Policies, Default: "smitsi", Think: 29 * time.Millisecond, Reader: cb.Reader,
	Fallback: func(v *cb.View, dst []cb.Action) []cb.Action { return cb.Waits(OwnShips(v), dst) },
	Check: func(v *cb.View, acts []cb.Action) ([]cb.Action, error) {
		n := OwnShips(v)
		for len(acts) < n {
			acts = append(acts, cb.Action{Kind: cb.Wait})
		}
		return acts[:n], nil
	},
}
