package caribbean

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// View is what one player knows at the start of a turn, from its own seat:
// its input (ships, the mines its ships can see, cannonballs and barrels)
// and the turn number, which a bot counts. Ship owners are seat-relative:
// 0 is the player, 1 its opponent. Cooldowns and mines out of sight are not
// in it, since the input does not give them.
type View struct {
	Turn    int
	Ships   []Ship // the player's ships afloat, then the opponent's
	Mines   []Mine
	Balls   []Cannonball // Pos, Owner and Remaining only
	Barrels []Barrel
}

// String prints every field, so views from the referee's state and from
// the player's lines compare as text.
func (v *View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d\n", v.Turn)
	for _, sh := range v.Ships {
		fmt.Fprintf(&b, "ship %d p%d %d,%d o%d v%d rum %d\n", sh.ID, sh.Owner, sh.Pos.X, sh.Pos.Y, sh.Orient, sh.Speed, sh.Rum)
	}
	for _, m := range v.Mines {
		fmt.Fprintf(&b, "mine %d %d,%d\n", m.ID, m.Pos.X, m.Pos.Y)
	}
	for _, c := range v.Balls {
		fmt.Fprintf(&b, "ball %d %d,%d by %d in %d\n", c.ID, c.Pos.X, c.Pos.Y, c.Owner, c.Remaining)
	}
	for _, r := range v.Barrels {
		fmt.Fprintf(&b, "barrel %d %d,%d rum %d\n", r.ID, r.Pos.X, r.Pos.Y, r.Rum)
	}
	return b.String()
}

var (
	_ engine.Viewer       = (*State)(nil)
	_ engine.ObservedGame = Game{}
)

// View implements engine.Viewer.
func (s *State) View(p int) engine.View {
	v := new(View)
	s.ViewInto(p, v)
	return v
}

// ViewInto fills v with player p's view, reusing v's slices.
func (s *State) ViewInto(p int, v *View) {
	v.Turn = s.turn
	v.Ships, v.Mines, v.Balls, v.Barrels = v.Ships[:0], v.Mines[:0], v.Balls[:0], v.Barrels[:0]
	for _, q := range [2]int{p, 1 - p} {
		for _, sh := range s.PlayerShips(q) {
			if sh.Alive {
				v.Ships = append(v.Ships, Ship{ID: sh.ID, Owner: boolInt(q != p), Pos: sh.Pos, Orient: sh.Orient,
					Speed: sh.Speed, Rum: sh.Rum, Alive: true})
			}
		}
	}
	for _, m := range s.mines {
		if s.MineVisible(p, m.Pos) {
			v.Mines = append(v.Mines, m)
		}
	}
	for _, c := range s.balls {
		v.Balls = append(v.Balls, Cannonball{ID: c.ID, Pos: c.Pos, Owner: c.Owner, Remaining: c.Remaining})
	}
	v.Barrels = append(v.Barrels, s.barrels...)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Observer rebuilds a player's view from its input lines, as its bot does.
type Observer struct {
	turn    int
	started bool
	v       View
}

// NewObserver implements engine.ObservedGame; the view is seat-relative.
func (Game) NewObserver(int) engine.Observer { return new(Observer) }

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	v, err := o.ObserveView(input)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// ObserveView is Observe with the typed view, which the next call reuses.
func (o *Observer) ObserveView(input []string) (*View, error) {
	if o.started {
		o.turn++
	}
	o.started = true
	v := &o.v
	v.Turn = o.turn
	v.Ships, v.Mines, v.Balls, v.Barrels = v.Ships[:0], v.Mines[:0], v.Balls[:0], v.Barrels[:0]
	if len(input) < 2 {
		return nil, errors.New("caribbean: input shorter than its two counts")
	}
	mine, err1 := strconv.Atoi(input[0])
	n, err2 := strconv.Atoi(input[1])
	if err1 != nil || err2 != nil || n != len(input)-2 || mine < 0 || mine > MaxShips {
		return nil, fmt.Errorf("caribbean: bad counts %q %q for %d lines", input[0], input[1], len(input))
	}
	for i, line := range input[2:] {
		f := strings.Fields(line)
		if len(f) != 8 {
			return nil, fmt.Errorf("caribbean: entity line %q", line)
		}
		var a [7]int
		for k, idx := range [7]int{0, 2, 3, 4, 5, 6, 7} {
			x, err := strconv.Atoi(f[idx])
			if err != nil {
				return nil, fmt.Errorf("caribbean: entity line %q: %v", line, err)
			}
			a[k] = x
		}
		c := Coord{a[1], a[2]}
		switch f[1] {
		case "SHIP":
			if (a[6] == 1) != (i < mine) {
				return nil, fmt.Errorf("caribbean: ship line %q out of place", line)
			}
			v.Ships = append(v.Ships, Ship{ID: a[0], Owner: 1 - a[6], Pos: c, Orient: a[3], Speed: a[4], Rum: a[5], Alive: true})
		case "MINE":
			v.Mines = append(v.Mines, Mine{ID: a[0], Pos: c})
		case "CANNONBALL":
			v.Balls = append(v.Balls, Cannonball{ID: a[0], Pos: c, Owner: a[3], Remaining: a[4]})
		case "BARREL":
			v.Barrels = append(v.Barrels, Barrel{ID: a[0], Pos: c, Rum: a[3]})
		default:
			return nil, fmt.Errorf("caribbean: entity line %q", line)
		}
	}
	return v, nil
}
