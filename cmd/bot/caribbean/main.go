// Command caribbean is a Coders of the Caribbean bot for CodinGame: it reads
// the referee's protocol on stdin and prints one order per ship afloat each
// turn.
//
//	caribbean [-policy NAME] [-policies] [-seed N] [-first-ms 900] [-turn-ms 35] [-nodeadline] [-v]
//
// Policies: smitsi (default: the shared Smitsimax search over every ship of
// both players, from the view, until about 29 ms), search (the network's
// choices improved by play on the turn rebuilt from the view, until about
// 20 ms), net (the network alone), greedy and random.
//
// The engine's Observer rebuilds the player's view from each turn's input
// (the turn count is the only thing it carries). The turn guard
// (internal/bot) prints WAIT for every ship when the policy has not
// answered before the deadline, which is counted from the arrival of the
// turn's first input line, as CodinGame counts it. Debug output goes to
// stderr only.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/bot"
)

// defaultPolicy is the policy played without -policy: the shared search
// (features/caribbean/policy.Smitsi), which beat greedy and the earlier
// default, search, in-process over seeds 1 to 50 in both seats.
const defaultPolicy = "smitsi"

func main() {
	name := flag.String("policy", defaultPolicy, "policy: "+strings.Join(policyNames(), ", "))
	seed := flag.Int64("seed", 1, "seed of the random policy")
	firstMS := flag.Int("first-ms", 900, "answer deadline of the first turn, in milliseconds")
	turnMS := flag.Int("turn-ms", 35, "answer deadline of later turns, in milliseconds")
	list := flag.Bool("policies", false, "print the policy names, one a line, and exit (the bundle parity test plays each)")
	cfg := bot.Config{Warn: true, Log: os.Stderr}
	cfg.AddFlags(flag.CommandLine)
	flag.Parse()
	if *list {
		fmt.Println(strings.Join(policyNames(), "\n"))
		return
	}
	pol, err := policy.New(*name, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	cfg.First = time.Duration(*firstMS) * time.Millisecond
	cfg.Turn = time.Duration(*turnMS) * time.Millisecond
	if err := bot.Run(os.Stdin, os.Stdout, &player{pol: pol}, cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// policyNames lists the -policy choices, the default first.
func policyNames() []string {
	names := []string{defaultPolicy}
	for _, n := range policy.Names() {
		if n != defaultPolicy {
			names = append(names, n)
		}
	}
	return names
}

// player is Coders of the Caribbean's side of the turn loop around one
// policy.
type player struct {
	pol   policy.Policy
	guard bot.Guard[[]caribbean.Action]
	// acts is the policy's buffer, handed back to it each turn; a late
	// call keeps it until the guard has dropped its result
	acts  []caribbean.Action
	obs   caribbean.Observer
	lines []string // the turn's input: the two counts, then the entities
}

// ReadInit implements bot.Player: the game has no init block.
func (p *player) ReadInit(*bot.Input) error { return nil }

// ReadTurn implements bot.Player: the own ship count (first), the entity
// count, then one line per entity.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	l, err := in.Line()
	if err != nil {
		return fmt.Errorf("reading the entity count: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil || n < 0 || n > 10000 {
		return fmt.Errorf("bad entity count %q", l)
	}
	p.lines = append(p.lines[:0], first, l)
	for k := 0; k < n; k++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading entity line: %w", err)
		}
		p.lines = append(p.lines, l)
	}
	return nil
}

// Reply implements bot.Player: the policy's orders, one line per ship, or
// WAIT for every ship when the input cannot be read or the policy fails or
// is late.
func (p *player) Reply(turn int, deadline time.Time, dst []byte) ([]byte, error) {
	ships, _ := strconv.Atoi(strings.TrimSpace(p.lines[0]))
	// the observer sees every turn, even one answered blind, so that the
	// turn count stays right
	ov, err := p.obs.ObserveView(p.lines)
	if err != nil {
		return waits(dst, ships), err
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	v := copyView(ov)
	pol, buf := p.pol, p.acts
	acts, why := p.guard.Act(deadline, pol, func() []caribbean.Action { return pol.Act(v, buf[:0]) })
	if why != nil {
		return waits(dst, ships), why
	}
	p.acts = acts
	for i := 0; i < ships; i++ {
		a := caribbean.Action{Kind: caribbean.Wait}
		if i < len(acts) {
			a = acts[i]
		}
		dst = append(append(dst, caribbean.FormatAction(a)...), '\n')
	}
	return dst, nil
}

// waits is the fallback answer: WAIT for each of n ships (at least one
// line, so a broken input still gets an answer).
func waits(dst []byte, n int) []byte {
	if n < 1 {
		n = 1
	}
	for i := 0; i < n; i++ {
		dst = append(dst, "WAIT\n"...)
	}
	return dst
}

// copyView is an independent copy of v.
func copyView(v *caribbean.View) *caribbean.View {
	return &caribbean.View{
		Turn:    v.Turn,
		Ships:   append([]caribbean.Ship(nil), v.Ships...),
		Mines:   append([]caribbean.Mine(nil), v.Mines...),
		Balls:   append([]caribbean.Cannonball(nil), v.Balls...),
		Barrels: append([]caribbean.Barrel(nil), v.Barrels...),
	}
}
