package caribbean

import (
	"fmt"
	"strings"
)

// String is the state's full text form: everything the referee will use
// later, hidden mines and pending orders included. The conformance suite
// compares states through it.
func (s *State) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d ships %d mines %d barrels %d next %d turn %d done %v %q\n",
		s.Seed, s.per, s.mineCount, s.barrelCnt, s.nextID, s.turn, s.done, s.endReason)
	fmt.Fprintf(&b, "active %v asked %v answered %v timeout %v prepared %v pending %v readahead %v buffered %q\n",
		s.active, s.asked, s.answered, s.timedOut, s.prepared, s.Pending(), s.readAhead, s.buffered)
	for _, sh := range s.Ships() {
		fmt.Fprintf(&b, "ship %d p%d at %d,%d o%d v%d rum %d cd %d/%d alive %v order %v %d,%d msg %v %q start %d\n",
			sh.ID, sh.Owner, sh.Pos.X, sh.Pos.Y, sh.Orient, sh.Speed, sh.Rum, sh.MineCD, sh.CannonCD, sh.Alive,
			sh.act, sh.target.X, sh.target.Y, sh.hasMsg, sh.msg, sh.startRum)
	}
	for _, m := range s.mines {
		fmt.Fprintf(&b, "mine %d %d,%d\n", m.ID, m.Pos.X, m.Pos.Y)
	}
	for _, c := range s.balls {
		fmt.Fprintf(&b, "ball %d %d,%d from %d,%d by %d %d/%d\n", c.ID, c.Pos.X, c.Pos.Y, c.Src.X, c.Src.Y, c.Owner, c.Remaining, c.Flight)
	}
	for _, r := range s.barrels {
		fmt.Fprintf(&b, "barrel %d %d,%d rum %d\n", r.ID, r.Pos.X, r.Pos.Y, r.Rum)
	}
	for _, d := range s.damage {
		fmt.Fprintf(&b, "damage %d,%d %d %v\n", d.Pos.X, d.Pos.Y, d.Amount, d.Hit)
	}
	return b.String()
}
