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
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/bot"
)

func main() {
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	cfg := config{Config: bot.Config{First: time.Second, Turn: 50 * time.Millisecond, Margin: 12 * time.Millisecond, Warn: true}}
	fs.StringVar(&cfg.Policy, "policy", "smitsi", "policy to play: "+strings.Join(policy.Names(), ", "))
	fs.Int64Var(&cfg.Seed, "seed", 1, "seed of the random choices")
	list := fs.Bool("policies", false, "list the policies, one a line")
	cfg.AddFlags(fs)
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if *list {
		fmt.Println(strings.Join(policy.Names(), "\n"))
		return
	}
	if err := run(os.Stdin, os.Stdout, os.Stderr, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}
