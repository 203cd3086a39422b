package ocean

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// Reader is Ocean of Code's protocol as its bot reads it (engine.Reader).
// The first answer, the start cell, is asked for right after the init
// block with no line of its own; Input inserts PlaceLine there, so that it
// is a turn as every other. Each view is the observer's copy; a blind
// answer is SURFACE, which the referee always accepts.
var Reader = engine.Reader[*Observer, *View, Action]{
	// NewObserver's for seat 0, which the init block replaces
	Observer: func() *Observer { return new(Observer) },
	Init:     readInit,
	Turn:     readTurn,
	View:     (*Observer).ObserveView,
	Blind:    func([]string) []string { return []string{"SURFACE"} },
	Lines:    func(v *View, acts []Action) []string { return answerLines(v.Request == 0, acts) },
	Input:    func(r io.Reader) io.Reader { return &placeReader{r: r} },
}

// answerLines are the answer of acts: the start cell as "X Y" for the
// placement (a chain of another length there is no cell, which the
// referee refuses), else the chain on one line.
func answerLines(place bool, acts []Action) []string {
	if !place {
		return []string{FormatActions(acts)}
	}
	if len(acts) != 1 {
		return []string{""}
	}
	return []string{strconv.Itoa(acts[0].X) + " " + strconv.Itoa(acts[0].Y)}
}

// initLines is the init block's length: the size line and the map rows.
const initLines = 1 + Size

// readInit reads the size and our index, then the map, as o will read
// them (Observer.Check).
func readInit(o *Observer, next func() (string, error)) ([]string, error) {
	init := make([]string, 0, initLines)
	for i := 0; i < initLines; i++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading init line %d: %w", i+1, err)
		}
		init = append(init, l)
	}
	return init, o.Check(init, nil)
}

// readTurn reads the placement (PlaceLine before o has seen the init
// block, no input), or a turn's three lines, every number within the
// referee's limits (Observer.Check), so that input the bot cannot trust
// stops it rather than reaching the policy.
func readTurn(o *Observer, _ []string, first string, next func() (string, error)) ([]string, error) {
	if first == PlaceLine && !o.inited {
		return nil, nil
	}
	input := append(make([]string, 0, 3), first)
	for k := 1; k < 3; k++ {
		l, err := next()
		if err != nil {
			return nil, fmt.Errorf("reading turn line %d: %w", k+1, err)
		}
		input = append(input, l)
	}
	return input, o.Check(nil, input)
}

// PlaceLine is the line placeReader inserts after the init block: the
// placement request, which the referee makes without any input line.
const PlaceLine = "PLACE"

// placeReader passes the referee's input through, inserting PlaceLine
// right after the init block, so that the bot's turn loop, which starts a
// turn when a line arrives, answers the placement at once (and times it as
// the first turn).
type placeReader struct {
	r     io.Reader
	lines int  // newlines passed so far, up to initLines
	sent  bool // PlaceLine was inserted
}

// Read implements io.Reader.
func (p *placeReader) Read(b []byte) (int, error) {
	if p.lines == initLines && !p.sent {
		p.sent = true
		return copy(b, PlaceLine+"\n"), nil
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
