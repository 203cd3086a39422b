package baselines

import (
	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
)

// Economist tuning: how long it builds, how many recyclers it keeps, and
// the least matter a recycler must promise for the cells it destroys.
const (
	econTurns    = 30
	econMax      = 6
	econMinGain  = 20
	econLostCost = 6
	econSafe     = 3 // distance from enemy ground a recycler must keep
	econReserve  = 30
)

// Economist builds matter first: in the first turns it puts recyclers on
// its own safe ground wherever they harvest most, spawns only what it can
// spare, and claims neutral cells close to home with a few units. Later it
// spends everything on units at the cells nearest the enemy and marches
// every stack on the enemy's ground. It beats bots that spread thin and
// loses to an early rush.
type Economist struct {
	k  kit
	st []int
}

// NewEconomist returns the economist.
func NewEconomist() policy.Policy { return &Economist{} }

// Act implements policy.Policy.
func (e *Economist) Act(v *grass.View, dst []grass.Action) []grass.Action {
	k := e.k.reset(v)
	early := k.s.Turn() < econTurns
	if early {
		own := 0
		for _, c := range k.cells {
			if c.Recycler && c.Owner == 0 {
				own++
			}
		}
		if own < econMax {
			b, bv := -1, 0
			for i := range k.cells {
				if !k.s.CanBuild(0, i) || k.dOpp[i] < econSafe || k.nearRecycler(i) {
					continue
				}
				g, l := k.harvest(i)
				if v := g - econLostCost*l; g >= econMinGain && v > bv {
					b, bv = i, v
				}
			}
			if b >= 0 {
				dst = k.build(dst, b)
			}
		}
	}
	e.st = k.stacks(e.st[:0])
	for _, i := range e.st {
		n := int(k.cells[i].Units[0])
		k.from(i)
		// a couple of units claim the nearest neutral cells on our side
		for fan := 0; fan < 2 && n > 1 && k.neutral > 0; fan++ {
			t := k.nearest(func(j int) bool {
				return k.cells[j].Owner < 0 && k.claimed[j] == 0 && k.dMe[j] <= k.dOpp[j]
			})
			if t < 0 {
				break
			}
			dst = k.move(dst, 1, i, t)
			n--
		}
		if n == 0 {
			continue
		}
		t := k.nearest(func(j int) bool { return k.cells[j].Owner == 1 })
		if t < 0 {
			t = k.nearest(func(j int) bool { return j != i && int(k.cells[j].Owner) != 0 })
		}
		if t >= 0 {
			dst = k.move(dst, n, i, t)
		}
	}
	keep := 0
	if early {
		keep = econReserve
	}
	for k.matter-keep >= grass.UnitCost {
		b := -1
		for i, c := range k.cells {
			if int(c.Owner) != 0 || !walkable(c) || k.built[i] {
				continue
			}
			if b < 0 || k.dOpp[i]+k.claimed[i] < k.dOpp[b]+k.claimed[b] {
				b = i
			}
		}
		if b < 0 {
			break
		}
		n := 2
		if k.matter-keep < 2*grass.UnitCost {
			n = 1
		}
		before := len(dst)
		dst = k.spawn(dst, n, b)
		if len(dst) == before {
			break
		}
	}
	return dst
}
