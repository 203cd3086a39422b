// Command ocean is an Ocean of Code bot for CodinGame: it reads the
// referee's protocol on stdin and prints one answer line per request.
//
//	ocean [-policy NAME] [-policies] [-seed N] [-first-ms 900] [-turn-ms 40] [-nodeadline] [-v]
//
// The policy remembers the game between turns (its own path since it last
// surfaced, the tracker of the opponent), as the input repeats neither; it
// plays through internal/bot's Seat, which shows it every view and tells
// it the answer sent, so that a late turn cannot corrupt that memory.
// The first answer, the start cell, is asked for right after the init
// lines with no turn input; the bot gives it a turn of its own (see
// placeReader). The turn guard (internal/bot) answers SURFACE, which the
// referee always accepts, when the policy is late; debug output goes to
// stderr only.
package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/bot"
)

// defaultPolicy is the policy the bot plays unless told otherwise.
const defaultPolicy = "smitsi"

func main() { command.Main() }

// command is the bot's command line (bot.Command owns the flags). The
// first turn is the placement, which placeReader makes a turn of its own.
var command = bot.Command[policy.Policy]{
	Game: "ocean", Default: defaultPolicy, Names: policy.Policies.Names, New: policy.Policies.Make,
	Limits: bot.Config{First: 900 * time.Millisecond, Turn: 40 * time.Millisecond},
	Player: func(pol policy.Policy, cfg bot.Config) bot.Player { return newPlayer(pol, cfg.Clock) },
	Input:  func(r io.Reader) io.Reader { return &placeReader{r: r} },
}

// placeLine is the line placeReader inserts after the init block: the
// placement request, which the referee makes without any input line.
const placeLine = "PLACE"

// initLines is the init block's length: the size line and the map rows.
const initLines = 1 + ocean.Size

// placeReader passes the referee's input through, inserting placeLine
// right after the init block, so that the shared turn loop, which starts a
// turn when a line arrives, answers the placement at once (and times it as
// the first turn).
type placeReader struct {
	r     io.Reader
	lines int  // newlines passed so far, up to initLines
	sent  bool // placeLine was inserted
}

// Read implements io.Reader.
func (p *placeReader) Read(b []byte) (int, error) {
	if p.lines == initLines && !p.sent {
		p.sent = true
		return copy(b, placeLine+"\n"), nil
	}
	n, err := p.r.Read(b)
	if p.lines < initLines {
		for i := 0; i < n; i++ {
			if b[i] != '\n' {
				continue
			}
			p.lines++
			if p.lines == initLines {
				// the rest goes after the placement line
				rest := append([]byte(nil), b[i+1:n]...)
				p.r = io.MultiReader(strings.NewReader(string(rest)), p.r)
				return i + 1, nil
			}
		}
	}
	return n, err
}

// player is Ocean of Code's side of the turn loop around one policy.
type player struct {
	seat  bot.Seat[*ocean.View, ocean.Action]
	obs   *ocean.Observer
	init  []string
	input []string // the turn's three lines, nil for the placement
	// placed is set once the placement was read: placeLine comes once
	placed bool
}

// newPlayer is the player of pol, its turns timed by clock (nil: the wall
// clock).
func newPlayer(pol policy.Policy, clock bot.Clock) *player {
	return &player{seat: bot.Seat[*ocean.View, ocean.Action]{Policy: pol, Check: checkPlace, Fallback: fallback, Guard: bot.Guard[[]ocean.Action]{Clock: clock}}}
}

// ReadInit implements bot.Player: the size and our index, then the map.
func (p *player) ReadInit(in *bot.Input) error {
	p.init = make([]string, 0, initLines)
	for i := 0; i < initLines; i++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading init line %d: %w", i+1, err)
		}
		p.init = append(p.init, l)
	}
	p.obs = ocean.Game{}.NewObserver(0).(*ocean.Observer)
	if _, err := p.obs.Observe(p.init, nil); err != nil {
		return err
	}
	return nil
}

// ReadTurn implements bot.Player: the placement, or a turn's three lines,
// every number within the referee's limits (Observer.Check), so that input
// the bot cannot trust stops it rather than reaching the policy.
func (p *player) ReadTurn(first string, in *bot.Input) error {
	if first == placeLine && !p.placed {
		p.input, p.placed = nil, true
		return nil
	}
	p.input = append(p.input[:0], first)
	for k := 1; k < 3; k++ {
		l, err := in.Line()
		if err != nil {
			return fmt.Errorf("reading turn line %d: %w", k+1, err)
		}
		p.input = append(p.input, l)
	}
	return p.obs.Check(nil, p.input)
}

// Reply implements bot.Player: the start cell, or the policy's chain on
// one line; SURFACE when the input cannot be read or the policy fails or
// is late (a fallback start cell is the first water cell).
func (p *player) Reply(turn int, deadline time.Time, dst []byte) ([]byte, error) {
	ev, err := p.obs.Observe(nil, p.input)
	if err != nil {
		return append(dst, "SURFACE\n"...), err
	}
	v := ev.(*ocean.View)
	acts, why := p.seat.Reply(deadline, v)
	if v.Request == 0 {
		return append(dst, fmt.Sprintf("%d %d\n", acts[0].X, acts[0].Y)...), why
	}
	return append(dst, ocean.FormatActions(acts)+"\n"...), why
}

// checkPlace refuses a placement that is not one start cell.
func checkPlace(v *ocean.View, acts []ocean.Action) ([]ocean.Action, error) {
	if v.Request == 0 && len(acts) != 1 {
		return acts, fmt.Errorf("placement with %d actions", len(acts))
	}
	return acts, nil
}

// fallback is the answer that is never fatal: the first water cell as the
// start, then SURFACE.
func fallback(v *ocean.View, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		for c := 0; c < ocean.Cells; c++ {
			if !v.Island[c] {
				return append(dst, ocean.Action{X: c % ocean.Size, Y: c / ocean.Size})
			}
		}
	}
	return append(dst, ocean.Action{Kind: ocean.SurfaceAct})
}
