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

// View implements engine.Viewer.
func (s *State) View(p int) engine.View { return engine.NewView(s.ViewInto, p) }

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
	return engine.Untyped(o.ObserveView(input))
}

// ObserveView is Observe with the typed view, which the next call reuses.
func (o *Observer) ObserveView(input []string) (*View, error) {
	if o.started {
		o.turn++
	}
	o.started = true
	v := &o.v
	v.Turn = o.turn
	if err := v.read(input); err != nil {
		return nil, err
	}
	return v, nil
}

// Limits of a turn's input beyond the rule constants: every mine and barrel
// holds a cell of its own and the ships and cannonballs in flight are far
// fewer than the cells, so no turn lists more than MaxEntities; entity ids
// count the entities made in a game, far fewer than MaxEntityID; and a
// cannonball flies 1 + round(d/3) turns for a target d <= FireRange cells
// from the bow.
const (
	MaxEntities = 3 * Width * Height
	MaxEntityID = 1 << 20
	maxFlight   = 1 + (FireRange+1)/3
)

// CheckInput reports whether a turn's input lines lie within the referee's
// limits, as Observe reads them: the bot checks every turn before it acts
// on it, and stops with the error, which names the line and the value.
func CheckInput(input []string) error {
	var v View
	return v.read(input)
}

// read fills v, but its turn, with a turn's input lines, each number
// checked against the referee's limits.
func (v *View) read(input []string) error {
	v.Ships, v.Mines, v.Balls, v.Barrels = v.Ships[:0], v.Mines[:0], v.Balls[:0], v.Barrels[:0]
	if len(input) < 2 {
		return errors.New("caribbean: input shorter than its two counts")
	}
	mine, err1 := strconv.Atoi(input[0])
	n, err2 := strconv.Atoi(input[1])
	if err1 != nil || err2 != nil || mine < 0 || mine > MaxShips || n < 0 || n > MaxEntities || n != len(input)-2 {
		return fmt.Errorf("caribbean: input lines 1-2: counts %q %q for %d entity lines (at most %d ships and %d entities)",
			input[0], input[1], len(input)-2, MaxShips, MaxEntities)
	}
	for i, line := range input[2:] {
		bad := func(why string) error {
			return fmt.Errorf("caribbean: input line %d: %s %q", 3+i, why, line)
		}
		f := strings.Fields(line)
		if len(f) != 8 {
			return bad("entity")
		}
		var a [7]int
		for k, idx := range [7]int{0, 2, 3, 4, 5, 6, 7} {
			x, err := strconv.Atoi(f[idx])
			if err != nil {
				return bad(err.Error() + " in entity")
			}
			a[k] = x
		}
		c := Coord{a[1], a[2]}
		if a[0] < 0 || a[0] >= MaxEntityID || !c.Inside() {
			return bad("id or cell out of the referee's limits in")
		}
		if i < mine && f[1] != "SHIP" {
			return bad("own ship expected, got")
		}
		switch f[1] {
		case "SHIP":
			if a[3] < 0 || a[3] > 5 || a[4] < 0 || a[4] > MaxSpeed || a[5] < 0 || a[5] > MaxRum || a[6] < 0 || a[6] > 1 {
				return bad("ship out of the referee's limits")
			}
			if (a[6] == 1) != (i < mine) {
				return bad("ship out of place")
			}
			v.Ships = append(v.Ships, Ship{ID: a[0], Owner: 1 - a[6], Pos: c, Orient: a[3], Speed: a[4], Rum: a[5], Alive: true})
		case "MINE":
			if a[3] != 0 || a[4] != 0 || a[5] != 0 || a[6] != 0 {
				return bad("mine")
			}
			v.Mines = append(v.Mines, Mine{ID: a[0], Pos: c})
		case "CANNONBALL":
			if a[3] < 0 || a[3] >= MaxEntityID || a[4] < 0 || a[4] > maxFlight || a[5] != 0 || a[6] != 0 {
				return bad("cannonball out of the referee's limits")
			}
			v.Balls = append(v.Balls, Cannonball{ID: a[0], Pos: c, Owner: a[3], Remaining: a[4]})
		case "BARREL":
			if a[3] < 0 || a[3] > MaxRum || a[4] != 0 || a[5] != 0 || a[6] != 0 {
				return bad("barrel out of the referee's limits")
			}
			v.Barrels = append(v.Barrels, Barrel{ID: a[0], Pos: c, Rum: a[3]})
		default:
			return bad("entity kind")
		}
	}
	if len(v.Ships) < mine {
		return fmt.Errorf("caribbean: input line 1: %d own ships, %d listed", mine, len(v.Ships))
	}
	return nil
}
