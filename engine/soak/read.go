package soak

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// Reader is Soak Overflow's protocol as its bot reads it (engine.Reader).
var Reader = engine.Reader[*Observer, *View, Action]{
	Observer: func() *Observer { return new(Observer) },
	Init:     readInit,
	Turn:     readTurn,
	View: func(o *Observer, init, input []string) (*View, error) {
		v, err := o.ObserveView(init, input)
		if err != nil {
			return nil, err
		}
		// the observer reuses its view
		return v.Copy(), nil
	},
	Blind: Blind,
	Lines: answerLines,
}

// answerLines are the answer of acts: one line an order.
func answerLines(_ *View, acts []Action) []string {
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = FormatAction(a)
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

// readInit reads the init block: own index, agent count, one line per
// agent, the map size, then one line per map row. The counts are checked
// before they are trusted, then the whole block (CheckInit).
func readInit(_ *Observer, in func() (string, error)) ([]string, error) {
	var init []string
	next := func() (string, error) {
		l, err := in()
		if err != nil {
			return "", fmt.Errorf("reading init line %d: %w", len(init)+1, err)
		}
		init = append(init, l)
		return l, nil
	}
	if _, err := next(); err != nil {
		return nil, err
	}
	l, err := next()
	if err != nil {
		return nil, err
	}
	n, err := count("init line 2: agent count", l, 2, MaxAgents)
	if err != nil {
		return nil, err
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
		return nil, fmt.Errorf("init line %d: map size %q", len(init), l)
	}
	h, err := count(fmt.Sprintf("init line %d: map height", len(init)), f[1], 1, MaxHeight)
	if err != nil {
		return nil, err
	}
	for i := 0; i < h; i++ {
		if _, err := next(); err != nil {
			return nil, err
		}
	}
	return init, CheckInit(init)
}

// readTurn reads a turn: after the first line (the living agent count),
// the living agents, then the own agent count. It checks the turn and the
// init lines against the referee's limits (FromInput), so that input the
// bot cannot trust ends the game with an error rather than reaching the
// policy.
func readTurn(_ *Observer, init []string, first string, next func() (string, error)) ([]string, error) {
	n, err := count("input line 1: agent count", first, 0, MaxAgents)
	if err != nil {
		return nil, err
	}
	lines := make([]string, 0, n+2)
	lines = append(lines, first)
	for i := 0; i < n+1; i++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading input line %d: %w", len(lines)+1, err)
		}
		lines = append(lines, l)
	}
	if _, _, err := FromInput(init, lines); err != nil {
		return nil, err
	}
	return lines, nil
}

// Blind hunkers every own agent without understanding the input: a line
// without an id belongs to the player's next living agent, so the own
// count on the last line is all it needs. The count is capped at a side's
// agents, so that no input makes it print more than the referee can read.
func Blind(input []string) []string {
	n := 1
	if len(input) > 0 {
		if v, err := strconv.Atoi(strings.TrimSpace(input[len(input)-1])); err == nil && v > 0 {
			n = v
		}
	}
	if n > MaxAgents/2 {
		n = MaxAgents / 2
	}
	lines := make([]string, n)
	for i := range lines {
		lines[i] = "HUNKER_DOWN"
	}
	return lines
}
