package grass

import (
	"fmt"

	"cgpolicy/engine"
)

// Reader is Keep Off The Grass's protocol as its bot reads it
// (engine.Reader). Each turn is rebuilt from its input alone, but for the
// turn and stable counts the observer keeps; a blind answer is WAIT.
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
	Blind: func([]string) []string { return []string{"WAIT"} },
	Lines: answerLines,
}

// answerLines are the answer of acts: every order on one line, WAIT for
// none.
func answerLines(_ *View, acts []Action) []string { return []string{Format(acts)} }

// readInit reads the init line, the map's width and height, within the
// referee's limits (ParseInit), as they size every turn.
func readInit(_ *Observer, next func() (string, error)) ([]string, error) {
	l, err := next()
	if err != nil {
		return nil, fmt.Errorf("reading init line: %w", err)
	}
	if _, _, err := ParseInit(l); err != nil {
		return nil, err
	}
	return []string{l}, nil
}

// readTurn reads the matter line, then one line per cell, each number
// within the referee's limits (ParseView), so that input the bot cannot
// trust stops it rather than reaching the policy.
func readTurn(_ *Observer, init []string, first string, next func() (string, error)) ([]string, error) {
	w, h, err := ParseInit(init[0])
	if err != nil {
		return nil, err
	}
	lines := make([]string, 1+w*h)
	lines[0] = first
	for k := 1; k < len(lines); k++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading input line %d: %w", k+1, err)
		}
		lines[k] = l
	}
	if _, err := ParseView(init[0], lines); err != nil {
		return nil, err
	}
	return lines, nil
}
