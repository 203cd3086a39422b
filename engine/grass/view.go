package grass

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// FromCells builds a game on a custom map, row by row, with turn 0 and a
// full stable counter. Bots and tests use it to simulate positions the seed
// generator would not produce.
func FromCells(w, h int, cells []Cell, matter [2]int) (*State, error) {
	if w <= 0 || h <= 0 || len(cells) != w*h {
		return nil, fmt.Errorf("grass: %d cells for a %dx%d map", len(cells), w, h)
	}
	for i, c := range cells {
		if c.Owner < -1 || c.Owner > 1 || c.Scrap < 0 || c.Units[0] < 0 || c.Units[1] < 0 ||
			c.Recycler && (c.Owner < 0 || c.Scrap == 0) {
			return nil, fmt.Errorf("grass: cell %d is not valid: %+v", i, c)
		}
	}
	s := &State{b: newBoard(w, h), cells: append([]Cell(nil), cells...), matter: matter,
		active: [2]bool{true, true}, stable: StableTurns}
	s.startTurn()
	return s, nil
}

// Limits of the referee's input: the map sizes it generates (width 12 to
// 24, height half the width), the scrap a cell is generated with, and loose
// bounds on matter and units, which no game reaches: 200 turns of income and
// every cell recycled by five recyclers give far less. The bot checks every
// number it reads against them, so input it cannot trust stops it instead
// of costing unbounded work.
const (
	MinWidth, MaxWidth   = 12, 24
	MinHeight, MaxHeight = 6, 12
	MaxMatter            = 1 << 20
	MaxUnits             = 1 << 16
)

// ParseInit reads the init line: the map's width and height, within the
// referee's limits.
func ParseInit(init string) (w, h int, err error) {
	f := strings.Fields(init)
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("grass: init line %q: want width and height", init)
	}
	w, err1 := strconv.Atoi(f[0])
	h, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || w < MinWidth || w > MaxWidth || h < MinHeight || h > MaxHeight {
		return 0, 0, fmt.Errorf("grass: init line %q: want a width from %d to %d and a height from %d to %d",
			init, MinWidth, MaxWidth, MinHeight, MaxHeight)
	}
	return w, h, nil
}

// ParseView rebuilds the game a player sees from its init line and one
// turn's input, with that player as seat 0. What the input does not tell
// (turn number, stable counter) starts fresh. Every number must lie within
// the referee's limits; an error names the line and the value that do not.
func ParseView(init string, input []string) (*State, error) {
	w, h, err := ParseInit(init)
	if err != nil {
		return nil, err
	}
	if len(input) != 1+w*h {
		return nil, fmt.Errorf("grass: %d input lines for a %dx%d map", len(input), w, h)
	}
	var matter [2]int
	f := strings.Fields(input[0])
	if len(f) != 2 {
		return nil, fmt.Errorf("grass: input line 1: matter %q", input[0])
	}
	for k := range matter {
		n, err := strconv.Atoi(f[k])
		if err != nil || n < 0 || n > MaxMatter {
			return nil, fmt.Errorf("grass: input line 1: matter %q out of [0, %d]", f[k], MaxMatter)
		}
		matter[k] = n
	}
	cells := make([]Cell, w*h)
	for i := range cells {
		f := strings.Fields(input[1+i])
		if len(f) != 7 {
			return nil, fmt.Errorf("grass: input line %d: cell %q", 2+i, input[1+i])
		}
		// scrap owner units recycler canBuild canSpawn inRangeOfRecycler
		var v [7]int
		for k := range v {
			n, err := strconv.Atoi(f[k])
			if err != nil {
				return nil, fmt.Errorf("grass: input line %d: cell %q: %v", 2+i, input[1+i], err)
			}
			v[k] = n
		}
		bad := v[0] < 0 || v[0] > MaxScrap || v[1] < -1 || v[1] > 1 || v[2] < 0 || v[2] > MaxUnits ||
			v[1] == -1 && v[2] != 0
		for _, b := range v[3:] {
			bad = bad || b != 0 && b != 1
		}
		if bad {
			return nil, fmt.Errorf("grass: input line %d: cell %q out of the referee's limits", 2+i, input[1+i])
		}
		c := Cell{Scrap: int8(v[0]), Owner: -1, Recycler: v[3] == 1}
		seat := 1
		switch v[1] {
		case 1:
			c.Owner, seat = 0, 0
		case 0:
			c.Owner = 1
		}
		c.Units[seat] = int32(v[2])
		cells[i] = c
	}
	return FromCells(w, h, cells, matter)
}

// View is what one player knows at the start of a turn, from its own seat:
// the player is seat 0 (as in the bot, whose input says "mine" and
// "theirs", not seat numbers). Besides the cells and matter of the input
// it holds the turn number and the stable counter, which a bot recovers by
// counting turns and watching for owner and scrap changes. Its state can
// be simulated from.
type View struct {
	s State
}

// State is the view as a game from the player's seat (seat 0). Treat it
// as read only; Copy it to search.
func (v *View) State() *State { return &v.s }

// String prints every field, so views from the referee's state and from
// the player's lines compare as text.
func (v *View) String() string {
	s := &v.s
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d stable %d matter %d %d map %dx%d\n", s.turn, s.stable, s.matter[0], s.matter[1], s.b.W, s.b.H)
	for i, c := range s.cells {
		fmt.Fprintf(&b, "%d:%d/%d/%t/%d/%d ", i, c.Scrap, c.Owner, c.Recycler, c.Units[0], c.Units[1])
		if (i+1)%s.b.W == 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

var (
	_ engine.Viewer       = (*State)(nil)
	_ engine.ObservedGame = Game{}
)

// ViewInto fills v with seat p's view of s, reusing v's buffers.
func (s *State) ViewInto(p int, v *View) {
	d := &v.s
	d.CopyFrom(s)
	d.active, d.done = [2]bool{true, true}, false
	d.orders[0], d.orders[1] = d.orders[0][:0], d.orders[1][:0]
	d.asked, d.answered = [2]bool{true, true}, [2]bool{}
	if p == 1 {
		d.matter[0], d.matter[1] = d.matter[1], d.matter[0]
		for i := range d.cells {
			c := &d.cells[i]
			if c.Owner >= 0 {
				c.Owner = 1 - c.Owner
			}
			c.Units[0], c.Units[1] = c.Units[1], c.Units[0]
		}
	}
}

// View implements engine.Viewer.
func (s *State) View(p int) engine.View { return engine.NewView(s.ViewInto, p) }

// Observer rebuilds a player's view from its lines, as the bot does: it
// counts turns, and restarts the stable counter whenever a cell changed
// owner or lost scrap since the last input, which is when the referee
// restarts it.
type Observer struct {
	init string
	turn int
	prev []Cell
	v    View
}

// NewObserver implements engine.ObservedGame; the view is seat-relative.
func (Game) NewObserver(int) engine.Observer { return new(Observer) }

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	return engine.Untyped(o.ObserveView(init, input))
}

// ObserveView is Observe with the typed view, which the next call reuses.
func (o *Observer) ObserveView(init, input []string) (*View, error) {
	if len(init) > 0 {
		o.init = init[0]
	}
	if o.init == "" {
		return nil, errors.New("grass: observer: no init line before the first input")
	}
	s, err := ParseView(o.init, input)
	if err != nil {
		return nil, err
	}
	if o.prev != nil {
		if len(o.prev) != len(s.cells) {
			return nil, fmt.Errorf("grass: observer: the map changed size")
		}
		o.turn++
		// the referee restarts the counter during the turn, then counts
		// the turn down
		stable := o.v.s.stable
		for i, c := range s.cells {
			if c.Owner != o.prev[i].Owner || c.Scrap != o.prev[i].Scrap {
				stable = StableTurns
				break
			}
		}
		s.stable = stable - 1
	}
	s.turn = o.turn
	o.prev = append(o.prev[:0], s.cells...)
	s.ViewInto(0, &o.v)
	return &o.v, nil
}

// String dumps the whole state, protocol bookkeeping included, so the
// conformance suite can tell a clone from its original by text.
func (s *State) String() string {
	c := *s
	c.b, c.pc, c.sc = nil, pathCache{}, nil
	return fmt.Sprintf("map %dx%d\n%+v", s.b.W, s.b.H, c)
}

// Type implements engine.Typed: simultaneous turns, full information, and
// the SHA1PRNG seed, for which 0 is not a seed.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Simultaneous, Information: engine.Perfect, MinPlayers: 2, MaxPlayers: 2}
}

// Copy returns an independent copy of the view, for a policy that may still
// be reading it when the next turn's view is built.
func (v *View) Copy() *View {
	c := new(View)
	c.s.CopyFrom(&v.s)
	return c
}
