package ocean

import (
	"fmt"
	"strings"
)

// String dumps the whole state, hidden fields included, so that states
// compare as text. Command texts kept only for messages are left out: the
// typed and text paths differ there and nowhere else.
func (s *State) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "frame %d turn %d active %d kind %d answered %v ended %v done %v reason %q doomed %v\n",
		s.frame, s.turn, s.active, s.kind, s.answered, s.ended, s.done, s.EndReason(), s.doomed)
	for p, d := range s.removed {
		if d != nil {
			fmt.Fprintf(&sb, "removed %d: %s (timeout %v)\n", p, d.Reason, d.Timeout)
		}
	}
	fmt.Fprintf(&sb, "events %v last %v fault %v\n", s.ev[:s.nev], s.last[:s.nlast], s.faultNow)
	for p := range s.pl {
		pl := &s.pl[p]
		fmt.Fprintf(&sb, "player %d life %d score %d at %d %d placed %v charges %v sonar %d\n",
			p, pl.life, pl.score, pl.x, pl.y, pl.placed, pl.charge, pl.sonar)
		fmt.Fprintf(&sb, "  visited %x mines %x armed %x\n", pl.visited, pl.mines, pl.armed)
		fmt.Fprintf(&sb, "  orders %q queue", s.Orders(p))
		for i := 0; i < pl.qlen; i++ {
			e := &pl.queue[pl.qhead+i]
			fmt.Fprintf(&sb, " [%+v bad %d]", e.act, e.bad)
		}
		sb.WriteByte('\n')
	}
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			c := byte('.')
			if s.b.island[cell(x, y)] {
				c = 'x'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
