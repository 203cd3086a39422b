package kutulu

import ek "cgpolicy/engine/kutulu"

// MaxCands bounds the candidates of a turn: stay, four steps, PLAN, LIGHT
// and YELL.
const MaxCands = 8

// Terms of a candidate, in the order of Analysis.Terms. Wanderer counts are
// weighted: 1 for a wanderer that chases this explorer (or nobody yet, or
// is nearer to it than to its target), less for one chasing another.
const (
	TSpook      = iota // wanderers that reach the cell this turn
	TNear2             // wanderers two steps away (next turn's threat)
	TNear4             // wanderers three or four steps away
	TRush              // a rushing slasher lands on the cell this turn
	TSight             // slashers that see the cell and may rush soon
	TGroup             // another explorer within the group range
	TDistOther         // steps to the nearest other explorer, /20, at most 1
	TShelter           // a shelter with energy, and sanity to gain
	TPlanHeal          // other explorers' PLANs that heal on the cell
	TDeadEnd           // a dead end with a wanderer within five steps
	TStay              // one-hot: stay (WAIT); a step has none set
	TPlan              // PLAN
	TLight             // LIGHT
	TYell              // YELL
	TPlanValue         // explorers a PLAN heals now (with me), when sanity is down
	TLightValue        // wanderers chasing me two to five steps away
	TYellValue         // explorers next to me that a YELL stuns
	TWanderMin         // steps to the nearest wanderer, /10, at most 1
	// NumTerms is the length of a candidate's terms.
	NumTerms
)

// Candidate kinds, Analysis.Kinds.
const (
	CandStay = iota
	CandStep
	CandPlan
	CandLight
	CandYell
)

// Minion states and effect kinds as the input numbers them.
const (
	stSpawning = 0
	stWander   = 1
	stStalking = 2
	stRush     = 3
	stStunned  = 4
	kWanderer  = 1
	kSlasher   = 2
	effShelter = 3
	effPlan    = 4
	effLight   = 5
	effYell    = 6
)

// Analysis is the candidates of the view's explorer for one turn and
// their terms. It is reused turn after turn and allocates nothing once it
// has loaded the maze.
type Analysis struct {
	G    Grid
	View *ek.View
	// MyCell is the explorer's cell; Others the other explorers' cells,
	// NOthers of them.
	MyCell  int
	Others  [3]int
	NOthers int
	// Stunned: a yell keeps the explorer from acting; every candidate
	// is a WAIT then.
	Stunned bool
	// HasEffect: a PLAN, LIGHT or YELL of the explorer's is still on, so
	// none can be cast.
	HasEffect bool

	N     int
	Acts  [MaxCands]ek.Action
	Kinds [MaxCands]int
	Cells [MaxCands]int
	Terms [MaxCands][NumTerms]float32

	dist  [5][maxCells]int16 // from the stay cell and the four steps
	other [3][maxCells]int16 // from each other explorer
}

// Reset analyses v for the explorer it belongs to and returns the number
// of candidates (at least 1: stay).
func (a *Analysis) Reset(v *ek.View) int {
	a.View = v
	a.G.Load(v)
	a.N, a.NOthers = 0, 0
	if len(v.Explorers) == 0 || a.G.W == 0 {
		a.add(CandStay, ek.Action{Kind: ek.Wait}, 0)
		return a.N
	}
	me := &v.Explorers[0]
	a.MyCell, _ = a.G.Cell(me.X, me.Y)
	for i := 1; i < len(v.Explorers) && a.NOthers < 3; i++ {
		c, _ := a.G.Cell(v.Explorers[i].X, v.Explorers[i].Y)
		a.Others[a.NOthers] = c
		a.G.BFS(c, &a.other[a.NOthers])
		a.NOthers++
	}
	a.Stunned, a.HasEffect = false, false
	for _, e := range v.Effects {
		if e.Kind == effYell && e.Receiver == me.ID {
			a.Stunned = true
		}
		if e.Kind != effShelter && e.Caster == me.ID {
			a.HasEffect = true
		}
	}
	a.add(CandStay, ek.Action{Kind: ek.Wait}, a.MyCell)
	if !a.Stunned {
		for d := 0; d < 4; d++ {
			if nb := a.G.Next[a.MyCell][d]; nb >= 0 {
				x, y := a.G.XY(int(nb))
				a.add(CandStep, ek.Action{Kind: ek.Move, X: x, Y: y}, int(nb))
			}
		}
		if !a.HasEffect && me.Plans > 0 {
			a.add(CandPlan, ek.Action{Kind: ek.Plan}, a.MyCell)
		}
		if !a.HasEffect && me.Lights > 0 {
			a.add(CandLight, ek.Action{Kind: ek.Light}, a.MyCell)
		}
		if a.yellTargets() > 0 {
			a.add(CandYell, ek.Action{Kind: ek.Yell}, a.MyCell)
		}
	}
	for k := 0; k < a.N; k++ {
		a.terms(k)
	}
	return a.N
}

func (a *Analysis) add(kind int, act ek.Action, cell int) {
	a.Kinds[a.N], a.Acts[a.N], a.Cells[a.N] = kind, act, cell
	a.N++
}

// yellTargets counts the explorers next to me that my YELL would stun:
// within one cell and not yelled at by me before.
func (a *Analysis) yellTargets() int {
	v := a.View
	me := v.Explorers[0].ID
	n := 0
	for i := 1; i < len(v.Explorers); i++ {
		e := &v.Explorers[i]
		c, _ := a.G.Cell(e.X, e.Y)
		if a.G.Manhattan(c, a.MyCell) <= 1 && e.YelledBy&(1<<uint(me)) == 0 {
			n++
		}
	}
	return n
}

// distFrom returns the distances from candidate k's cell: a step's own
// search, the stay search for the others.
func (a *Analysis) distFrom(k int) *[maxCells]int16 {
	if k < 5 && (k == 0 || a.Kinds[k] == CandStep) {
		return &a.dist[k]
	}
	return &a.dist[0]
}

// terms fills the terms of candidate k.
func (a *Analysis) terms(k int) {
	v := a.View
	t := &a.Terms[k]
	*t = [NumTerms]float32{}
	cell := a.Cells[k]
	dist := a.distFrom(k)
	if k == 0 || a.Kinds[k] == CandStep {
		a.G.BFS(cell, dist)
	}
	me := &v.Explorers[0]
	wmin := 10
	for i := range v.Minions {
		m := &v.Minions[i]
		mc, ok := a.G.Cell(m.X, m.Y)
		if !ok {
			continue
		}
		if m.Kind == kWanderer {
			d := int(dist[mc])
			if d < 0 {
				continue
			}
			if m.State == stSpawning {
				d += m.Countdown
			} else if m.State != stWander {
				continue
			}
			if d < wmin {
				wmin = d
			}
			w := a.chaseWeight(m, mc, d)
			switch {
			case d <= 1:
				t[TSpook] += w
			case d == 2:
				t[TNear2] += w
			case d <= 4:
				t[TNear4] += w
			}
			if a.Kinds[k] == CandLight && a.dist[0][mc] >= 2 && a.dist[0][mc] <= 5 && w == 1 {
				t[TLightValue]++
			}
			continue
		}
		sees := a.G.InSight(mc, cell)
		switch m.State {
		case stRush:
			if sees || m.Target == me.ID && (cell == a.MyCell || cell == mc) {
				t[TRush]++
			}
		case stStalking, stWander:
			if sees {
				t[TSight]++
			}
		case stSpawning:
			if sees && m.Countdown <= 2 {
				t[TSight]++
			}
			if m.Target == me.ID && cell == mc && m.Countdown <= 1 {
				t[TRush]++
			}
		case stStunned:
			if sees && m.Countdown <= 1 {
				t[TSight] += 0.5
			}
		}
	}
	t[TWanderMin] = float32(wmin) / 10
	if wmin <= 5 && a.G.Exits(cell) <= 1 {
		t[TDeadEnd] = 1
	}
	near := 20
	for i := 0; i < a.NOthers; i++ {
		if a.G.Manhattan(cell, a.Others[i]) <= ek.NotAloneRange {
			t[TGroup] = 1
		}
		if d := int(a.other[i][cell]); d >= 0 && d < near {
			near = d
		}
	}
	t[TDistOther] = float32(near) / 20
	for _, e := range v.Effects {
		switch e.Kind {
		case effShelter:
			if c, ok := a.G.Cell(e.X, e.Y); ok && c == cell && e.Tick > 0 && me.Sanity <= ek.MaxSanity-5 {
				t[TShelter] = 1
			}
		case effPlan:
			if e.Caster != me.ID && e.Tick > 0 {
				if c, ok := a.G.Cell(e.X, e.Y); ok && dist[c] >= 0 && dist[c] <= 2 {
					t[TPlanHeal]++
				}
			}
		}
	}
	switch a.Kinds[k] {
	case CandStay:
		t[TStay] = 1
	case CandPlan:
		t[TPlan] = 1
		if me.Sanity <= ek.MaxSanity-20 {
			n := 1
			for i := 0; i < a.NOthers; i++ {
				if d := a.dist[0][a.Others[i]]; d >= 0 && d <= 2 {
					n++
				}
			}
			if me.Sanity < 150 {
				n++
			}
			t[TPlanValue] = float32(n)
		}
	case CandLight:
		t[TLight] = 1
	case CandYell:
		t[TYell] = 1
		t[TYellValue] = float32(a.yellTargets())
	}
}

// chaseWeight is how surely wanderer m, d steps from a candidate cell,
// comes for me: 1 when it chases me or nobody, or I am nearer than its
// target; 0.35 otherwise.
func (a *Analysis) chaseWeight(m *ek.MinionView, mc, d int) float32 {
	v := a.View
	if m.Target < 0 || m.Target == v.Explorers[0].ID {
		return 1
	}
	for i := 1; i < len(v.Explorers) && i-1 < a.NOthers; i++ {
		if v.Explorers[i].ID == m.Target {
			if td := int(a.other[i-1][mc]); td < 0 || d < td {
				return 1
			}
			return 0.35
		}
	}
	return 1
}
