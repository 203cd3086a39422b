// Command soak is our CodinGame bot for Soak Overflow (Summer Challenge
// 2025). It reads the referee's protocol on stdin, rebuilds the game each
// turn from what it read, asks a policy for orders and prints one line per
// living agent on stdout. scripts/bundle flattens it into the single file
// CodinGame accepts, so it uses only the standard library and our module.
//
// The turn guard (internal/bot) exists because a late answer loses the
// game outright: the deadline runs from the arrival of the turn's first
// line, and when the policy is not done by then the bot prints a safe
// answer instead.
//
// Policies (-policy): smitsi, the default, is a Smitsimax search of both
// sides with the network's priors, until the deadline; net is the network
// alone. (search, the coordinate descent it superseded, is the arena's
// builtin:search only.)
package main

import (
	"time"

	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/bot"
)

func main() { command.Main() }

// command is the bot's command line (bot.Command owns the flags). Soak
// Overflow's limits are 1 s for the first turn and 50 ms for the others;
// the bot keeps 8 ms of each back for scheduling and output.
var command = bot.Command[policy.Policy]{
	Game: "soak", Default: "smitsi", Names: policy.Policies.Names, New: policy.Policies.Make,
	Limits: bot.Config{First: time.Second, Turn: 50 * time.Millisecond, Margin: 8 * time.Millisecond},
	Player: func(pol policy.Policy, cfg bot.Config) bot.Player { return newPlayer(pol, cfg) },
}
