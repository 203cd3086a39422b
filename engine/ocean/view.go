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
		return nil, fmt.Errorf("ocean: input line %q", input[0])
	}
	var n [8]int
	for i := range n {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, fmt.Errorf("ocean: input line %q: %v", input[0], err)
		}
		n[i] = v
	}
	o.v.Request++
	o.v.X, o.v.Y, o.v.Life, o.v.OppLife = n[0], n[1], n[2], n[3]
	copy(o.v.Cooldown[1:], n[4:])
	o.v.Sonar = input[1]
	o.v.OppOrders = nil
	if input[2] != "NA" {
		o.v.OppOrders = strings.Split(input[2], "|")
	}
	v := o.v
	return &v, nil
}

func (o *Observer) readInit(init []string) error {
	if len(init) != Size+1 {
		return fmt.Errorf("ocean: %d init lines, want %d", len(init), Size+1)
	}
	var w, h, me int
	if _, err := fmt.Sscan(init[0], &w, &h, &me); err != nil || w != Size || h != Size || me < 0 || me > 1 {
		return fmt.Errorf("ocean: init line %q", init[0])
	}
	o.v.Me = me
	for y := 0; y < Size; y++ {
		row := init[1+y]
		if len(row) != Size {
			return fmt.Errorf("ocean: map row %q", row)
		}
		for x := 0; x < Size; x++ {
			o.v.Island[cell(x, y)] = row[x] == 'x'
		}
	}
	o.inited = true
	return nil
}
