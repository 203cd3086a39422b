package caribbean

import (
	"strconv"
	"strings"
	"unicode/utf16"
)

// RefereeView returns the referee's frame for the viewer after the last
// update: every ship (sunk ones too) with its order and message, then the
// cannonballs, all mines, the barrels and the turn's damage. It shows hidden
// state; the golden traces record it, which makes it the finest check of
// the rules.
func (s *State) RefereeView() []string {
	var out []string
	join := func(v ...interface{}) string {
		var b strings.Builder
		for i, x := range v {
			if i > 0 {
				b.WriteByte(' ')
			}
			switch t := x.(type) {
			case int:
				b.WriteString(strconv.Itoa(t))
			case string:
				b.WriteString(t)
			}
		}
		return b.String()
	}
	for p := 0; p < 2; p++ {
		out = append(out, strconv.Itoa(p))
		for i := range s.PlayerShips(p) {
			sh := &s.ships[p*s.per+i]
			bow, stern := sh.Bow(), sh.Stern()
			msg := ""
			if sh.hasMsg {
				msg = viewMessage(sh.msg)
			}
			out = append(out, join(sh.ID, sh.Pos.Y, sh.Pos.X, sh.Orient, sh.Rum, sh.Speed, sh.act.viewName(),
				bow.Y, bow.X, stern.Y, stern.X, " ;"+msg))
		}
	}
	out = append(out, strconv.Itoa(len(s.balls)))
	for _, b := range s.balls {
		out = append(out, join(b.ID, b.Pos.Y, b.Pos.X, b.Src.Y, b.Src.X, b.Flight, b.Remaining, b.Owner))
	}
	out = append(out, strconv.Itoa(len(s.mines)))
	for _, m := range s.mines {
		out = append(out, join(m.ID, m.Pos.Y, m.Pos.X))
	}
	out = append(out, strconv.Itoa(len(s.barrels)))
	for _, b := range s.barrels {
		out = append(out, join(b.ID, b.Pos.Y, b.Pos.X, b.Rum))
	}
	out = append(out, strconv.Itoa(len(s.damage)))
	for _, d := range s.damage {
		hit := 0
		if d.Hit {
			hit = 1
		}
		out = append(out, join(d.Pos.Y, d.Pos.X, d.Amount, hit))
	}
	return out
}

// viewName is the order as the view prints it: no order is WAIT.
func (k Kind) viewName() string { return k.String() }

// viewMessage cuts a message longer than 50 UTF-16 units to 50, plus "...",
// as the referee does.
func viewMessage(m string) string {
	u := utf16.Encode([]rune(m))
	if len(u) <= 50 {
		return m
	}
	return string(utf16.Decode(u[:50])) + "..."
}
