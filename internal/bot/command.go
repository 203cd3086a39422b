package bot

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"cgpolicy/internal/registry"
)

// Command is what a bot's main knows of its game; Run owns the rest of the
// command line, which every bot shares: the arena, scripts/bundle's parity
// test and the README call the five bots the same way, so their flags,
// policy listing, deadlines and exit codes live here once rather than in
// five copies that drift apart. P is the game's policy type.
type Command[P any] struct {
	// Game names the game in errors.
	Game string
	// Default is the policy played without -policy, listed first.
	Default string
	// Names lists the game's registered policies, and New makes one by
	// name and seed (the game's policy.Policies.Names and policy.Policies.Make). An unknown
	// name's error says why, registration failures included.
	Names func() []string
	New   func(name string, seed int64) (P, error)
	// Unlisted are policies -policies leaves out though -policy plays
	// them: the parity test plays every listed policy on every recorded
	// input, and a slow policy no submission plays need not take its time.
	Unlisted []string
	// Limits are the game's First, Turn and Margin; -first-ms and
	// -turn-ms replace First and Turn, and Margin is kept back from both.
	Limits Config
	// Player makes the game's side of the turn loop around pol; cfg is the
	// run's settings, for a player that logs (Verbose, Log) or times its
	// seat (Clock).
	Player func(pol P, cfg Config) Player
	// Input, if set, wraps the referee's input before the turn loop reads
	// it (Ocean of Code inserts the line its placement turn starts on).
	Input func(r io.Reader) io.Reader
}

// Listed are the policies -policies prints, one a line: the registered
// ones less Unlisted, the default first (registry.DefaultFirst), so that
// the parity test plays the submitted policy first.
func (c *Command[P]) Listed() []string {
	var names []string
next:
	for _, n := range registry.DefaultFirst(c.Default, c.Names()) {
		for _, u := range c.Unlisted {
			if n == u {
				continue next
			}
		}
		names = append(names, n)
	}
	return names
}

// Main runs the bot on the process's arguments and standard streams, and
// exits with Run's code.
func (c *Command[P]) Main() {
	os.Exit(c.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Run parses args, then lists the policies on out or plays one game from in
// to out, logging to log. It returns the exit code: 0 when the game ended
// (or -policies, -h); 2 for bad flags or a policy New refuses, whose cause
// it logs; 1 when the game stopped on an error (input the player cannot
// read, output that cannot be written), which it logs.
func (c *Command[P]) Run(args []string, in io.Reader, out, log io.Writer) int {
	fs := flag.NewFlagSet(c.Game, flag.ContinueOnError)
	fs.SetOutput(log)
	cfg := c.Limits
	cfg.Warn, cfg.Log = true, log
	all := registry.DefaultFirst(c.Default, c.Names())
	name := fs.String("policy", c.Default, "policy: "+strings.Join(all, ", "))
	seed := fs.Int64("seed", 1, "seed of the policy's random choices")
	list := fs.Bool("policies", false, "print the listed policies, one a line, and exit")
	// the limits as CodinGame states them: the bot answers Margin earlier
	first := fs.Int("first-ms", int(cfg.First/time.Millisecond), "first turn's limit in ms")
	turn := fs.Int("turn-ms", int(cfg.Turn/time.Millisecond), "later turns' limit in ms")
	fs.BoolVar(&cfg.NoDeadline, "nodeadline", false, "wait for the policy (tests, parity)")
	fs.BoolVar(&cfg.Verbose, "v", false, "log each turn on stderr")
	if err := fs.Parse(args); err == flag.ErrHelp {
		return 0
	} else if err != nil {
		return 2
	}
	cfg.First = time.Duration(*first) * time.Millisecond
	cfg.Turn = time.Duration(*turn) * time.Millisecond
	if *list {
		fmt.Fprintln(out, strings.Join(c.Listed(), "\n"))
		return 0
	}
	pol, err := c.New(*name, *seed)
	if err != nil {
		fmt.Fprintf(log, "%s: %v\n", c.Game, err)
		return 2
	}
	if c.Input != nil {
		in = c.Input(in)
	}
	if err := Run(in, out, c.Player(pol, cfg), cfg); err != nil {
		fmt.Fprintf(log, "%s: %v\n", c.Game, err)
		return 1
	}
	return 0
}
