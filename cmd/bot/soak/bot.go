package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// config is the bot's command line.
type config struct {
	Policy     string
	Seed       int64
	NoDeadline bool
	First      time.Duration // limit of the first turn
	Turn       time.Duration // limit of every later turn
	Margin     time.Duration // kept back from each limit
	Verbose    bool
}

// result is a policy's answer coming back from its goroutine.
type result struct {
	acts []soak.Action
	err  error
}

// bot plays one game; it keeps the policy and the turn still running late.
type bot struct {
	cfg     config
	pol     policy.Policy
	pending chan result // non-nil while a policy call that missed its deadline runs
	obs     soak.Observer
}

// run plays one game from in to out. It returns when the referee closes the
// input; errors are for input it cannot read at all.
func run(in io.Reader, out, log io.Writer, cfg config) error {
	pol, err := policy.New(cfg.Policy, cfg.Seed)
	if err != nil {
		return err
	}
	return play(in, out, log, cfg, pol)
}

// play is run with the policy given.
func play(in io.Reader, out, log io.Writer, cfg config, pol policy.Policy) error {
	b := &bot{cfg: cfg, pol: pol}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	w := bufio.NewWriter(out)
	init, err := readInit(sc)
	if err != nil {
		return err
	}
	for turn := 0; ; turn++ {
		if !sc.Scan() {
			return sc.Err()
		}
		start := time.Now()
		input, err := readTurn(sc, sc.Text())
		if err != nil {
			return err
		}
		limit := cfg.Turn
		if turn == 0 {
			limit = cfg.First
		}
		var deadline time.Time
		if !cfg.NoDeadline {
			deadline = start.Add(limit - cfg.Margin)
		}
		lines, how := b.answer(init, input, turn, deadline)
		for _, l := range lines {
			w.WriteString(l)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			return err
		}
		if cfg.Verbose {
			fmt.Fprintf(log, "turn %d: %s in %v\n", turn, how, time.Since(start))
		}
	}
}

// answer returns the lines for one turn and how they were made.
func (b *bot) answer(init, input []string, turn int, deadline time.Time) ([]string, string) {
	ov, err := b.obs.ObserveView(init, input)
	if err != nil {
		return blindAnswer(input), "blind (" + err.Error() + ")"
	}
	// the policy gets its own copy: a late call may still read it when the
	// observer builds the next turn's view
	v := ov.Copy()
	s, me := v.State(), v.Me
	safe := policy.Fallback(s, me, nil)
	acts, how := b.act(v, deadline)
	if acts == nil {
		acts = safe
	} else {
		acts = policy.Complete(s, me, acts, nil)
	}
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = soak.FormatAction(a)
	}
	return lines, how
}

// act runs the policy, in a goroutine raced against the deadline unless
// there is none. A nil result means use the fallback.
func (b *bot) act(v *soak.View, deadline time.Time) ([]soak.Action, string) {
	if b.pending != nil {
		// the late call of an earlier turn still owns the policy: touch
		// nothing of it, its deadline included, until it returns
		select {
		case <-b.pending:
			b.pending = nil
		default:
			return nil, "fallback (policy still busy)"
		}
	}
	if d, ok := b.pol.(policy.Deadliner); ok {
		d.SetDeadline(deadline)
	}
	if deadline.IsZero() {
		r := call(b.pol, v)
		if r.err != nil {
			return nil, "fallback (" + r.err.Error() + ")"
		}
		return r.acts, "policy"
	}
	done := make(chan result, 1)
	go func() { done <- call(b.pol, v) }()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, "fallback (" + r.err.Error() + ")"
		}
		return r.acts, "policy"
	case <-timer.C:
		b.pending = done
		return nil, "fallback (deadline)"
	}
}

// call runs one policy turn, turning a panic into an error so that a bug
// costs one turn of hunkering rather than the game.
func call(p policy.Policy, v *soak.View) (r result) {
	defer func() {
		if v := recover(); v != nil {
			r = result{err: fmt.Errorf("policy panic: %v", v)}
		}
	}()
	return result{acts: p.Act(v, nil)}
}

// blindAnswer hunkers every own agent without understanding the input: a
// line without an id belongs to the player's next living agent, so the own
// count on the last line is all it needs.
func blindAnswer(input []string) []string {
	n := 1
	if len(input) > 0 {
		if v, err := strconv.Atoi(strings.TrimSpace(input[len(input)-1])); err == nil && v > 0 {
			n = v
		}
	}
	lines := make([]string, n)
	for i := range lines {
		lines[i] = "HUNKER_DOWN"
	}
	return lines
}

// readInit reads the init block: own index, agent count, one line per
// agent, the map size, then one line per map row.
func readInit(sc *bufio.Scanner) ([]string, error) {
	var lines []string
	next := func() (string, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return "", err
			}
			return "", io.ErrUnexpectedEOF
		}
		lines = append(lines, sc.Text())
		return sc.Text(), nil
	}
	if _, err := next(); err != nil {
		return nil, err
	}
	l, err := next()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil {
		return nil, fmt.Errorf("agent count %q: %v", l, err)
	}
	for i := 0; i < n; i++ {
		if _, err := next(); err != nil {
			return nil, err
		}
	}
	if l, err = next(); err != nil {
		return nil, err
	}
	f := strings.Fields(l)
	if len(f) != 2 {
		return nil, fmt.Errorf("map size %q", l)
	}
	h, err := strconv.Atoi(f[1])
	if err != nil {
		return nil, fmt.Errorf("map size %q: %v", l, err)
	}
	for i := 0; i < h; i++ {
		if _, err := next(); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// readTurn reads one turn's input after its first line: the living agents,
// then the own agent count.
func readTurn(sc *bufio.Scanner, first string) ([]string, error) {
	n, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return nil, fmt.Errorf("agent count %q: %v", first, err)
	}
	lines := []string{first}
	for i := 0; i < n+1; i++ {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, err
			}
			return nil, io.ErrUnexpectedEOF
		}
		lines = append(lines, sc.Text())
	}
	return lines, nil
}
