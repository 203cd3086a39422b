package baselines

import (
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

// maxFan bounds how many different cells one stack spreads over in a turn;
// the rest of the stack follows the last of them.
const maxFan = 8

// Rusher claims ground as fast as it can: it never builds, every stack fans
// out one unit per unclaimed cell nearest to it (neutral or the enemy's),
// and all matter becomes units on the own cells that touch the most ground
// still to take. It wins maps that are decided by the first twenty turns and
// loses to anyone who outgrows it later.
type Rusher struct {
	k  kit
	st []int
}

// NewRusher returns the rusher.
func NewRusher() policy.Policy { return &Rusher{} }

// Act implements policy.Policy.
func (r *Rusher) Act(v *grass.View, dst []grass.Action) []grass.Action {
	k := r.k.reset(v)
	r.st = k.stacks(r.st[:0])
	for _, i := range r.st {
		n := int(k.cells[i].Units[0])
		k.from(i)
		for fan := 0; n > 0; fan++ {
			t := k.nearest(func(j int) bool {
				return j != i && int(k.cells[j].Owner) != 0 && k.claimed[j] == 0
			})
			if t < 0 {
				t = k.nearest(func(j int) bool { return k.cells[j].Owner == 1 })
			}
			if t < 0 {
				break
			}
			send := 1
			if fan == maxFan-1 || k.cells[t].Units[1] > 0 {
				send = n
			}
			dst = k.move(dst, send, i, t)
			n -= send
		}
	}
	// Spawn where the most unowned ground is close: one unit per cell,
	// round after round, until the matter runs out.
	return k.spawnWhile(dst, func() int {
		b, bv := -1, 0
		for i, c := range k.cells {
			if int(c.Owner) != 0 || !walkable(c) {
				continue
			}
			v := 0
			for _, j := range k.b.Neighbours(i) {
				if j >= 0 && walkable(k.cells[j]) && int(k.cells[j].Owner) != 0 {
					v += 2
				}
			}
			v -= int(k.claimed[i])
			if v > bv {
				b, bv = i, v
			}
		}
		if b < 0 {
			// nothing left to claim next to us: spawn nearest the enemy
			for i, c := range k.cells {
				if int(c.Owner) == 0 && walkable(c) && (b < 0 || k.dOpp[i] < k.dOpp[b]) {
					b = i
				}
			}
		}
		return b
	})
}
