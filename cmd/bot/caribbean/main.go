// Command caribbean is a Coders of the Caribbean bot for CodinGame: it reads
// the referee's protocol on stdin and prints one order per ship afloat each
// turn.
//
//	caribbean [-policy NAME] [-policies] [-seed N] [-first-ms 900] [-turn-ms 35] [-nodeadline] [-v]
//
// Policies: smitsi (default: the shared Smitsimax search over every ship of
// both players, from the view, until about 29 ms), net (the network
// alone), greedy and random. (search, the network's choices improved by
// play on the turn rebuilt from the view, which smitsi superseded, is the
// arena's builtin:search only.)
//
// The engine's Observer rebuilds the player's view from each turn's input
// (the turn count is the only thing it carries). The turn guard
// (internal/bot) prints WAIT for every ship when the policy has not
// answered before the deadline, which is counted from the arrival of the
// turn's first input line, as CodinGame counts it. Debug output goes to
// stderr only.
package main

import (
	"fmt"
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

func main() { command.Main() }

// command is the bot's command line (bot.Command owns the flags).
var command = bot.Command[policy.Policy]{
	Game: "caribbean", Default: defaultPolicy, Names: policy.Policies.Names, New: policy.Policies.Make,
	Limits: bot.Config{First: 900 * time.Millisecond, Turn: 35 * time.Millisecond},
	Player: func(pol policy.Policy, cfg bot.Config) bot.Player { return newPlayer(pol, cfg.Clock) },
}

// player is Coders of the Caribbean's side of the turn loop around one
// policy.
type player struct {
	seat  bot.Seat[*caribbean.View, caribbean.Action]
	obs   caribbean.Observer
	lines []string // the turn's input: the two counts, then the entities
	ships int      // the own ship count of the turn, the orders owed
}

// newPlayer is the player of pol, its turns timed by clock (nil: the wall
// clock).
func newPlayer(pol policy.Policy, clock bot.Clock) *player {
	p := &player{}
	p.seat = bot.Seat[*caribbean.View, caribbean.Action]{Policy: pol, Check: p.oneEach, Fallback: p.waits, Guard: bot.Guard[[]caribbean.Action]{Clock: clock}}
	return p
}

// ReadInit implements bot.Player: the game has no init block.
func (p *player) ReadInit(*bot.Input) error { return nil }

// ReadTurn implements bot.Player: the own ship count (first), the entity
// count, then one line per entity. Both counts are bounded before they are
// trusted, and every number after them (caribbean.CheckInput), so that
// input the bot cannot trust stops it rather than reaching the policy.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	if n, err := strconv.Atoi(strings.TrimSpace(first)); err != nil || n < 0 || n > caribbean.MaxShips {
		return fmt.Errorf("input line 1: bad ship count %q, want 0 to %d", first, caribbean.MaxShips)
	}
	l, err := in.Line()
	if err != nil {
		return fmt.Errorf("reading the entity count: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil || n < 0 || n > caribbean.MaxEntities {
		return fmt.Errorf("input line 2: bad entity count %q, want 0 to %d", l, caribbean.MaxEntities)
	}
	p.lines = append(p.lines[:0], first, l)
	for k := 0; k < n; k++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading input line %d: %w", k+3, err)
		}
		p.lines = append(p.lines, l)
	}
	return caribbean.CheckInput(p.lines)
}

// Reply implements bot.Player: the policy's orders, one line per ship, or
// WAIT for every ship when the input cannot be read or the policy fails or
// is late.
func (p *player) Reply(turn int, deadline time.Time, dst []byte) ([]byte, error) {
	p.ships, _ = strconv.Atoi(strings.TrimSpace(p.lines[0]))
	// the observer sees every turn, even one answered blind, so that the
	// turn count stays right
	ov, err := p.obs.ObserveView(p.lines)
	if err != nil {
		for _, a := range p.waits(nil, nil) {
			dst = append(append(dst, caribbean.FormatAction(a)...), '\n')
		}
		return dst, err
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	acts, why := p.seat.Reply(deadline, copyView(ov))
	for _, a := range acts {
		dst = append(append(dst, caribbean.FormatAction(a)...), '\n')
	}
	return dst, why
}

// oneEach makes the policy's orders one per own ship, as the input counts
// them (at most MaxShips): WAIT for a ship it left out, none for a ship
// too many.
func (p *player) oneEach(_ *caribbean.View, acts []caribbean.Action) ([]caribbean.Action, error) {
	for len(acts) < p.ships && len(acts) < caribbean.MaxShips {
		acts = append(acts, caribbean.Action{Kind: caribbean.Wait})
	}
	if p.ships >= 0 && len(acts) > p.ships {
		acts = acts[:p.ships]
	}
	return acts, nil
}

// waits is the fallback answer: WAIT for each ship (at least one line, so
// a broken input still gets an answer, and at most MaxShips).
func (p *player) waits(_ *caribbean.View, dst []caribbean.Action) []caribbean.Action {
	n := p.ships
	if n < 1 {
		n = 1
	}
	if n > caribbean.MaxShips {
		n = caribbean.MaxShips
	}
	for i := 0; i < n; i++ {
		dst = append(dst, caribbean.Action{Kind: caribbean.Wait})
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
