package policy

import (
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/internal/bot"
)

// Bot is the Keep Off The Grass bot (cmd/bot/grass runs Bot.Main). Its
// Think, 28 ms of the 50, is where the search stopped before one knob
// replaced three (the bot's 40 ms limit less smConfig's 12 ms Safety,
// kept back because a CPU-bound search on a loaded machine can go
// unscheduled for several milliseconds): bundled at that stop the bot had
// no timeouts over 400 games a partner (README). The fallback is no
// command, which prints as WAIT.
var Bot = bot.Game[*grass.Observer, *grass.View, grass.Action, Policy]{Name: "grass", Policies: Policies, Default: "smitsi", Think: 28 * time.Millisecond, Reader: grass.Reader,
	Fallback: func(_ *grass.View, dst []grass.Action) []grass.Action { return dst },
}
