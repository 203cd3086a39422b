package baselines

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
)

// Racer tuning, in rum and cells.
const (
	// racerLate is how many cells later than the enemy the racer may
	// reach a barrel and still go for it; it gives up closer races.
	racerLate = 2
	// racerRumPerCell trades a barrel's rum against the way to it.
	racerRumPerCell = 0.05
	// racerShy is the distance to the nearest enemy the racer keeps, and
	// racerShyCost what each cell closer costs in a play-out's score.
	racerShy     = 4
	racerShyCost = 2.0
)

// Racer is the barrel racer: it never fires and never lays a mine. Each
// ship sails for the barrel it can reach first (nearest, richest as a
// tie-break, less the rum its hold cannot take over the cap), gives up
// those the enemy will surely reach first, and steers
// away from enemy ships and from every cannonball and mine it can see.
// With no barrel left it sails to the open water farthest from the enemy,
// where a moving ship is hardest to hit. It wins the race for rum and
// loses every fight it cannot run from.
type Racer struct {
	k     kit
	taken []bool
}

// NewRacer returns the racer for one game.
func NewRacer() policy.Policy { return &Racer{} }

// Act implements policy.Policy.
func (r *Racer) Act(v *cb.View, dst []cb.Action) []cb.Action {
	k := r.k.begin(v)
	if cap(r.taken) < len(v.Barrels) {
		r.taken = make([]bool, len(v.Barrels))
	}
	got := k.barrels(func(sh *cb.Ship, b cb.Barrel) (float64, bool) {
		my := sh.Bow().Distance(b.Pos)
		c := float64(my) - racerRumPerCell*float64(b.Rum)
		if bowDist(v, b.Pos)+racerLate < my {
			c += 20 // a lost race: only if nothing else is left
		}
		if over := sh.Rum + b.Rum - cb.MaxRum; over > 0 {
			c += racerRumPerCell * float64(over) // rum over the cap is lost
		}
		return c, true
	}, r.taken[:len(v.Barrels)])
	for i := 0; i < k.t.N; i++ {
		if !got[i] {
			k.aim(i, refuge(v, k.t.Ship(i)))
		}
	}
	for i := 0; i < k.t.N; i++ {
		best, _, _ := k.steer(i, func(o fcb.Outcome) float64 {
			v := base(o)
			if o.Enemy < racerShy {
				v -= racerShyCost * float64(racerShy-o.Enemy)
			}
			return v
		})
		dst = append(dst, k.commit(i, cb.Action{Kind: best}))
	}
	return dst
}

// refuge is the open-water cell farthest from every enemy ship, less a
// little for the way there; cells next to sh do not count, so a ship that
// arrived picks the next refuge and keeps moving.
func refuge(v *cb.View, sh *cb.Ship) cb.Coord {
	best, bs := sh.Pos, -1e9
	for y := 3; y < cb.Height-2; y += 4 {
		for x := 3; x < cb.Width-2; x += 4 {
			c := cb.Coord{X: x, Y: y}
			if c.Distance(sh.Pos) <= 2 {
				continue
			}
			far := 99
			for i := range v.Ships {
				if e := &v.Ships[i]; e.Owner != 0 {
					if d := c.Distance(e.Pos); d < far {
						far = d
					}
				}
			}
			if s := float64(far) - 0.4*float64(c.Distance(sh.Pos)); s > bs {
				best, bs = c, s
			}
		}
	}
	return best
}
