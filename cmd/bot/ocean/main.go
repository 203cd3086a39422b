// Command ocean is an Ocean of Code bot for CodinGame: it reads the
// referee's protocol on stdin and prints one answer line per request.
//
//	ocean [-policy search|greedy|net|random] [-policies] [-seed N] [-first-ms 900] [-turn-ms 30] [-nodeadline] [-v]
//
// The policy remembers the game between turns (its own path since it last
// surfaced, the tracker of the opponent), as the input repeats neither.
// The first answer, the start cell, is asked for right after the init
// lines with no turn input; the bot gives it a turn of its own (see
// placeReader). The turn guard (internal/bot) answers SURFACE, which the
// referee always accepts, when the policy is late; debug output goes to
// stderr only.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/bot"
)

// defaultPolicy is the policy the bot plays unless told otherwise.
const defaultPolicy = "search"

func main() {
	name := flag.String("policy", defaultPolicy, "policy: "+strings.Join(policyNames(), " or "))
	seed := flag.Int64("seed", 1, "seed of the random policy")
	firstMS := flag.Int("first-ms", 900, "answer deadline of the placement, in milliseconds")
	turnMS := flag.Int("turn-ms", 30, "answer deadline of later turns, in milliseconds")
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
	if err := bot.Run(&placeReader{r: os.Stdin}, os.Stdout, &player{pol: pol, noDeadline: cfg.NoDeadline}, cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// policyNames lists the -policy choices, the default first.
func policyNames() []string {
	names := policy.Names()
	sort.SliceStable(names, func(i, j int) bool { return names[i] == defaultPolicy && names[j] != defaultPolicy })
	return names
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
	pol        policy.Policy
	noDeadline bool
	guard      bot.Guard[[]ocean.Action]
	// acts is the policy's buffer, handed back to it each turn; a late
	// call keeps it until the guard has dropped its result
	acts  []ocean.Action
	obs   *ocean.Observer
	init  []string
	input []string // the turn's three lines, nil for the placement
	// placed is set once the placement was read: placeLine comes once
	placed bool
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
		return p.fallback(dst, nil), err
	}
	v := ev.(*ocean.View)
	pol, buf := p.pol, p.acts
	acts, why := p.guard.Act(deadline, pol, func() []ocean.Action { return pol.Act(v, buf[:0]) })
	if why != nil {
		return p.fallback(dst, v), why
	}
	p.acts = acts
	if v.Request == 0 {
		if len(acts) != 1 {
			return p.fallback(dst, v), fmt.Errorf("placement with %d actions", len(acts))
		}
		return append(dst, fmt.Sprintf("%d %d\n", acts[0].X, acts[0].Y)...), nil
	}
	return append(dst, ocean.FormatActions(acts)+"\n"...), nil
}

// fallback is the answer that is never fatal: a water start cell, or
// SURFACE.
func (p *player) fallback(dst []byte, v *ocean.View) []byte {
	if v != nil && v.Request == 0 {
		for c := 0; c < ocean.Cells; c++ {
			if !v.Island[c] {
				return append(dst, fmt.Sprintf("%d %d\n", c%ocean.Size, c/ocean.Size)...)
			}
		}
	}
	return append(dst, "SURFACE\n"...)
}
