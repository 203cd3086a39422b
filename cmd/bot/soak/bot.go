package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/bot"
)

// player is Soak Overflow's side of the turn loop: it reads the protocol,
// rebuilds the player's view and asks the policy through its seat.
type player struct {
	seat  bot.Seat[*soak.View, soak.Action]
	obs   soak.Observer
	init  []string
	input []string
	log   io.Writer // with -v: the search's iterations per turn
	// the turn's state and seat, and its safe orders, all made before the
	// policy's call, as a late call may still be reading the view
	st   *soak.State
	me   int
	safe []soak.Action
}

// newPlayer is the player of pol, its seat timed by cfg.Clock (nil: the
// wall clock); with cfg.Verbose it logs the search's iterations to cfg.Log.
func newPlayer(pol policy.Policy, cfg bot.Config) *player {
	p := &player{}
	p.seat = bot.Seat[*soak.View, soak.Action]{Policy: pol, Guard: bot.Guard[[]soak.Action]{Clock: cfg.Clock},
		// the policy's orders with a safe order for every agent it left out
		Check: func(_ *soak.View, acts []soak.Action) ([]soak.Action, error) {
			return policy.Complete(p.st, p.me, acts, nil), nil
		},
		// the safe orders made before the call
		Fallback: func(_ *soak.View, dst []soak.Action) []soak.Action { return append(dst, p.safe...) },
	}
	if cfg.Verbose {
		p.log = cfg.Log
	}
	return p
}

// Reply implements bot.Player: the policy's orders completed with a safe
// order for every agent it left out, or the safe orders alone when it
// fails or is late.
func (p *player) Reply(turn int, deadline time.Time, dst []byte) ([]byte, error) {
	ov, err := p.obs.ObserveView(p.init, p.input)
	if err != nil {
		for _, l := range blindAnswer(p.input) {
			dst = append(append(dst, l...), '\n')
		}
		return dst, fmt.Errorf("blind: %v", err)
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	v := ov.Copy()
	p.st, p.me = v.State(), v.Me
	p.safe = policy.Fallback(p.st, p.me, p.safe[:0])
	acts, why := p.seat.Reply(deadline, v)
	if it, ok := p.seat.Policy.(interface{ Iterations() int }); ok && why == nil && p.log != nil {
		// read only when the call returned in time: a late one still runs
		fmt.Fprintf(p.log, "turn %d: %d iterations\n", turn, it.Iterations())
	}
	for _, a := range acts {
		dst = append(append(dst, soak.FormatAction(a)...), '\n')
	}
	return dst, why
}

// blindAnswer hunkers every own agent without understanding the input: a
// line without an id belongs to the player's next living agent, so the own
// count on the last line is all it needs. The count is capped at a side's
// agents, so that no input makes it print more than the referee can read.
func blindAnswer(input []string) []string {
	n := 1
	if len(input) > 0 {
		if v, err := strconv.Atoi(strings.TrimSpace(input[len(input)-1])); err == nil && v > 0 {
			n = v
		}
	}
	if n > soak.MaxAgents/2 {
		n = soak.MaxAgents / 2
	}
	lines := make([]string, n)
	for i := range lines {
		lines[i] = "HUNKER_DOWN"
	}
	return lines
}

// count reads the number on line l of the block what, which must lie in
// [lo, hi]: each count says how many lines follow, so one out of the
// referee's limits would make the bot read or allocate without bound.
func count(what string, l string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil {
		return 0, fmt.Errorf("%s %q: %v", what, l, err)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%s %d out of [%d, %d]", what, n, lo, hi)
	}
	return n, nil
}

// ReadInit implements bot.Player: own index, agent count, one line per
// agent, the map size, then one line per map row. The counts are checked
// before they are trusted, then the whole block (soak.CheckInit).
func (p *player) ReadInit(in *bot.Input) error {
	p.init = p.init[:0]
	next := func() (string, error) {
		l, err := in.Line()
		if err != nil {
			return "", fmt.Errorf("reading init line %d: %w", len(p.init)+1, err)
		}
		p.init = append(p.init, l)
		return l, nil
	}
	if _, err := next(); err != nil {
		return err
	}
	l, err := next()
	if err != nil {
		return err
	}
	n, err := count("init line 2: agent count", l, 2, soak.MaxAgents)
	if err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		if _, err := next(); err != nil {
			return err
		}
	}
	if l, err = next(); err != nil {
		return err
	}
	f := strings.Fields(l)
	if len(f) != 2 {
		return fmt.Errorf("init line %d: map size %q", len(p.init), l)
	}
	h, err := count(fmt.Sprintf("init line %d: map height", len(p.init)), f[1], 1, soak.MaxHeight)
	if err != nil {
		return err
	}
	for i := 0; i < h; i++ {
		if _, err := next(); err != nil {
			return err
		}
	}
	return soak.CheckInit(p.init)
}

// ReadTurn implements bot.Player: after the first line (the living agent
// count), the living agents, then the own agent count. It reads into a
// fresh slice, as the observer may keep the last one, and checks the turn
// and the init lines against the referee's limits (soak.FromInput), so
// that input the bot cannot trust ends the game with an error rather than
// reaching the policy.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	n, err := count("input line 1: agent count", first, 0, soak.MaxAgents)
	if err != nil {
		return err
	}
	lines := make([]string, 0, n+2)
	lines = append(lines, first)
	for i := 0; i < n+1; i++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading input line %d: %w", len(lines)+1, err)
		}
		lines = append(lines, l)
	}
	if _, _, err := soak.FromInput(p.init, lines); err != nil {
		return err
	}
	p.input = lines
	return nil
}
