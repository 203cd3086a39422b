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

// View implements engine.Viewer.
func (s *State) View(p int) engine.View { return engine.NewView(s.ViewInto, p) }

// Observer rebuilds an explorer's views from its lines, as its bot does.
type Observer struct {
	v      View
	inited bool
	yelled [Players]uint8 // by receiver, from the EFFECT_YELL lines seen
}

// NewObserver implements engine.ObservedGame.
func (Game) NewObserver(seat int) engine.Observer { return newObserver(seat) }

// newObserver is the observer of seat, before the first turn.
func newObserver(seat int) *Observer { return &Observer{v: View{Me: seat, Turn: -1}} }

var unitKinds = map[string]int{"EXPLORER": 0, "WANDERER": wanderer, "SLASHER": slasher,
	"EFFECT_SHELTER": effShelter, "EFFECT_PLAN": effPlan, "EFFECT_LIGHT": effLight, "EFFECT_YELL": effYell}

// Limits of the input beyond the rule constants: the bot's bound on the
// maze's sides (the referee's largest is 22), on the entities of one turn
// (explorers, a few dozen minions and effects in recorded games) and on
// entity ids, which count the minions made in a game; and the ranges the
// referee draws the per-game constants from.
const (
	MaxSize     = 100
	MaxEntities = 10000
	MaxEntityID = 1 << 20

	minLonelyLoss, maxLonelyLoss = 3, 6
	minGroupLoss, maxGroupLoss   = 1, 3
	minSpawnTime, maxSpawnTime   = 3, 6
	minLifeTime, maxLifeTime     = 30, 40
)

// effectTicks is the most ticks each effect kind shows.
var effectTicks = [...]int{effShelter: shelterEnergy, effPlan: planDuration, effLight: lightDuration, effYell: yellDuration}

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
		return nil, fmt.Errorf("kutulu: input before the init lines")
	}
	if len(input) < 2 {
		return nil, fmt.Errorf("kutulu: input of %d lines, want the entity count and at least the own explorer", len(input))
	}
	n, err := strconv.Atoi(input[0])
	if err != nil || n != len(input)-1 || n > MaxEntities {
		return nil, fmt.Errorf("kutulu: input line 1: entity count %q for %d lines (at most %d)", input[0], len(input)-1, MaxEntities)
	}
	o.v.Turn++
	o.v.Explorers, o.v.Minions, o.v.Effects = nil, nil, nil
	var seen [Players]bool
	for i, line := range input[1:] {
		bad := func(why string) error {
			return fmt.Errorf("kutulu: input line %d: %s %q", 2+i, why, line)
		}
		f := strings.Fields(line)
		if len(f) != 7 {
			return nil, bad("entity")
		}
		kind, ok := unitKinds[f[0]]
		if !ok {
			return nil, bad("entity kind")
		}
		if i == 0 && kind != 0 {
			return nil, bad("own explorer expected, got")
		}
		var a [6]int
		for j := range a {
			if a[j], err = strconv.Atoi(f[j+1]); err != nil {
				return nil, bad(err.Error() + " in entity")
			}
		}
		onMaze := o.floor(a[1], a[2])
		switch kind {
		case 0:
			if a[0] < 0 || a[0] >= Players || seen[a[0]] || !onMaze || a[3] < 0 || a[3] > MaxSanity ||
				a[4] < 0 || a[4] > StartPlans || a[5] < 0 || a[5] > StartLights {
				return nil, bad("explorer out of the referee's limits")
			}
			seen[a[0]] = true
			o.v.Explorers = append(o.v.Explorers, ExplorerView{a[0], a[1], a[2], a[3], a[4], a[5], 0})
			if i == 0 {
				o.v.Me = a[0]
			}
		case wanderer, slasher:
			if a[0] < 0 || a[0] >= MaxEntityID || !onMaze || a[3] < 0 || a[3] > maxLifeTime ||
				a[4] < stSpawning || a[4] > stStunned || a[5] < -1 || a[5] >= Players {
				return nil, bad("minion out of the referee's limits")
			}
			o.v.Minions = append(o.v.Minions, MinionView{kind, a[0], a[1], a[2], a[3], a[4], a[5]})
		default:
			okCell, okCaster, okReceiver := onMaze, a[4] >= 0 && a[4] < Players, a[5] == -1
			switch kind {
			case effShelter:
				okCaster = a[4] == -1
			case effYell:
				okCell, okReceiver = a[1] == -1 && a[2] == -1, a[5] >= 0 && a[5] < Players
			}
			if a[0] != -1 || !okCell || !okCaster || !okReceiver || a[3] < 0 || a[3] > effectTicks[kind] {
				return nil, bad("effect out of the referee's limits")
			}
			o.v.Effects = append(o.v.Effects, EffectView{kind, a[1], a[2], a[3], a[4], a[5]})
			if kind == effYell {
				o.yelled[a[5]] |= 1 << a[4]
			}
		}
	}
	for i := range o.v.Explorers {
		o.v.Explorers[i].YelledBy = o.yelled[o.v.Explorers[i].ID]
	}
	v := o.v
	return &v, nil
}

// floor reports whether (x, y) is a cell of the maze that is not a wall:
// where the referee puts explorers, minions and the effects cast there.
func (o *Observer) floor(x, y int) bool {
	return y >= 0 && y < len(o.v.Rows) && x >= 0 && x < len(o.v.Rows[y]) && o.v.Rows[y][x] != '#'
}

// Check reports whether Observe would accept init (when not nil) and input
// (when not nil), without changing o: the bot checks each block as it reads
// it, and stops with the error rather than act on input outside the
// referee's limits. It works on a shallow copy, which is enough because
// Observe and readInit replace o's slices rather than write into them.
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
	if len(init) < 3 {
		return fmt.Errorf("kutulu: %d init lines", len(init))
	}
	w, err1 := strconv.Atoi(init[0])
	h, err2 := strconv.Atoi(init[1])
	if err1 != nil || err2 != nil || w < 1 || h < 1 || w > MaxSize || h > MaxSize || len(init) != h+3 {
		return fmt.Errorf("kutulu: init lines 1-2: size %q %q for %d lines (at most %d)", init[0], init[1], len(init), MaxSize)
	}
	rows := append([]string(nil), init[2:2+h]...)
	for y, r := range rows {
		if len(r) != w || strings.Trim(r, "#.wU") != "" {
			return fmt.Errorf("kutulu: init line %d: map row %q", 3+y, r)
		}
	}
	var c [4]int
	f := strings.Fields(init[2+h])
	bad := len(f) != 4
	for k := 0; k < len(c) && !bad; k++ {
		var err error
		c[k], err = strconv.Atoi(f[k])
		bad = err != nil
	}
	if bad || c[0] < minLonelyLoss || c[0] > maxLonelyLoss || c[1] < minGroupLoss || c[1] > maxGroupLoss ||
		c[2] < minSpawnTime || c[2] > maxSpawnTime || c[3] < minLifeTime || c[3] > maxLifeTime {
		return fmt.Errorf("kutulu: init line %d: constants %q out of the referee's limits", 3+h, init[2+h])
	}
	o.v.LonelyLoss, o.v.GroupLoss, o.v.SpawnTime, o.v.LifeTime = c[0], c[1], c[2], c[3]
	o.v.Width, o.v.Height, o.v.Rows = w, h, rows
	o.inited = true
	return nil
}
