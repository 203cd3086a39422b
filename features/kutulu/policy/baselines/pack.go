package baselines

import (
	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
)

// Pack tuning, in sanity points.
const (
	// packPull is what each step of mean walking distance to the others
	// costs: the pack keeps to their middle, not just next to one.
	packPull = 3
	// packEach is what each explorer within the group range adds beyond
	// the first, which already spares the lonely loss.
	packEach = 2
	// packPlanCost and packPlanEach: a PLAN is worth it among others, the
	// more of them it heals the better.
	packPlanCost = 10
	packPlanEach = 6
)

// Pack is the pack follower: it walks to the middle of the other explorers
// (the least mean walking distance to them) and stays within the group
// range, where sanity drains slowest, leaving only for a spook or a
// slasher's line. It casts PLAN when it is hurt and others stand close
// enough to be healed with it, never LIGHT or YELL. It lasts as long as
// the group does and shares its fate.
type Pack struct{ k kit }

// NewPack returns the pack follower.
func NewPack() policy.Policy { return &Pack{} }

// Act implements policy.Policy.
func (p *Pack) Act(v *ek.View, dst []ek.Action) []ek.Action { return p.k.act(v, dst, p.choose) }

// choose is the candidate p plays when there is a move to choose.
func (p *Pack) choose(v *ek.View, k *kit, a *fk.Analysis) int {
	group := float32(3 + 3*(v.LonelyLoss-v.GroupLoss))
	me := k.me()
	i := k.best(func(i int) float32 {
		t := &a.Terms[i]
		c := a.Cells[i]
		s := -danger(t) + 10*t[fk.TShelter] + 5*t[fk.TPlanHeal]
		if g := k.grouped(c); g > 0 {
			s += group + packEach*float32(g-1)
		}
		if a.NOthers > 0 {
			sum := 0
			for j := 0; j < a.NOthers; j++ {
				if d := k.od[j][c]; d >= 0 {
					sum += int(d)
				} else {
					sum += 30
				}
			}
			s -= packPull * float32(sum) / float32(a.NOthers)
		}
		switch a.Kinds[i] {
		case fk.CandStay:
			s += 0.5
		case fk.CandPlan:
			n := k.near(a.MyCell, 2)
			s -= packPlanCost
			if n > 0 && me.Sanity <= ek.MaxSanity-3*(n+1)*4 {
				s += packPlanEach * float32(n+1)
			}
		case fk.CandLight, fk.CandYell:
			s -= 1000
		}
		return s
	})
	return i
}
