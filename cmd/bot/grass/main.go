// Command grass is a Keep Off The Grass bot for CodinGame: it reads the
// referee's protocol on stdin and prints one line of commands per turn.
//
//	grass [-policy smitsi|search|net|greedy|random] [-seed N] [-first-ms 900] [-turn-ms 40] [-nodeadline] [-v]
//
// Each turn rebuilds the game from the input alone, so the bot carries no
// state that could drift from the referee's. The turn guard (internal/bot)
// prints WAIT when the policy has not answered before the deadline, which
// is counted from the arrival of the turn's first input line, as CodinGame
// counts it. Debug output goes to stderr only.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/bot"
)

func main() {
	name := flag.String("policy", defaultPolicy, "policy: "+strings.Join(policyNames(), " or "))
	seed := flag.Int64("seed", 1, "seed of the random policy")
	firstMS := flag.Int("first-ms", 900, "answer deadline of the first turn, in milliseconds")
	turnMS := flag.Int("turn-ms", 40, "answer deadline of later turns, in milliseconds")
	list := flag.Bool("policies", false, "print the policy names, one a line, and exit (the bundle parity test plays each)")
	cfg := bot.Config{Warn: true, Log: os.Stderr}
	cfg.AddFlags(flag.CommandLine)
	flag.Parse()
	if *list {
		fmt.Println(strings.Join(policyNames(), "\n"))
		return
	}
	pol, err := newPolicy(*name, *seed)
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

// defaultPolicy is the shared decoupled search (smitsi), guided by the
// network, which uses the turn.
const defaultPolicy = "smitsi"

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

// newPolicy maps a -policy name to a policy.
func newPolicy(name string, seed int64) (policy.Policy, error) {
	return policy.New(name, seed)
}

// player is Keep Off The Grass's side of the turn loop around one policy.
type player struct {
	pol   policy.Policy
	guard bot.Guard[[]grass.Action]
	// acts is the policy's buffer, handed back to it each turn; a late
	// call keeps it until the guard has dropped its result
	acts  []grass.Action
	obs   grass.Observer
	init  string
	lines []string // the turn's input: the matter line, then one line per cell
}

// ReadInit implements bot.Player: the map's width and height.
func (p *player) ReadInit(in *bot.Input) error {
	l, err := in.Line()
	if err != nil {
		return fmt.Errorf("reading init line: %w", err)
	}
	var width, height int
	if _, err := fmt.Sscan(l, &width, &height); err != nil || width <= 0 || height <= 0 {
		return fmt.Errorf("bad init line %q", l)
	}
	p.init = l
	p.lines = make([]string, 1+width*height)
	return nil
}

// ReadTurn implements bot.Player: the matter line, then one line per cell.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	p.lines[0] = first
	for k := 1; k < len(p.lines); k++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading cell line: %w", err)
		}
		p.lines[k] = l
	}
	return nil
}

// Reply implements bot.Player: the policy's commands on one line, or WAIT
// when the input cannot be read or the policy fails or is late.
func (p *player) Reply(turn int, deadline time.Time, dst []byte) ([]byte, error) {
	// the observer sees every turn, even one answered blind, so that the
	// turn and stable counts stay right
	ov, err := p.obs.ObserveView([]string{p.init}, p.lines)
	if err != nil {
		return append(dst, "WAIT\n"...), err
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	v := ov.Copy()
	pol, buf := p.pol, p.acts
	acts, why := p.guard.Act(deadline, pol, func() []grass.Action { return pol.Act(v, buf[:0]) })
	if why != nil {
		return append(dst, "WAIT\n"...), why
	}
	p.acts = acts
	return append(grass.AppendFormat(dst, acts), '\n'), nil
}
