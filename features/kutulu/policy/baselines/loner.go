package baselines

import (
	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
)

// Loner tuning, in sanity points and steps.
const (
	// lonerRoom is how far from the nearest wanderer still counts: beyond
	// it every cell is as good.
	lonerRoom = 10
	// lonerPerStep is what each step from the nearest wanderer is worth.
	lonerPerStep = 4
	// lonerLightNear: a LIGHT when a chasing wanderer is this close.
	lonerLightNear = 3
	// lonerPlanBelow: a PLAN, alone, once sanity is this low.
	lonerPlanBelow = 200
	// lonerRegion caps the cells counted in a candidate's safe region,
	// and lonerPerCell is what each is worth.
	lonerRegion  = 40
	lonerPerCell = 0.5
	// lonerGroup is how many turns of the sanity the group range saves a
	// cell near another explorer is worth: little, against the steps from
	// the wanderers.
	lonerGroup = 2
)

// Loner keeps away from the minions: each turn it steps to the cell
// farthest, by walking distance through the maze, from the nearest
// wanderer (spawning ones counted by their countdown), off every slasher's
// line, preferring cells from which it reaches more of the maze before any
// wanderer does (its safe region), where it cannot be cornered. The other explorers matter
// to it only to break ties. It casts LIGHT when a wanderer closes in and
// PLAN alone when hurt, never YELL. It survives the minions and pays the
// lonely loss for it.
type Loner struct {
	k    kit
	dist [maxCells]int16
}

// NewLoner returns the loner.
func NewLoner() policy.Policy { return &Loner{} }

// Act implements policy.Policy.
func (l *Loner) Act(v *ek.View, dst []ek.Action) []ek.Action { return l.k.act(v, dst, l.choose) }

// choose is the candidate l plays when there is a move to choose.
func (l *Loner) choose(v *ek.View, k *kit, a *fk.Analysis) int {
	me := k.me()
	i := k.best(func(i int) float32 {
		t := &a.Terms[i]
		c := a.Cells[i]
		wd := int(k.wd[c])
		if wd > lonerRoom {
			wd = lonerRoom
		}
		s := -100*t[fk.TSpook] - 100*t[fk.TRush] - 30*t[fk.TSight] - 10*t[fk.TDeadEnd] + 10*t[fk.TShelter]
		s += lonerPerStep*float32(wd) + lonerPerCell*float32(l.region(c)) + lonerGroup*float32(v.LonelyLoss-v.GroupLoss)*t[fk.TGroup]
		switch a.Kinds[i] {
		case fk.CandStay:
			s += 0.5
		case fk.CandPlan:
			s -= 1000
			if me.Sanity <= lonerPlanBelow {
				s += 1000 + 2
			}
		case fk.CandLight:
			s -= 1000
			if w := int(k.wd[a.MyCell]); w >= 2 && w <= lonerLightNear && t[fk.TLightValue] > 0 {
				s += 1000 + 10
			}
		case fk.CandYell:
			s -= 1000
		}
		return s
	})
	return i
}

// region counts the cells (up to lonerRegion) the loner reaches from cell
// c strictly before the nearest wanderer does.
func (l *Loner) region(c int) int {
	k := &l.k
	k.a.G.BFS(c, &l.dist)
	n := 0
	for x := 0; x < k.a.G.W*k.a.G.H && n < lonerRegion; x++ {
		if d := l.dist[x]; d >= 0 && d < k.wd[x] {
			n++
		}
	}
	return n
}
