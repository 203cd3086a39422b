package caribbean

import (
	"fmt"
	"strconv"

	"cgpolicy/engine"
)

// startStep is the referee's prepare(): the players still active are asked,
// and last turn's orders and messages are forgotten when the first of them
// answers (the view of the last update still shows them until then).
func (s *State) startStep() {
	s.npend = 0
	s.answered = [2]bool{}
	s.prepared = false
	if s.done {
		return
	}
	for p := 0; p < 2; p++ {
		s.asked[p] = s.active[p]
		if s.active[p] {
			s.pend[s.npend] = p
			s.npend++
		}
	}
}

func (s *State) prepare() {
	if s.prepared {
		return
	}
	s.prepared = true
	for i := range s.ships {
		sh := &s.ships[i]
		sh.act, sh.msg, sh.hasMsg = Wait, "", false
	}
}

// InitLines implements engine.State: the game sends none.
func (s *State) InitLines(p int) []string { return []string{} }

// Pending implements engine.State: the active players, in seat order. The
// slice aliases the state and is valid until the next Advance.
func (s *State) Pending() []int { return s.pend[:s.npend] }

// ExpectedLines implements engine.State: one line per ship afloat.
func (s *State) ExpectedLines(p int) int { return s.Alive(p) }

// InputLines implements engine.State: the own ship count, the entity count,
// then p's ships, the opponent's, the mines near p's ships, every
// cannonball and every barrel, each as "id TYPE x y a1 a2 a3 a4".
func (s *State) InputLines(p int) []string {
	lines := make([]string, 0, 2+2*s.per+len(s.mines)+len(s.balls)+len(s.barrels))
	lines = append(lines, strconv.Itoa(s.Alive(p)), "")
	buf := make([]byte, 0, 48)
	entity := func(id int, kind string, c Coord, a1, a2, a3, a4 int) {
		buf = strconv.AppendInt(buf[:0], int64(id), 10)
		buf = append(buf, ' ')
		buf = append(buf, kind...)
		for _, v := range [6]int{c.X, c.Y, a1, a2, a3, a4} {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
		lines = append(lines, string(buf))
	}
	for _, q := range [2]int{p, 1 - p} {
		for _, sh := range s.PlayerShips(q) {
			if sh.Alive {
				mine := 0
				if q == p {
					mine = 1
				}
				entity(sh.ID, "SHIP", sh.Pos, sh.Orient, sh.Speed, sh.Rum, mine)
			}
		}
	}
	for _, m := range s.mines {
		if s.MineVisible(p, m.Pos) {
			entity(m.ID, "MINE", m.Pos, 0, 0, 0, 0)
		}
	}
	for _, b := range s.balls {
		entity(b.ID, "CANNONBALL", b.Pos, b.Owner, b.Remaining, 0, 0)
	}
	for _, b := range s.barrels {
		entity(b.ID, "BARREL", b.Pos, b.Rum, 0, 0, 0)
	}
	lines[1] = strconv.Itoa(len(lines) - 2)
	return lines
}

// MineVisible reports whether player p sees a mine at c: one of its ships
// afloat has its centre within MineVisibility.
func (s *State) MineVisible(p int, c Coord) bool {
	for _, sh := range s.PlayerShips(p) {
		if sh.Alive && sh.Pos.Distance(c) <= MineVisibility {
			return true
		}
	}
	return false
}

func (s *State) checkAnswer(p int) error {
	if p < 0 || p > 1 || s.done || !s.asked[p] || s.answered[p] {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	return nil
}

// Answer implements engine.State. The referee reads exactly one line per
// ship afloat, and fewer lines is a timeout. Lines beyond that are ignored,
// or with ReadAhead kept to come first next turn. A line no command matches deactivates p;
// the lines before it still give their orders, those after it none. Either
// way p's ships lose all their rum at once, which the other player's input
// of the same turn already shows.
func (s *State) Answer(p int, lines []string) error {
	if err := s.checkAnswer(p); err != nil {
		return err
	}
	s.prepare()
	s.answered[p] = true
	all := lines
	if len(s.buffered[p]) > 0 {
		all = append(append([]string(nil), s.buffered[p]...), lines...)
	}
	want := s.Alive(p)
	if len(all) < want {
		s.buffered[p] = nil
		return s.deactivate(p, true, fmt.Sprintf(
			"Timeout: the program did not provide %d input lines in due time... $%d will no longer be active in this game.", want, p))
	}
	if s.readAhead {
		s.buffered[p] = append([]string(nil), all[want:]...)
	}
	i := 0
	for k := range s.PlayerShips(p) {
		idx := p*s.per + k
		if !s.ships[idx].Alive {
			continue
		}
		line := all[i]
		i++
		a, msg, has, ok := ParseLine(line)
		if !ok {
			return s.deactivate(p, false, "invalid input. Expected 'A valid action' but found '"+line+"'")
		}
		sh := &s.ships[idx]
		sh.msg, sh.hasMsg = msg, has
		s.setOrder(idx, a)
	}
	return nil
}

// AnswerActions is Answer on the typed path: acts[i] is the order of p's
// i-th ship afloat. Missing orders are WAIT (there is no timeout here), and
// an order that could not be written as a valid line (a 9-digit
// number, an unknown kind) deactivates p as its text
// would. More orders than ships is a caller's error.
func (s *State) AnswerActions(p int, acts []Action) error {
	if err := s.checkAnswer(p); err != nil {
		return err
	}
	if len(acts) > s.Alive(p) {
		return fmt.Errorf("%w: %d orders for %d ships", engine.ErrProtocol, len(acts), s.Alive(p))
	}
	s.prepare()
	s.answered[p] = true
	i := 0
	for k := 0; k < s.per && i < len(acts); k++ {
		idx := p*s.per + k
		if !s.ships[idx].Alive {
			continue
		}
		a := acts[i]
		i++
		if !a.valid() {
			return s.deactivate(p, false, "invalid input. Expected 'A valid action' but found '"+FormatAction(a)+"'")
		}
		s.setOrder(idx, a)
	}
	return nil
}

// deactivate removes p from the game: all its ships' rum drops to 0 now;
// they still sail (and may pick up rum) in this turn's update, after which
// the game ends.
func (s *State) deactivate(p int, timeout bool, reason string) error {
	s.active[p] = false
	s.timedOut[p] = timeout
	for k := range s.PlayerShips(p) {
		s.ships[p*s.per+k].Rum = 0
	}
	return &engine.Deactivation{Player: p, Timeout: timeout, Reason: reason}
}

// Advance implements engine.State: the referee's update, then its end
// checks: a player without ships, fewer than two active players, or the
// turn limit.
func (s *State) Advance() error {
	if s.done {
		return fmt.Errorf("%w: game over", engine.ErrProtocol)
	}
	for _, p := range s.Pending() {
		if !s.answered[p] {
			return fmt.Errorf("%w: advance before player %d answered", engine.ErrProtocol, p)
		}
	}
	s.prepare()
	s.update()
	s.judge()
	s.startStep()
	return nil
}

// judge ends the game where the referee does after an update.
func (s *State) judge() {
	a0, a1 := s.Alive(0) == 0, s.Alive(1) == 0
	switch {
	case !s.active[0] || !s.active[1]:
		// a deactivated player's ships sink with it (rum 0), but the
		// recorded reason is the deactivation
		s.done = true
		for p := 0; p < 2; p++ {
			if !s.active[p] {
				s.endReason = s.deactivationReason(p)
				break
			}
		}
	case a0 && a1:
		s.done, s.endReason = true, "all ships sunk: both players"
	case a0:
		s.done, s.endReason = true, "all ships sunk: player 0"
	case a1:
		s.done, s.endReason = true, "all ships sunk: player 1"
	case s.turn >= MaxTurns:
		s.done, s.endReason = true, "turn limit"
	}
}

func (s *State) deactivationReason(p int) string {
	if s.timedOut[p] {
		return fmt.Sprintf("timeout by player %d", p)
	}
	return fmt.Sprintf("invalid command by player %d", p)
}
