package baselines

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
)

// Duellist tuning, in rum and cells.
const (
	// duelGrab is how near (bow to barrel) a barrel must be for the
	// duellist to leave its hunt for it, unless it is short of rum.
	duelGrab = 3
	// duelHungry is the rum below which it fetches barrels first.
	duelHungry = 40
	// duelRange is the bow distance it fires from at most: farther shots
	// fly long enough for the target to turn away.
	duelRange = 8
	// duelSlack is the play-out value a shot may cost (firing keeps the
	// course this turn); it is far above greedy's, so the duellist fires
	// whenever it safely can.
	duelSlack = 4.0
	// duelStandoff is the distance it keeps to its prey: close enough for
	// short flights, far enough not to ram it.
	duelStandoff = 4
)

// Duelist is the cannon duellist: each ship hunts the nearest enemy ship,
// steering for a stand-off point ahead of it, and fires whenever its
// cannon is ready at the cell where the target's centre will be when the
// ball lands: the leader plays the enemy's course forward (each ship
// steering for the barrel nearest its bow) for the ball's flight time,
// which depends on the distance. It fetches only the
// barrels right in front of it, or any when its rum runs low, and never
// lays a mine. It sinks careless ships and loses races for rum.
type Duelist struct {
	k     kit
	lead  leader
	taken []bool
}

// NewDuelist returns the duellist for one game.
func NewDuelist() policy.Policy { return &Duelist{} }

// Act implements policy.Policy.
func (d *Duelist) Act(v *cb.View, dst []cb.Action) []cb.Action {
	k := d.k.begin(v)
	d.lead.reset(v)
	if cap(d.taken) < len(v.Barrels) {
		d.taken = make([]bool, len(v.Barrels))
	}
	got := k.barrels(func(sh *cb.Ship, b cb.Barrel) (float64, bool) {
		my := sh.Bow().Distance(b.Pos)
		return float64(my), my <= duelGrab || sh.Rum < duelHungry
	}, d.taken[:len(v.Barrels)])
	for i := 0; i < k.t.N; i++ {
		if !got[i] {
			if e := prey(v, k.t.Ship(i)); e != nil {
				k.aim(i, fcb.Ahead(e.Pos, e.Orient, 2+2*e.Speed))
			}
		}
	}
	for i := 0; i < k.t.N; i++ {
		sh := k.t.Ship(i)
		best, bestV, waitV := k.steer(i, func(o fcb.Outcome) float64 {
			v := base(o) + 0.5*float64(o.OppLoss)
			if o.Enemy < duelStandoff-1 {
				v -= float64(duelStandoff - 1 - o.Enemy)
			}
			return v
		})
		if sh.CannonCD <= 1 && waitV >= bestV-duelSlack {
			if c, ok := d.leadShot(v, sh); ok {
				dst = append(dst, k.commit(i, cb.Action{Kind: cb.Fire, X: c.X, Y: c.Y}))
				continue
			}
		}
		dst = append(dst, k.commit(i, cb.Action{Kind: best}))
	}
	return dst
}

// prey is the enemy ship nearest to sh, or nil.
func prey(v *cb.View, sh *cb.Ship) *cb.Ship {
	var best *cb.Ship
	bd := 0
	for i := range v.Ships {
		if e := &v.Ships[i]; e.Owner != 0 {
			if d := sh.Pos.Distance(e.Pos); best == nil || d < bd {
				best, bd = e, d
			}
		}
	}
	return best
}

// leadShot is the led shot of sh: where the enemy ship whose shot lands
// soonest will be when the ball lands (the shortest flight leaves it the
// least time to turn), within duelRange of the bow, on the map and not
// next to an own ship.
func (d *Duelist) leadShot(v *cb.View, sh *cb.Ship) (cb.Coord, bool) {
	bow := sh.Bow()
	best, bd := cb.Coord{}, -1
	for k := 0; k < d.lead.n; k++ {
		c := d.lead.shot(bow, k)
		dist := bow.Distance(c)
		if c.Inside() && dist <= duelRange && !ownNear(v, c) && (bd < 0 || dist < bd) {
			best, bd = c, dist
		}
	}
	return best, bd >= 0
}
