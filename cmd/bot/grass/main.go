// Command grass is a Keep Off The Grass bot for CodinGame: it reads the
// referee's protocol on stdin and prints one line of commands per turn.
//
//	grass [-policy NAME] [-policies] [-seed N] [-first-ms 900] [-turn-ms 40] [-nodeadline] [-v]
//
// Each turn rebuilds the game from the input alone, so the bot carries no
// state that could drift from the referee's. The turn guard (internal/bot)
// prints WAIT when the policy has not answered before the deadline, which
// is counted from the arrival of the turn's first input line, as CodinGame
// counts it. Debug output goes to stderr only.
package main

import (
	"fmt"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/bot"
)

func main() { command.Main() }

// command is the bot's command line (bot.Command owns the flags).
var command = bot.Command[policy.Policy]{
	Game: "grass", Default: defaultPolicy, Names: policy.Policies.Names, New: policy.Policies.Make,
	Limits: bot.Config{First: 900 * time.Millisecond, Turn: 40 * time.Millisecond},
	Player: func(pol policy.Policy, cfg bot.Config) bot.Player { return newPlayer(pol, cfg.Clock) },
}

// defaultPolicy is the shared decoupled search (smitsi), guided by the
// network, which uses the turn.
const defaultPolicy = "smitsi"

// player is Keep Off The Grass's side of the turn loop around one policy.
type player struct {
	seat  bot.Seat[*grass.View, grass.Action]
	obs   grass.Observer
	init  string
	lines []string // the turn's input: the matter line, then one line per cell
}

// newPlayer is the player of pol, its turns timed by clock (nil: the wall
// clock).
func newPlayer(pol policy.Policy, clock bot.Clock) *player {
	return &player{seat: bot.Seat[*grass.View, grass.Action]{Policy: pol, Fallback: wait, Guard: bot.Guard[[]grass.Action]{Clock: clock}}}
}

// wait is the fallback: no command, which prints as WAIT.
func wait(_ *grass.View, dst []grass.Action) []grass.Action { return dst }

// ReadInit implements bot.Player: the map's width and height, within the
// referee's limits, as they size every turn.
func (p *player) ReadInit(in *bot.Input) error {
	l, err := in.Line()
	if err != nil {
		return fmt.Errorf("reading init line: %w", err)
	}
	width, height, err := grass.ParseInit(l)
	if err != nil {
		return err
	}
	p.init = l
	p.lines = make([]string, 1+width*height)
	return nil
}

// ReadTurn implements bot.Player: the matter line, then one line per cell,
// each number within the referee's limits (grass.ParseView), so that input
// the bot cannot trust stops it rather than reaching the policy.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	p.lines[0] = first
	for k := 1; k < len(p.lines); k++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading input line %d: %w", k+1, err)
		}
		p.lines[k] = l
	}
	_, err := grass.ParseView(p.init, p.lines)
	return err
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
	acts, why := p.seat.Reply(deadline, ov.Copy())
	return append(grass.AppendFormat(dst, acts), '\n'), why
}
