package grass

import (
	"fmt"
	"math"
	"strconv"

	"cgpolicy/engine"
)

var _ engine.State = (*State)(nil)

// Clone implements engine.State; the copy shares only the immutable board.
func (s *State) Clone() engine.State { return s.Copy() }

// InitLines implements engine.State: "width height".
func (s *State) InitLines(p int) []string {
	return []string{strconv.Itoa(s.b.W) + " " + strconv.Itoa(s.b.H)}
}

// Pending implements engine.State: every active seat, in seat order.
func (s *State) Pending() []int {
	var out []int
	for p := 0; p < 2; p++ {
		if s.asked[p] {
			out = append(out, p)
		}
	}
	return out
}

// ExpectedLines implements engine.State.
func (s *State) ExpectedLines(p int) int { return 1 }

// InputLines implements engine.State: the matter line, then one line per
// cell, seen from seat p (owner 1 is p, 0 the opponent).
func (s *State) InputLines(p int) []string {
	q := 1 - p
	lines := make([]string, 0, 1+len(s.cells))
	lines = append(lines, strconv.Itoa(s.matter[p])+" "+strconv.Itoa(s.matter[q]))
	var buf []byte
	for i, c := range s.cells {
		owner, units := -1, c.Units[q]
		switch int(c.Owner) {
		case p:
			owner, units = 1, c.Units[p]
		case q:
			owner = 0
		}
		buf = strconv.AppendInt(buf[:0], int64(c.Scrap), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(owner), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(units), 10)
		buf = append(buf, ' ', bit(c.Recycler), ' ',
			bit(owner == 1 && !c.Recycler && units == 0), ' ',
			bit(owner == 1 && !c.Recycler), ' ',
			bit(s.InRecyclerRange(i)))
		lines = append(lines, string(buf))
	}
	return lines
}

func bit(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}

// Answer implements engine.State. A missing line is a timeout and a bad
// command a fatal error: either deactivates p. The commands read before a
// bad one are kept, so its BUILDs still happen this turn.
func (s *State) Answer(p int, lines []string) error {
	if p < 0 || p > 1 || !s.asked[p] || s.answered[p] {
		return fmt.Errorf("%w: player %d may not answer now", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	if len(lines) == 0 {
		s.active[p] = false
		return &engine.Deactivation{Player: p, Timeout: true, Reason: fmt.Sprintf("player %d timeout: has not provided 1 lines in time", p)}
	}
	var err error
	s.orders[p], err = AppendParse(s.orders[p][:0], lines[0])
	if err != nil {
		s.active[p] = false
		return &engine.Deactivation{Player: p, Err: err}
	}
	return nil
}

// AnswerActions is Answer on the typed path, for in-process players: p's
// orders as typed actions, with no line to format or parse. Numbers that no
// Java int can hold are fatal, as they are in text; anything else the rules
// skip at resolution, exactly as they skip the same orders read from text.
func (s *State) AnswerActions(p int, acts []Action) error {
	if p < 0 || p > 1 || !s.asked[p] || s.answered[p] {
		return fmt.Errorf("%w: player %d may not answer now", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	for _, a := range acts {
		for _, v := range [5]int{a.N, a.FromX, a.FromY, a.X, a.Y} {
			if v < math.MinInt32 || v > math.MaxInt32 {
				s.active[p] = false
				return &engine.Deactivation{Player: p, Reason: fmt.Sprintf("player %d: %d does not fit a Java int", p, v)}
			}
		}
	}
	s.orders[p] = append(s.orders[p][:0], acts...)
	return nil
}

// Advance implements engine.State: it resolves the turn once every asked
// seat has answered.
func (s *State) Advance() error {
	if s.done {
		return fmt.Errorf("%w: the game is over", engine.ErrProtocol)
	}
	for p := 0; p < 2; p++ {
		if s.asked[p] && !s.answered[p] {
			return fmt.Errorf("%w: player %d has not answered", engine.ErrProtocol, p)
		}
	}
	s.resolve(&s.orders)
	return nil
}
