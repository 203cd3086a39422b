// Package baselines holds the hand-written Code of Kutulu bots of the
// evaluation pool and the league (issue 22): a pack follower that keeps
// in the middle of the other explorers, a loner that keeps away from the
// minions by their walking distance, and a skill user that spends PLAN,
// LIGHT and YELL where they pay, plus v1, the bot committed before the
// shared search, built from its commit (register.go, internal/frozen).
// Each plays a plan of its own, so that the learner and the arena measure
// more than how well a bot answers our greedy survivor.
//
// They register under their names in features/kutulu/policy, so the arena
// (builtin:NAME), the trainer's pool (policy.PoolNames) and the tests name
// them like any other policy. They live apart from package policy so that
// the CodinGame bot, which imports policy, does not carry them. Import
// this package (for its side effect) wherever the pool is played. Every
// baseline is deterministic: the same views give the same commands.
package baselines

import (
	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// maxCells bounds a maze's cells, as in features/kutulu.
const maxCells = 512

// Minion kinds and states as the input numbers them.
const (
	wanderer   = 1
	stSpawning = 0
	stWander   = 1
)

// noWanderer is the distance of a cell no wanderer reaches.
const noWanderer = 99

// kit is what the baselines share each turn: the candidates and their
// terms (fk.Analysis: the legal commands, the spooks and rushes each
// risks), each cell's walking distance from the nearest wanderer, and from
// each other explorer. Buffers are reused from turn to turn.
type kit struct {
	a       fk.Analysis
	wd      [maxCells]int16 // steps from the nearest wanderer, spawning ones by their countdown
	od      [3][maxCells]int16
	scratch [maxCells]int16
}

// act is a style's Act: it resets k for v and waits when there is no move
// to choose, and otherwise plays the candidate that choose picks.
func (k *kit) act(v *ek.View, dst []ek.Action, choose func(v *ek.View, k *kit, a *fk.Analysis) int) []ek.Action {
	k.reset(v)
	if k.a.N == 0 || len(v.Explorers) == 0 {
		return append(dst, ek.Action{Kind: ek.Wait})
	}
	return append(dst, k.a.Action(choose(v, k, &k.a)))
}

// reset analyses v and fills the distance maps.
func (k *kit) reset(v *ek.View) {
	a := &k.a
	a.Reset(v)
	n := a.G.W * a.G.H
	for c := 0; c < n; c++ {
		k.wd[c] = noWanderer
	}
	if n == 0 {
		return
	}
	for i := range v.Minions {
		m := &v.Minions[i]
		if m.Kind != wanderer || (m.State != stWander && m.State != stSpawning) {
			continue
		}
		mc, ok := a.G.Cell(m.X, m.Y)
		if !ok {
			continue
		}
		extra := int16(0)
		if m.State == stSpawning {
			extra = int16(m.Countdown)
		}
		a.G.BFS(mc, &k.scratch)
		for c := 0; c < n; c++ {
			if d := k.scratch[c]; d >= 0 && d+extra < k.wd[c] {
				k.wd[c] = d + extra
			}
		}
	}
	for i := 0; i < a.NOthers; i++ {
		a.G.BFS(a.Others[i], &k.od[i])
	}
}

// me is the explorer the view belongs to.
func (k *kit) me() *ek.ExplorerView { return &k.a.View.Explorers[0] }

// find is the index of the first candidate of kind, or -1.
func (k *kit) find(kind int) int {
	for i := 0; i < k.a.N; i++ {
		if k.a.Kinds[i] == kind {
			return i
		}
	}
	return -1
}

// near counts the other explorers within r walking steps of cell c.
func (k *kit) near(c, r int) int {
	n := 0
	for i := 0; i < k.a.NOthers; i++ {
		if d := k.od[i][c]; d >= 0 && int(d) <= r {
			n++
		}
	}
	return n
}

// grouped counts the other explorers within the group range (Manhattan
// distance 2) of cell c, those that spare the lonely loss.
func (k *kit) grouped(c int) int {
	n := 0
	for i := 0; i < k.a.NOthers; i++ {
		if k.a.G.Manhattan(c, k.a.Others[i]) <= 2 {
			n++
		}
	}
	return n
}

// danger is what a candidate's threats cost every baseline, in sanity
// points: a spook or a rush now costs 20 and more later, a wanderer two
// steps off is likely a spook next turn.
func danger(t *[fk.NumTerms]float32) float32 {
	return 100*t[fk.TSpook] + 100*t[fk.TRush] + 12*t[fk.TNear2] + 2*t[fk.TNear4] + 20*t[fk.TSight] + 6*t[fk.TDeadEnd]
}

// safe reports whether candidate i risks neither a spook nor a rush this
// turn.
func (k *kit) safe(i int) bool {
	if i < 0 {
		return false
	}
	t := &k.a.Terms[i]
	return t[fk.TSpook] == 0 && t[fk.TRush] == 0
}

// best is the candidate with the highest score, the first on ties.
func (k *kit) best(score func(i int) float32) int {
	b, bs := 0, score(0)
	for i := 1; i < k.a.N; i++ {
		if s := score(i); s > bs {
			b, bs = i, s
		}
	}
	return b
}
