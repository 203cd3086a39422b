package baselines

import (
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

// Wall builds a border and holds it: a recycler goes on any own cell the
// enemy is about to take with more units than we can put there, which
// turns it and its neighbours to grass and seals the way in; units stay on
// threatened border cells, claim only the neutral cells on our side of the
// map, and spawns match each threat before anything else. It plays for a
// safe half of the map rather than for the enemy's.
type Wall struct {
	k  kit
	st []int
}

// NewWall returns the wall builder.
func NewWall() policy.Policy { return &Wall{} }

// Act implements policy.Policy.
func (w *Wall) Act(v *grass.View, dst []grass.Action) []grass.Action {
	k := w.k.reset(v)
	// Seal: an empty own cell that the enemy can enter with more units
	// than stand beside it on our side.
	for i, c := range k.cells {
		if int(c.Owner) != 0 || !k.s.CanBuild(0, i) {
			continue
		}
		th := k.threat(i)
		if th == 0 {
			continue
		}
		var ours int32
		for _, j := range k.b.Neighbours(i) {
			if j >= 0 {
				ours += k.cells[j].Units[0]
			}
		}
		if th > ours+int32(k.matter/grass.UnitCost) || th >= 3 {
			dst = k.build(dst, i)
		}
	}
	w.st = k.stacks(w.st[:0])
	for _, i := range w.st {
		n := int(k.cells[i].Units[0])
		// hold a threatened cell with as many units as the threat
		if th := int(k.threat(i)); th > 0 {
			hold := th
			if hold > n {
				hold = n
			}
			n -= hold
			k.claimed[i] += int32(hold)
		}
		if n == 0 {
			continue
		}
		k.from(i)
		for fan := 0; n > 0 && fan < maxFan; fan++ {
			t := k.nearest(func(j int) bool {
				return k.cells[j].Owner < 0 && k.claimed[j] == 0 && k.dMe[j] <= k.dOpp[j]
			})
			if t < 0 {
				break
			}
			send := 1
			if fan == maxFan-1 {
				send = n
			}
			dst = k.move(dst, send, i, t)
			n -= send
		}
		if n == 0 {
			continue
		}
		// the rest go to the border: own cells an enemy could reach soon
		t := k.nearest(func(j int) bool {
			return int(k.cells[j].Owner) == 0 && k.dOpp[j] <= 2 && k.claimed[j] < k.threat(j)+1
		})
		if t < 0 {
			t = k.nearest(func(j int) bool { return k.cells[j].Owner == 1 })
		}
		if t >= 0 && t != i {
			dst = k.move(dst, n, i, t)
		}
	}
	// Spawn against each threat first, then on the border cells nearest
	// the neutral ground on our side.
	for i, c := range k.cells {
		if int(c.Owner) != 0 || !walkable(c) || k.built[i] {
			continue
		}
		if need := int(k.threat(i)) - int(c.Units[0]) - int(k.claimed[i]); need > 0 {
			dst = k.spawn(dst, need, i)
		}
	}
	return k.spawnWhile(dst, func() int {
		b := -1
		for i, c := range k.cells {
			if int(c.Owner) != 0 || !walkable(c) || k.built[i] {
				continue
			}
			if b < 0 || k.dOpp[i]+2*k.claimed[i] < k.dOpp[b]+2*k.claimed[b] {
				b = i
			}
		}
		return b
	})
}
