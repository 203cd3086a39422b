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
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"cgpolicy/features/soak/policy"
)

func main() {
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	cfg := config{First: time.Second, Turn: 50 * time.Millisecond}
	fs.StringVar(&cfg.Policy, "policy", "smitsi", "policy to play: "+strings.Join(policy.Names(), ", ")+" (smitsi: Smitsimax search of both sides with the network's priors, until the deadline; net: the network alone)")
	fs.Int64Var(&cfg.Seed, "seed", 1, "seed of the random choices")
	fs.BoolVar(&cfg.NoDeadline, "nodeadline", false, "wait for the policy however long it takes (tests)")
	fs.DurationVar(&cfg.Margin, "margin", 12*time.Millisecond, "safety margin kept before each time limit")
	fs.BoolVar(&cfg.Verbose, "v", false, "log each turn's time on stderr")
	list := fs.Bool("policies", false, "print the policy names, one a line, and exit (the bundle parity test plays each)")
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
