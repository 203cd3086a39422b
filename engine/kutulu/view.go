package kutulu

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// ExplorerView is one explorer as the input shows it, and YelledBy, bit q
// set once explorer q yelled at it: a yell works once per pair, and a bot
// knows which have been used from the EFFECT_YELL lines it saw.
type ExplorerView struct {
	ID, X, Y, Sanity, Plans, Lights int
	YelledBy                        uint8
}

// MinionView is one minion as the input shows it: Kind 1 is a wanderer, 2
// a slasher; Countdown and State as the referee numbers them; Target -1
// for none.
type MinionView struct {
	Kind, ID, X, Y, Countdown, State, Target int
}

// EffectView is one effect as the input shows it: Kind 3 shelter, 4 plan,
// 5 light, 6 yell; a yell's cell is -1 -1; Caster is -1 for a shelter,
// Receiver -1 except for a yell.
type EffectView struct {
	Kind, X, Y, Tick, Caster, Receiver int
}

// View is what one explorer knows when the referee asks it: the maze and
// the per-game constants from its init lines, the turn number (which a bot
// counts), and its input: every explorer still in (itself first, then the
// others from the next seat on), every minion and every effect. The game
// hides little: who already yelled at whom and a slasher's remembered cell
// are not in it, but who already yelled at whom is, since every yell shows
// in the next input.
type View struct {
	Me                    int
	Turn                  int
	Width, Height         int
	Rows                  []string // '#' wall, '.' floor, 'w' wanderer spawn, 'U' shelter
	LonelyLoss, GroupLoss int
	SpawnTime, LifeTime   int
	Explorers             []ExplorerView
	Minions               []MinionView
	Effects               []EffectView
}

// String prints every field, so views from the referee's state and from
// the player's lines compare as text.
func (v *View) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "me %d turn %d size %d %d losses %d %d wanderers %d %d\n",
		v.Me, v.Turn, v.Width, v.Height, v.LonelyLoss, v.GroupLoss, v.SpawnTime, v.LifeTime)
	for _, r := range v.Rows {
		sb.WriteString(r)
		sb.WriteByte('\n')
	}
	for _, e := range v.Explorers {
		fmt.Fprintf(&sb, "explorer %+v\n", e)
	}
	for _, m := range v.Minions {
		fmt.Fprintf(&sb, "minion %+v\n", m)
	}
	for _, e := range v.Effects {
		fmt.Fprintf(&sb, "effect %+v\n", e)
	}
	return sb.String()
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

// ViewInto fills v with explorer p's view of the turn in progress, reusing
// v's slices: no allocation once they are large enough. The rows are
// shared with the maze and must not be modified.
func (s *State) ViewInto(p int, v *View) {
	v.Me, v.Turn = p, s.turn
	v.Width, v.Height, v.Rows = s.b.w, s.b.h, s.b.rows
	v.LonelyLoss, v.GroupLoss, v.SpawnTime, v.LifeTime = s.lonelyLoss, s.groupLoss, s.spawnTime, s.lifeTime
	v.Explorers, v.Minions, v.Effects = v.Explorers[:0], v.Minions[:0], v.Effects[:0]
	for i := 0; i < Players; i++ {
		q := (p + i) % Players
		if e := &s.ex[q]; !e.removed {
			x, y := s.b.xy(e.cell)
			v.Explorers = append(v.Explorers, ExplorerView{q, x, y, e.sanity, e.plans, e.lights, e.yelledBy})
		}
	}
	for i := range s.minions {
		m := &s.minions[i]
		x, y := s.b.xy(m.cell)
		v.Minions = append(v.Minions, MinionView{m.kind, m.id, x, y, m.countdown(), m.state, s.shownTarget(m)})
	}
	for i := range s.effects {
		ef := &s.effects[i]
		switch ef.kind {
		case effShelter:
			x, y := s.b.xy(ef.cell)
			v.Effects = append(v.Effects, EffectView{ef.kind, x, y, ef.tick, -1, -1})
		case effYell:
			if s.ex[ef.receiver].sanity > 0 {
				v.Effects = append(v.Effects, EffectView{ef.kind, -1, -1, ef.tick, ef.caster, ef.receiver})
			}
		default:
			x, y := s.b.xy(s.ex[ef.caster].cell)
			v.Effects = append(v.Effects, EffectView{ef.kind, x, y, ef.tick, ef.caster, -1})
		}
	}
}

// Observer rebuilds an explorer's views from its lines, as its bot does.
type Observer struct {
	v      View
	inited bool
	yelled [Players]uint8 // by receiver, from the EFFECT_YELL lines seen
}

// NewObserver implements engine.ObservedGame.
func (Game) NewObserver(seat int) engine.Observer { return &Observer{v: View{Me: seat, Turn: -1}} }

var unitKinds = map[string]int{"EXPLORER": 0, "WANDERER": wanderer, "SLASHER": slasher,
	"EFFECT_SHELTER": effShelter, "EFFECT_PLAN": effPlan, "EFFECT_LIGHT": effLight, "EFFECT_YELL": effYell}

// Observe implements engine.Observer.
func (o *Observer) Observe(init, input []string) (engine.View, error) {
	if init != nil {
		if err := o.readInit(init); err != nil {
			return nil, err
		}
	}
	if !o.inited {
		return nil, fmt.Errorf("kutulu: input before the init lines")
	}
	if len(input) < 1 {
		return nil, fmt.Errorf("kutulu: empty input")
	}
	n, err := strconv.Atoi(input[0])
	if err != nil || n != len(input)-1 {
		return nil, fmt.Errorf("kutulu: entity count %q for %d lines", input[0], len(input)-1)
	}
	o.v.Turn++
	o.v.Explorers, o.v.Minions, o.v.Effects = nil, nil, nil
	for i, line := range input[1:] {
		f := strings.Fields(line)
		if len(f) != 7 {
			return nil, fmt.Errorf("kutulu: entity line %q", line)
		}
		kind, ok := unitKinds[f[0]]
		if !ok {
			return nil, fmt.Errorf("kutulu: entity line %q", line)
		}
		var a [6]int
		for j := range a {
			if a[j], err = strconv.Atoi(f[j+1]); err != nil {
				return nil, fmt.Errorf("kutulu: entity line %q: %v", line, err)
			}
		}
		switch kind {
		case 0:
			o.v.Explorers = append(o.v.Explorers, ExplorerView{a[0], a[1], a[2], a[3], a[4], a[5], 0})
			if i == 0 {
				o.v.Me = a[0]
			}
		case wanderer, slasher:
			o.v.Minions = append(o.v.Minions, MinionView{kind, a[0], a[1], a[2], a[3], a[4], a[5]})
		default:
			o.v.Effects = append(o.v.Effects, EffectView{kind, a[1], a[2], a[3], a[4], a[5]})
			if kind == effYell && a[4] >= 0 && a[4] < Players && a[5] >= 0 && a[5] < Players {
				o.yelled[a[5]] |= 1 << a[4]
			}
		}
	}
	for i := range o.v.Explorers {
		if id := o.v.Explorers[i].ID; id >= 0 && id < Players {
			o.v.Explorers[i].YelledBy = o.yelled[id]
		}
	}
	v := o.v
	return &v, nil
}

func (o *Observer) readInit(init []string) error {
	if len(init) < 3 {
		return fmt.Errorf("kutulu: %d init lines", len(init))
	}
	w, err1 := strconv.Atoi(init[0])
	h, err2 := strconv.Atoi(init[1])
	if err1 != nil || err2 != nil || w < 1 || h < 1 || len(init) != h+3 {
		return fmt.Errorf("kutulu: init size %q %q for %d lines", init[0], init[1], len(init))
	}
	rows := append([]string(nil), init[2:2+h]...)
	for _, r := range rows {
		if len(r) != w {
			return fmt.Errorf("kutulu: map row %q", r)
		}
	}
	if _, err := fmt.Sscan(init[2+h], &o.v.LonelyLoss, &o.v.GroupLoss, &o.v.SpawnTime, &o.v.LifeTime); err != nil {
		return fmt.Errorf("kutulu: constants %q: %v", init[2+h], err)
	}
	o.v.Width, o.v.Height, o.v.Rows = w, h, rows
	o.inited = true
	return nil
}
