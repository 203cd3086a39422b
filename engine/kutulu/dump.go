package kutulu

import (
	"fmt"
	"strings"
)

// String dumps the whole state, hidden fields included (the random
// generator, the slashers' marks, who yelled at whom), so that states
// compare as text. The removal messages are left out: a typed answer has
// no line to quote.
func (s *State) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "map %q turn %d done %v rnd %v constants %d %d %d %d next id %d\n",
		s.b.name, s.turn, s.done, s.rnd, s.lonelyLoss, s.groupLoss, s.spawnTime, s.lifeTime, s.nextID)
	fmt.Fprintf(&sb, "asked %v answered %v played %v out %v at %v\n", s.asked, s.answered, s.played, s.out, s.outTurn)
	for p := range s.ex {
		e := &s.ex[p]
		x, y := s.b.xy(e.cell)
		fmt.Fprintf(&sb, "explorer %d at %d %d sanity %d plans %d lights %d yelled by %04b act %v fresh %v invalid move %v slasher %v isolated %v removed %v score %d\n",
			p, x, y, e.sanity, e.plans, e.lights, e.yelledBy, e.act, e.fresh, e.invalidMove, e.slasher, e.isolated, e.removed, e.score)
	}
	for _, m := range s.minions {
		fmt.Fprintf(&sb, "minion %+v\n", m)
	}
	for _, ef := range s.effects {
		fmt.Fprintf(&sb, "effect %+v\n", ef)
	}
	fmt.Fprintf(&sb, "events %v last %v\n", s.ev, s.last)
	return sb.String()
}
