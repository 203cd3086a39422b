package caribbean

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// Reader is Coders of the Caribbean's protocol as its bot reads it
// (engine.Reader): no init block, then turns whose view the observer
// rebuilds from their input alone, but for the turn count.
var Reader = engine.Reader[*Observer, *View, Action]{
	Observer: func() *Observer { return new(Observer) },
	Init:     func(*Observer, func() (string, error)) ([]string, error) { return nil, nil },
	Turn:     readTurn,
	View: func(o *Observer, _, input []string) (*View, error) {
		v, err := o.ObserveView(input)
		if err != nil {
			return nil, err
		}
		// the observer reuses its view
		return v.Copy(), nil
	},
	Blind: Blind,
	Lines: answerLines,
}

// answerLines are the answer of acts: one line a ship.
func answerLines(_ *View, acts []Action) []string {
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = FormatAction(a)
	}
	return lines
}

// readTurn reads a turn: the own ship count (first), the entity count,
// then one line per entity. Both counts are bounded before they are
// trusted, and every number after them (CheckInput), so that input the bot
// cannot trust stops it rather than reaching the policy.
func readTurn(_ *Observer, _ []string, first string, next func() (string, error)) ([]string, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(first)); err != nil || n < 0 || n > MaxShips {
		return nil, fmt.Errorf("input line 1: bad ship count %q, want 0 to %d", first, MaxShips)
	}
	l, err := next()
	if err != nil {
		return nil, fmt.Errorf("reading the entity count: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil || n < 0 || n > MaxEntities {
		return nil, fmt.Errorf("input line 2: bad entity count %q, want 0 to %d", l, MaxEntities)
	}
	lines := append(make([]string, 0, n+2), first, l)
	for k := 0; k < n; k++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading input line %d: %w", k+3, err)
		}
		lines = append(lines, l)
	}
	return lines, CheckInput(lines)
}

// Blind is WAIT for each own ship, as the first line counts them
// (Waits).
func Blind(input []string) []string {
	n := 0
	if len(input) > 0 {
		n, _ = strconv.Atoi(strings.TrimSpace(input[0]))
	}
	return answerLines(nil, Waits(n, nil))
}

// Waits appends WAIT for n ships to dst: at least one, as an answer is
// owed even to input that cannot be read, and at most MaxShips.
func Waits(n int, dst []Action) []Action {
	if n < 1 {
		n = 1
	}
	if n > MaxShips {
		n = MaxShips
	}
	for i := 0; i < n; i++ {
		dst = append(dst, Action{Kind: Wait})
	}
	return dst
}

// Copy is an independent copy of v.
func (v *View) Copy() *View {
	return &View{
		Turn:    v.Turn,
		Ships:   append([]Ship(nil), v.Ships...),
		Mines:   append([]Mine(nil), v.Mines...),
		Balls:   append([]Cannonball(nil), v.Balls...),
		Barrels: append([]Barrel(nil), v.Barrels...),
	}
}
