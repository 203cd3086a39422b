package ocean

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// View is what one player knows when the referee asks it: the map and its
// seat from the init lines, and the last input (its own cell, both lives,
// its cooldowns, its last sonar's answer, the opponent's last orders). The
// opponent's cell is secret, so a view never holds it. Request counts the
// requests so far: 0 is the start cell, then one per turn.
type View struct {
	Me        int
	Request   int
	Island    [Cells]bool
	X, Y      int
	Life      int
	OppLife   int
	Cooldown  [numPowers]int // indexed by Power; NoPower unused
	Sonar     string         // "Y", "N" or "NA"
	OppOrders []string       // the opponent's actions of its last turn, nil for "NA"
}

func (v *View) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "me %d request %d at %d %d lives %d %d cooldowns %v sonar %s orders %q\n",
		v.Me, v.Request, v.X, v.Y, v.Life, v.OppLife, v.Cooldown[1:], v.Sonar, v.OppOrders)
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			c := byte('.')
			if v.Island[cell(x, y)] {
				c = 'x'
			}
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// View implements engine.Viewer: p's view in the frame in progress (the
// last one it was asked in, when it is not asked now).
func (s *State) View(p int) engine.View {
	v := &View{Me: p, Island: s.b.island}
	if s.kind == frameInit {
		return v
	}
	// player p's k-th turn is the referee's turn 2k-1+p
	v.Request = (s.turn + 1 - p) / 2
	if s.kind != frameAsk || s.active != p {
		v.Request = (s.turn + 2 - p) / 2
	}
	pl, o := &s.pl[p], &s.pl[1-p]
	v.X, v.Y, v.Life, v.OppLife = pl.x, pl.y, pl.life, o.life
	for pw := Torpedo; pw < numPowers; pw++ {
		v.Cooldown[pw] = pl.cooldown(pw)
	}
	v.Sonar = "NA"
	switch pl.sonar {
	case sonarYes:
		v.Sonar = "Y"
	case sonarNo:
		v.Sonar = "N"
	}
	if o.nsum > 0 {
		v.OppOrders = strings.Split(s.Orders(1-p), "|")
	}
	return v
}

// Observer rebuilds a player's views from its lines, as its bot does.
type Observer struct {
	v      View
	inited bool
}

// NewObserver implements engine.ObservedGame.
func (Game) NewObserver(seat int) engine.Observer { return &Observer{v: View{Me: seat}} }

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	return engine.Untyped(o.ObserveView(init, input))
}

// ObserveView is Observe with the typed view. Every number must lie
// within the referee's limits (see Check); an error names the line and the
// value that do not.
func (o *Observer) ObserveView(init, input []string) (*View, error) {
	if init != nil {
		if err := o.readInit(init); err != nil {
			return nil, err
		}
	}
	if !o.inited {
		return nil, fmt.Errorf("ocean: input before the init lines")
	}
	if len(input) == 0 {
		v := o.v
		return &v, nil
	}
	if len(input) != 3 {
		return nil, fmt.Errorf("ocean: %d input lines, want 3", len(input))
	}
	f := strings.Fields(input[0])
	if len(f) != 8 {
		return nil, fmt.Errorf("ocean: input line 1: %q, want 8 numbers", input[0])
	}
	var n [8]int
	for i := range n {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, fmt.Errorf("ocean: input line 1: %q: %v", input[0], err)
		}
		n[i] = v
	}
	bad := !inside(n[0], n[1]) || o.v.Island[cell(n[0], n[1])] || n[2] < 0 || n[2] > StartLife || n[3] < 0 || n[3] > StartLife
	for pw := Torpedo; pw < numPowers; pw++ {
		c := n[4+int(pw)-int(Torpedo)]
		bad = bad || c < 0 || c > pw.Max()
	}
	if bad {
		return nil, fmt.Errorf("ocean: input line 1: %q out of the referee's limits", input[0])
	}
	if s := input[1]; s != "Y" && s != "N" && s != "NA" {
		return nil, fmt.Errorf("ocean: input line 2: sonar result %q, want Y, N or NA", s)
	}
	var orders []string
	if input[2] != "NA" {
		orders = strings.Split(input[2], "|")
		if len(orders) > maxQueue {
			return nil, fmt.Errorf("ocean: input line 3: %d orders, at most %d", len(orders), maxQueue)
		}
		for _, ord := range orders {
			if !shownOrder(ord) {
				return nil, fmt.Errorf("ocean: input line 3: order %q", ord)
			}
		}
	}
	o.v.Request++
	o.v.X, o.v.Y, o.v.Life, o.v.OppLife = n[0], n[1], n[2], n[3]
	copy(o.v.Cooldown[1:], n[4:])
	o.v.Sonar = input[1]
	o.v.OppOrders = orders
	v := o.v
	return &v, nil
}

// shownOrder reports whether ord is an order as the referee shows the
// opponent's (State.Orders): MOVE with a direction, SURFACE and SONAR with
// a sector, TORPEDO and TRIGGER with a cell on the map, SILENCE and MINE
// alone.
func shownOrder(ord string) bool {
	f := strings.Fields(ord)
	if len(f) == 0 {
		return false
	}
	num := func(s string, lo, hi int) bool {
		v, err := strconv.Atoi(s)
		return err == nil && v >= lo && v <= hi
	}
	switch f[0] {
	case "MOVE":
		if len(f) != 2 {
			return false
		}
		_, ok := parseDir(f[1])
		return ok
	case "SURFACE", "SONAR":
		return len(f) == 2 && num(f[1], 1, 9)
	case "TORPEDO", "TRIGGER":
		return len(f) == 3 && num(f[1], 0, Size-1) && num(f[2], 0, Size-1)
	case "SILENCE", "MINE":
		return len(f) == 1
	}
	return false
}

// Check reports whether Observe would accept init (when not nil) and input
// (when not nil), without changing o: the bot checks each block as it reads
// it, and stops with the error rather than act on input outside the
// referee's limits. A copy of o is enough, because Observe replaces the
// view's orders rather than write into them.
func (o *Observer) Check(init, input []string) error {
	c := *o
	if init != nil {
		if err := c.readInit(init); err != nil {
			return err
		}
	}
	if input == nil {
		return nil
	}
	_, err := c.ObserveView(nil, input)
	return err
}

func (o *Observer) readInit(init []string) error {
	if len(init) != Size+1 {
		return fmt.Errorf("ocean: %d init lines, want %d", len(init), Size+1)
	}
	var w, h, me int
	if f := strings.Fields(init[0]); len(f) != 3 {
		return fmt.Errorf("ocean: init line 1: %q, want width, height and index", init[0])
	}
	if _, err := fmt.Sscan(init[0], &w, &h, &me); err != nil || w != Size || h != Size || me < 0 || me > 1 {
		return fmt.Errorf("ocean: init line 1: %q, want %d %d and 0 or 1", init[0], Size, Size)
	}
	o.v.Me = me
	for y := 0; y < Size; y++ {
		row := init[1+y]
		if len(row) != Size {
			return fmt.Errorf("ocean: init line %d: map row %q", 2+y, row)
		}
		for x := 0; x < Size; x++ {
			if row[x] != 'x' && row[x] != '.' {
				return fmt.Errorf("ocean: init line %d: map row %q", 2+y, row)
			}
			o.v.Island[cell(x, y)] = row[x] == 'x'
		}
	}
	o.inited = true
	return nil
}
