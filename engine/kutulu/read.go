package kutulu

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// Reader is Code of Kutulu's protocol as its bot reads it (engine.Reader).
// Its views have their own lists, so the policy keeps the observer's; a
// blind answer is WAIT.
var Reader = engine.Reader[*Observer, *View, Action]{
	Observer: func() *Observer { return newObserver(0) },
	Init:     readInit,
	Turn:     readTurn,
	View:     (*Observer).ObserveView,
	Blind:    func([]string) []string { return []string{"WAIT"} },
	Lines:    answerLines,
}

// answerLines are the answer of acts: the first action, WAIT when there is none.
func answerLines(_ *View, acts []Action) []string {
	if len(acts) == 0 {
		return []string{"WAIT"}
	}
	return []string{FormatAction(acts[0])}
}

// readInit reads the init block: width, height, the rows and the per-game
// constants, the sides within the bot's limit before they size the block,
// then the whole block as o will read it (Observer.Check).
func readInit(o *Observer, next func() (string, error)) ([]string, error) {
	var init []string
	var h int
	for i := 0; i < 2; i++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading init line: %w", err)
		}
		n, err := strconv.Atoi(strings.TrimSpace(l))
		if err != nil || n <= 0 || n > MaxSize {
			return nil, fmt.Errorf("init line %d: bad maze side %q, want 1 to %d", i+1, l, MaxSize)
		}
		init, h = append(init, l), n
	}
	for y := 0; y <= h; y++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading init line: %w", err)
		}
		init = append(init, l)
	}
	return init, o.Check(init, nil)
}

// readTurn reads the entity count, then one line each, every number
// within the referee's limits (Observer.Check), so that input the bot
// cannot trust stops it rather than reaching the policy.
func readTurn(o *Observer, init []string, first string, next func() (string, error)) ([]string, error) {
	n, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || n < 0 || n > MaxEntities {
		return nil, fmt.Errorf("input line 1: bad entity count %q, want 0 to %d", first, MaxEntities)
	}
	lines := append(make([]string, 0, n+1), first)
	for k := 0; k < n; k++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading input line %d: %w", k+2, err)
		}
		lines = append(lines, l)
	}
	if o.inited {
		init = nil // read already: the check goes on from the turns observed
	}
	return lines, o.Check(init, lines)
}
