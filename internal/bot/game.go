package bot

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/registry"
)

// Game is one game's bot, described once (features/<game>/policy.Bot):
// its policies, how long it thinks, the engine's protocol and the safe
// answers around the policy's. Its cmd/bot main is Main, so that every
// bot reads, guards, answers and takes its command line the same way, and
// a game gives only what differs. O, V and A are the game's observer,
// view and action (engine.Reader), P its policy type.
type Game[O, V, A any, P Policy[V, A]] struct {
	// Name names the game in errors.
	Name string
	// Policies are the game's policies by name (policy.Policies);
	// Default is played without -policy and listed first.
	Policies *registry.Registry[P]
	Default  string
	// Unlisted are policies -policies leaves out though -policy plays
	// them: the parity test plays every listed policy on every recorded
	// input, and a slow policy no submission plays need not take its time.
	Unlisted []string
	// Think is how long the policy thinks each turn, from the arrival of
	// the turn's first line (Config.Think; -think-ms replaces it).
	Think time.Duration
	// Reader is the game's protocol (engine/<game>.Reader).
	Reader engine.Reader[O, V, A]
	// Fallback appends to dst an answer to v that the referee always
	// accepts (required). The bot makes it before each call of the
	// policy, which a late call may still be running, and sends it when
	// the policy fails or is late.
	Fallback func(v V, dst []A) []A
	// Check, when set, vets an answer given in time (Seat.Check).
	Check func(v V, acts []A) ([]A, error)
}

// Listed are the policies -policies prints, one a line: the registered
// ones less Unlisted, the default first (registry.DefaultFirst), so that
// the parity test plays the submitted policy first.
func (g *Game[O, V, A, P]) Listed() []string {
	var names []string
next:
	for _, n := range registry.DefaultFirst(g.Default, g.Policies.Names()) {
		for _, u := range g.Unlisted {
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
func (g *Game[O, V, A, P]) Main() {
	os.Exit(g.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Run parses args, then lists the policies on out or plays one game from in
// to out, logging to log. The flags are every bot's: -policy, -seed,
// -policies, -think-ms (Think), -nodeadline and -v. It returns the exit
// code: 0 when the game ended (or -policies, -h); 2 for bad flags, whose
// cause the flag package logs, or a policy the registry refuses, whose
// cause it logs; 1 when the game stopped on an error (input the player
// cannot read, output that cannot be written), which it logs.
func (g *Game[O, V, A, P]) Run(args []string, in io.Reader, out, log io.Writer) int {
	fs := flag.NewFlagSet(g.Name, flag.ContinueOnError)
	fs.SetOutput(log)
	cfg := Config{Warn: true, Log: log}
	name := fs.String("policy", g.Default, "policy: "+strings.Join(registry.DefaultFirst(g.Default, g.Policies.Names()), ", "))
	seed := fs.Int64("seed", 1, "seed of the policy's random choices")
	list := fs.Bool("policies", false, "print the listed policies, one a line, and exit")
	think := fs.Int("think-ms", int(g.Think/time.Millisecond), "think time a turn in ms")
	fs.BoolVar(&cfg.NoDeadline, "nodeadline", false, "wait for the policy (tests, parity)")
	fs.BoolVar(&cfg.Verbose, "v", false, "log each turn on stderr")
	if err := fs.Parse(args); err == flag.ErrHelp {
		return 0
	} else if err != nil {
		return 2
	}
	cfg.Think = time.Duration(*think) * time.Millisecond
	if *list {
		fmt.Fprintln(out, strings.Join(g.Listed(), "\n"))
		return 0
	}
	pol, err := g.Policies.Make(*name, *seed)
	if err != nil {
		fmt.Fprintf(log, "%s: %v\n", g.Name, err)
		return 2
	}
	if g.Reader.Input != nil {
		in = g.Reader.Input(in)
	}
	if err := Run(in, out, g.Player(pol, cfg), cfg); err != nil {
		fmt.Fprintf(log, "%s: %v\n", g.Name, err)
		return 1
	}
	return 0
}

// Player is the player of pol for one game, its seat timed by cfg.Clock
// (nil: the wall clock); with cfg.Verbose it logs a search's iterations to
// cfg.Log.
func (g *Game[O, V, A, P]) Player(pol P, cfg Config) *Bot[O, V, A] {
	b := &Bot[O, V, A]{r: g.Reader, fallback: g.Fallback, obs: g.Reader.Observer()}
	b.Seat = Seat[V, A]{Policy: pol, Check: g.Check, Guard: Guard[[]A]{Clock: cfg.Clock},
		// made before the call (Reply)
		Fallback: func(_ V, dst []A) []A { return append(dst, b.safe...) },
	}
	if cfg.Verbose {
		b.log = cfg.Log
	}
	return b
}

// Bot is the one Player of every game: it reads the referee's blocks
// through the game's engine.Reader, rebuilds each turn's view with its
// observer, asks the policy through Seat and prints the answer's lines.
type Bot[O, V, A any] struct {
	// Seat plays the policy; tests read its guard (Busy).
	Seat Seat[V, A]

	r        engine.Reader[O, V, A]
	fallback func(V, []A) []A
	obs      O
	init     []string
	first    []string // init until the observer has been given it
	input    []string
	safe     []A       // the turn's fallback
	log      io.Writer // with -v: a search's iterations per turn
}

// ReadInit implements Player.
func (b *Bot[O, V, A]) ReadInit(in *Input) (err error) {
	b.init, err = b.r.Init(b.obs, in.Line)
	b.first = b.init
	return err
}

// ReadTurn implements Player: the turn is checked against the referee's
// limits as it is read, so that input the bot cannot trust ends the game
// with an error rather than reaching the policy.
func (b *Bot[O, V, A]) ReadTurn(first string, in *Input) (err error) {
	b.input, err = b.r.Turn(b.obs, b.init, first, in.Line)
	return err
}

// Reply implements Player: the policy's answer, or the fallback when it
// fails or is late, or the engine's blind answer when the view cannot be
// rebuilt. The observer sees every turn, even one answered blind, so that
// what it counts stays right.
func (b *Bot[O, V, A]) Reply(turn int, think, deadline time.Time, dst []byte) ([]byte, error) {
	v, err := b.r.View(b.obs, b.first, b.input)
	b.first = nil
	if err != nil {
		return appendLines(dst, b.r.Blind(b.input)), fmt.Errorf("blind: %w", err)
	}
	b.safe = b.fallback(v, b.safe[:0])
	acts, why := b.Seat.Reply(think, deadline, v)
	if it, ok := b.Seat.Policy.(interface{ Iterations() int }); ok && why == nil && b.log != nil {
		// read only when the call returned in time: a late one still runs
		fmt.Fprintf(b.log, "turn %d: %d iterations\n", turn, it.Iterations())
	}
	return appendLines(dst, b.r.Lines(v, acts)), why
}

// appendLines appends each line and a newline to dst.
func appendLines(dst []byte, lines []string) []byte {
	for _, l := range lines {
		dst = append(append(dst, l...), '\n')
	}
	return dst
}
