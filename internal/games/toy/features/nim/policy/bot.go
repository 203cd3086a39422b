package policy

import (
	"errors"
	"time"

	"cgpolicy/internal/bot"
	"cgpolicy/internal/games/toy/engine/nim"
)

// Bot is the Nim bot (internal/games/toy/cmd/bot/nim runs Bot.Main): the
// search by default, thinking 20 ms a turn; it sends one legal move, and
// the first legal move as the fallback.
var Bot = bot.Game[*nim.Observer, *nim.View, nim.Action, Policy]{
	Name: "nim", Policies: Policies, Default: "smitsi",
	Think:    20 * time.Millisecond,
	Reader:   nim.Reader,
	Fallback: First,
	Check: func(v *nim.View, acts []nim.Action) ([]nim.Action, error) {
		if len(acts) == 0 || !v.Legal(acts[0]) {
			return nil, errors.New("no legal move")
		}
		return acts[:1], nil
	},
}
