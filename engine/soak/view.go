package soak

import (
	"fmt"
	"strings"

	"cgpolicy/engine"
)

// View is what player Me knows at the start of a turn: the map, every
// agent as its input shows it (the dead only by id, owner and class), and
// the turn number and both players' points, which the input leaves out but
// a bot can count and recompute from the zones it sees scored. It holds a
// State made of that knowledge alone, so policies can simulate from it.
type View struct {
	Me int
	s  State
}

// State is the view as a game state, for simulation. Treat it as read
// only; Copy it to search.
func (v *View) State() *State { return &v.s }

// String prints every field of the view, so that views built from the
// referee's state and from the player's lines compare as text.
func (v *View) String() string {
	s := &v.s
	var b strings.Builder
	fmt.Fprintf(&b, "me %d turn %d points %d %d teamless %d map %dx%d\n", v.Me, s.turn, s.points[0], s.points[1], s.teamless, s.b.w, s.b.h)
	for y := 0; y < s.b.h; y++ {
		for x := 0; x < s.b.w; x++ {
			b.WriteByte(byte('0' + s.b.tile(x, y)))
		}
		b.WriteByte('\n')
	}
	for _, a := range s.Agents() {
		fmt.Fprintf(&b, "%+v\n", a)
	}
	return b.String()
}

var (
	_ engine.Viewer       = (*State)(nil)
	_ engine.ObservedGame = Game{}
)

// ViewInto fills v with player p's view of s, reusing v's buffers, so
// self-play makes views without allocating.
func (s *State) ViewInto(p int, v *View) {
	v.Me = p
	d := &v.s
	d.CopyFrom(s)
	d.orders = [MaxAgents]orders{}
	d.events, d.nEvents = [2 * MaxAgents]event{}, 0
	d.answered = [2]bool{}
	d.pendingLines, d.summary, d.summaryTotal = nil, nil, 0
	d.active, d.done = [2]bool{true, true}, false
	for i := 0; i < d.n; i++ {
		if a := &d.agents[i]; !a.Alive {
			*a = Agent{ID: a.ID, Owner: a.Owner, Class: a.Class}
		}
	}
}

// View implements engine.Viewer.
func (s *State) View(p int) engine.View { return engine.NewView(s.ViewInto, p) }

// Observer rebuilds a player's view from its lines, as the bot does. It
// counts turns, and it scores the zones of each new input the way the
// referee scored them at the end of the turn before, so the points are
// exact.
type Observer struct {
	init   []string
	turn   int
	points [2]int
	v      View
}

// NewObserver implements engine.ObservedGame. The player's seat comes from
// its init lines.
func (Game) NewObserver(int) engine.Observer { return new(Observer) }

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	return engine.Untyped(o.ObserveView(init, input))
}

// ObserveView is Observe with the typed view. The view is reused by the
// next call.
func (o *Observer) ObserveView(init, input []string) (*View, error) {
	first := o.init == nil
	if init != nil {
		o.init = append([]string(nil), init...)
	}
	if o.init == nil {
		return nil, fmt.Errorf("soak: observer: no init lines before the first input")
	}
	s, me, err := FromInput(o.init, input)
	if err != nil {
		return nil, err
	}
	if !first {
		o.turn++
		s.points = o.points
		s.scoreZones()
		o.points = s.points
	}
	s.turn, s.points = o.turn, o.points
	s.ViewInto(me, &o.v)
	return &o.v, nil
}

// String dumps the whole state, protocol bookkeeping included, so the
// conformance suite can tell a clone from its original by text.
func (s *State) String() string {
	c := *s
	c.b, c.ps = nil, nil
	var b strings.Builder
	fmt.Fprintf(&b, "map %dx%d ", s.b.w, s.b.h)
	for y := 0; y < s.b.h; y++ {
		for x := 0; x < s.b.w; x++ {
			b.WriteByte(byte('0' + s.b.tile(x, y)))
		}
	}
	fmt.Fprintf(&b, "\n%+v", c)
	return b.String()
}

// Type implements engine.Typed: simultaneous turns, full information, and
// the SHA1PRNG seed, for which 0 is not a seed.
func (Game) Type() engine.Type {
	return engine.Type{Dynamics: engine.Simultaneous, Information: engine.Perfect, MinPlayers: 2, MaxPlayers: 2}
}

// PlayerView is View with the concrete type, in a new View.
func (s *State) PlayerView(p int) *View {
	v := new(View)
	s.ViewInto(p, v)
	return v
}

// Copy returns an independent copy of the view, with search buffers of its
// own, for a policy that may still be reading it when the next turn's view
// is built.
func (v *View) Copy() *View {
	c := &View{Me: v.Me}
	c.s.CopyFrom(&v.s)
	c.s.ps = nil
	return c
}
