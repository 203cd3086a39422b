package baselines

import (
	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
)

// Skill user tuning.
const (
	// skillPlanBelow: a PLAN with nobody to share it once sanity is this
	// low; among others, as soon as the heal would not be wasted.
	skillPlanBelow = 150
	// skillYellReach: a YELL pins a neighbour whom a wanderer reaches
	// within this many steps, at least one step before it reaches me.
	skillYellReach = 2
)

// Skills spends its skills where they pay and moves like the greedy
// survivor otherwise. It YELLs at a neighbour it has not yelled at when a
// wanderer is about to reach that neighbour before it reaches itself: the
// stunned neighbour takes the spook and the wanderer is spent. It casts
// LIGHT when wanderers chasing it are two to five steps away and it could
// not step clear of them, and PLAN when others stand close enough to share
// the heal and it can use it all, or alone when its sanity runs low. It
// stays put for a skill only where no spook or rush reaches it.
type Skills struct{ k kit }

// NewSkills returns the skill user.
func NewSkills() policy.Policy { return &Skills{} }

// Act implements policy.Policy.
func (s *Skills) Act(v *ek.View, dst []ek.Action) []ek.Action { return s.k.act(v, dst, s.choose) }

// choose is the candidate s plays when there is a move to choose.
func (s *Skills) choose(v *ek.View, k *kit, a *fk.Analysis) int {
	move := k.best(func(i int) float32 {
		switch a.Kinds[i] {
		case fk.CandStay, fk.CandStep:
			return a.GreedyScore(i)
		}
		return -1e9
	})
	stay := k.find(fk.CandStay)
	if !k.safe(stay) {
		return move
	}
	if y := k.find(fk.CandYell); y >= 0 && k.yellPays() {
		return y
	}
	mt := &a.Terms[move]
	if l := k.find(fk.CandLight); l >= 0 {
		if lv := a.Terms[l][fk.TLightValue]; lv >= 2 || lv >= 1 && mt[fk.TNear2] > 0 {
			return l
		}
	}
	if p := k.find(fk.CandPlan); p >= 0 && mt[fk.TNear2] == 0 {
		me := k.me()
		n := k.near(a.MyCell, 2)
		if n > 0 && me.Sanity <= ek.MaxSanity-3*(n+1)*4 || me.Sanity < skillPlanBelow {
			return p
		}
	}
	return move
}

// yellPays reports whether a wanderer reaches a neighbour that my YELL
// would stun within skillYellReach steps, and sooner than it reaches me.
func (k *kit) yellPays() bool {
	a := &k.a
	v := a.View
	me := v.Explorers[0].ID
	for i := 1; i < len(v.Explorers) && i-1 < a.NOthers; i++ {
		e := &v.Explorers[i]
		oc := a.Others[i-1]
		if a.G.Manhattan(oc, a.MyCell) > 1 || e.YelledBy&(1<<uint(me)) != 0 {
			continue
		}
		if w := int(k.wd[oc]); w <= skillYellReach && w < int(k.wd[a.MyCell]) {
			return true
		}
	}
	return false
}
