// Command grass is a Keep Off The Grass bot for CodinGame: it reads the
// referee's protocol on stdin and prints one line of commands per turn.
//
//	grass [-policy greedy|random] [-seed N] [-first-ms 900] [-turn-ms 40]
//
// Each turn rebuilds the game from the input alone, so the bot carries no
// state that could drift from the referee's. A turn-time guard prints WAIT
// when the policy has not answered before the deadline, which is counted
// from the arrival of the turn's first input line, as CodinGame counts it.
// Debug output goes to stderr only.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

func main() {
	name := flag.String("policy", "greedy", "policy: greedy or random")
	seed := flag.Int64("seed", 1, "seed of the random policy")
	firstMS := flag.Int("first-ms", 900, "answer deadline of the first turn, in milliseconds")
	turnMS := flag.Int("turn-ms", 40, "answer deadline of later turns, in milliseconds")
	verbose := flag.Bool("v", false, "log each turn's time to stderr")
	flag.Parse()
	pol, err := newPolicy(*name, *seed)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	b := &bot{
		pol:     pol,
		first:   time.Duration(*firstMS) * time.Millisecond,
		turn:    time.Duration(*turnMS) * time.Millisecond,
		log:     os.Stderr,
		verbose: *verbose,
	}
	if err := b.run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// newPolicy maps a -policy name to a policy.
func newPolicy(name string, seed int64) (policy.Policy, error) {
	switch name {
	case "greedy":
		return policy.NewGreedy(), nil
	case "random":
		return policy.NewRandom(seed), nil
	}
	return nil, fmt.Errorf("unknown policy %q (want greedy or random)", name)
}

// bot is the turn loop around one policy.
type bot struct {
	pol         policy.Policy
	first, turn time.Duration
	// log receives warnings, and per-turn timings when verbose.
	log     io.Writer
	verbose bool

	// busy is set while a policy call that missed its deadline still
	// runs; done delivers its result. A late call is never overlapped by
	// a new one, because policies reuse their buffers.
	busy bool
	done chan []grass.Action
	acts []grass.Action
	obs  grass.Observer
	out  []byte
}

// run plays until stdin ends.
func (b *bot) run(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	w := bufio.NewWriter(out)
	b.done = make(chan []grass.Action, 1)
	if !sc.Scan() {
		return scanErr(sc, "init line")
	}
	init := sc.Text()
	var width, height int
	if _, err := fmt.Sscan(init, &width, &height); err != nil || width <= 0 || height <= 0 {
		return fmt.Errorf("bad init line %q", init)
	}
	lines := make([]string, 1+width*height)
	limit := b.first
	for turn := 0; ; turn++ {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return err
			}
			return nil // the game is over
		}
		start := time.Now()
		lines[0] = sc.Text()
		for k := 1; k < len(lines); k++ {
			if !sc.Scan() {
				return scanErr(sc, "cell line")
			}
			lines[k] = sc.Text()
		}
		b.out = b.answer(init, lines, start.Add(limit), b.out[:0])
		b.out = append(b.out, '\n')
		if _, err := w.Write(b.out); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if b.verbose {
			b.debugf("turn %d: %v", turn, time.Since(start))
		}
		limit = b.turn
	}
}

func scanErr(sc *bufio.Scanner, what string) error {
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", what, err)
	}
	return fmt.Errorf("reading %s: %w", what, io.ErrUnexpectedEOF)
}

// answer appends the turn's output line to dst. It never returns later than
// the deadline, bar scheduling: a slow or failed policy call yields WAIT.
func (b *bot) answer(init string, lines []string, deadline time.Time, dst []byte) []byte {
	// the observer sees every turn, even one answered blind, so that the
	// turn and stable counts stay right
	ov, err := b.obs.ObserveView([]string{init}, lines)
	if err != nil {
		b.debugf("%v: WAIT", err)
		return append(dst, "WAIT"...)
	}
	if b.busy {
		select {
		case <-b.done:
			b.busy = false
		default:
			b.debugf("previous turn still thinking: WAIT")
			return append(dst, "WAIT"...)
		}
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	v := ov.Copy()
	b.busy = true
	go func(acts []grass.Action) {
		// a policy bug costs one turn of WAIT (no actions), not the game
		defer func() {
			if recover() != nil {
				b.done <- nil
			}
		}()
		b.done <- b.pol.Act(v, acts[:0])
	}(b.acts)
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case acts := <-b.done:
		b.busy = false
		b.acts = acts
		return grass.AppendFormat(dst, acts)
	case <-timer.C:
		b.debugf("%v", errLate)
		return append(dst, "WAIT"...)
	}
}

var errLate = errors.New("policy missed the deadline: WAIT")

func (b *bot) debugf(format string, args ...interface{}) {
	if b.log != nil {
		fmt.Fprintf(b.log, format+"\n", args...)
	}
}
