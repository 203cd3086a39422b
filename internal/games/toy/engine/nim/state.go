package nim

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// State is one game in progress.
type State struct {
	Seed  int64
	n     int // heaps
	heaps [MaxHeaps]int
	turn  int // steps resolved
	mover int // the player asked this step

	answered bool   // the mover answered this step
	move     Action // its move, once judged legal
	active   [2]bool
	done     bool
	winner   int // -1 until the game is over
	reason   string
	pend     [1]int // backing array of Pending
}

var (
	_ engine.State               = (*State)(nil)
	_ engine.WinnerState         = (*State)(nil)
	_ engine.EndReasonState      = (*State)(nil)
	_ engine.ActionState[Action] = (*State)(nil)
	_ fmt.Stringer               = (*State)(nil)
)

// InitLines implements engine.State: the player's id, then the number of
// heaps.
func (s *State) InitLines(p int) []string {
	return []string{strconv.Itoa(p), strconv.Itoa(s.n)}
}

// Pending implements engine.State: the player to move, until the end.
func (s *State) Pending() []int {
	if s.done {
		return nil
	}
	s.pend[0] = s.mover
	return s.pend[:]
}

// InputLines implements engine.State: every heap's size on one line.
func (s *State) InputLines(int) []string {
	var b strings.Builder
	for i := 0; i < s.n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(s.heaps[i]))
	}
	return []string{b.String()}
}

// ExpectedLines implements engine.State: one move.
func (s *State) ExpectedLines(int) int { return 1 }

// Answer implements engine.State. Lines past the first are ignored; no
// line is a timeout.
func (s *State) Answer(p int, lines []string) error {
	if err := s.asked(p); err != nil {
		return err
	}
	if len(lines) == 0 {
		return s.deactivate(p, true, fmt.Sprintf("player %d timed out", p), nil)
	}
	a, err := ParseAction(lines[0])
	if err != nil {
		return s.deactivate(p, false, fmt.Sprintf("player %d: invalid answer %q: %v", p, lines[0], err), err)
	}
	return s.take(p, a)
}

// AnswerActions implements engine.ActionState: the typed path of Answer.
// Actions past the first are ignored, as lines are; none is a timeout.
func (s *State) AnswerActions(p int, acts []Action) error {
	if err := s.asked(p); err != nil {
		return err
	}
	if len(acts) == 0 {
		return s.deactivate(p, true, fmt.Sprintf("player %d timed out", p), nil)
	}
	return s.take(p, acts[0])
}

// asked checks that p may answer now, and records that it has.
func (s *State) asked(p int) error {
	if s.done || p != s.mover || s.answered {
		return fmt.Errorf("%w: player %d answers at step %d (mover %d, answered %v, done %v)", engine.ErrProtocol, p, s.turn, s.mover, s.answered, s.done)
	}
	s.answered = true
	return nil
}

// take judges p's move a and keeps it for Advance.
func (s *State) take(p int, a Action) error {
	if err := s.Check(a); err != nil {
		return s.deactivate(p, false, fmt.Sprintf("player %d: %v", p, err), err)
	}
	s.move = a
	return nil
}

func (s *State) deactivate(p int, timeout bool, reason string, err error) error {
	s.active[p] = false
	return &engine.Deactivation{Player: p, Timeout: timeout, Reason: reason, Err: err}
}

// Check says why the mover may not play a, nil if it may.
func (s *State) Check(a Action) error {
	switch {
	case a.Heap < 0 || a.Heap >= s.n:
		return fmt.Errorf("no heap %d (heaps 0 to %d)", a.Heap, s.n-1)
	case a.Count < 1 || a.Count > MaxTake:
		return fmt.Errorf("takes %d, want 1 to %d", a.Count, MaxTake)
	case a.Count > s.heaps[a.Heap]:
		return fmt.Errorf("takes %d from heap %d, which holds %d", a.Count, a.Heap, s.heaps[a.Heap])
	}
	return nil
}

// Advance implements engine.State: the move is played, and the game ends
// when it took the last object or the mover was deactivated.
func (s *State) Advance() error {
	if s.done || !s.answered {
		return fmt.Errorf("%w: advance at step %d (answered %v, done %v)", engine.ErrProtocol, s.turn, s.answered, s.done)
	}
	s.answered = false
	s.turn++
	p := s.mover
	if !s.active[p] {
		s.end(1-p, fmt.Sprintf("player %d was deactivated", p))
		return nil
	}
	s.heaps[s.move.Heap] -= s.move.Count
	if s.Objects() == 0 {
		s.end(p, fmt.Sprintf("player %d took the last object", p))
		return nil
	}
	s.mover = 1 - p
	return nil
}

func (s *State) end(winner int, reason string) {
	s.done, s.winner, s.reason = true, winner, reason
}

// Step plays one step on the typed path: the mover plays a.
func (s *State) Step(a Action) error {
	err := s.AnswerActions(s.mover, []Action{a})
	if _, bot := engine.Deactivated(err); err != nil && !bot {
		return err
	}
	return s.Advance()
}

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Active implements engine.State.
func (s *State) Active(p int) bool { return p >= 0 && p < 2 && s.active[p] }

// Turn implements engine.State.
func (s *State) Turn() int { return s.turn }

// Mover is the player asked this step.
func (s *State) Mover() int { return s.mover }

// Heaps are the heaps' sizes; the slice aliases the state.
func (s *State) Heaps() []int { return s.heaps[:s.n] }

// Objects counts the objects left.
func (s *State) Objects() int {
	t := 0
	for _, h := range s.heaps[:s.n] {
		t += h
	}
	return t
}

// Scores implements engine.State: 1 for the winner, 0 for the loser, -1
// for a deactivated player; 0 each before the end.
func (s *State) Scores() []int {
	sc := []int{0, 0}
	if s.done {
		sc[s.winner] = 1
	}
	for p := range sc {
		if !s.active[p] {
			sc[p] = -1
		}
	}
	return sc
}

// Winner implements engine.WinnerState.
func (s *State) Winner() int { return s.winner }

// EndReason implements engine.EndReasonState.
func (s *State) EndReason() string { return s.reason }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.Copy() }

// Copy is Clone with the concrete type.
func (s *State) Copy() *State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of src.
func (s *State) CopyFrom(src *State) { *s = *src }

// String is the state's full text form, which the conformance suite
// compares states by.
func (s *State) String() string {
	return fmt.Sprintf("seed %d heaps %v turn %d mover %d answered %v move %d %d active %v done %v winner %d %q",
		s.Seed, s.heaps[:s.n], s.turn, s.mover, s.answered, s.move.Heap, s.move.Count, s.active, s.done, s.winner, s.reason)
}
