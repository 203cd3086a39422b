package policy

import (
	"time"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/internal/bot"
)

// Bot is the Code of Kutulu bot (cmd/bot/kutulu runs Bot.Main). Its default,
// smitsi, placed 1.78 on average at 4,000 iterations with three of the older
// network-guided search (on the weights of the time) and 2.03 with three greedy
// survivors (in-process, seeds 1-25, four rotations). Its Think, 28 ms of
// the 50, is where the search stopped before one knob replaced three (the 40
// ms limit less smConfig's 12 ms Safety); bundled, its later turns took p50
// 28.2 ms, p99 28.7 ms (README). It sends one command, WAIT for none and as
// the fallback; -policies leaves random out, for a short parity test.
var Bot = bot.Game[*ek.Observer, *ek.View, ek.Action, Policy]{Name: "kutulu", Policies: Policies, Default: "smitsi", Unlisted: []string{"random"}, Think: 28 * time.Millisecond, Reader: ek.Reader,
	Fallback: wait,
	Check: func(v *ek.View, acts []ek.Action) ([]ek.Action, error) {
		if len(acts) == 0 {
			return wait(v, acts), nil
		}
		return acts[:1], nil
	},
}

// wait is WAIT.
func wait(_ *ek.View, dst []ek.Action) []ek.Action { return append(dst, ek.Action{Kind: ek.Wait}) }
