package baselines

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
)

// Miner tuning, in rum and cells.
const (
	// minerLead is how many cells ahead of the enemy it sails when no
	// barrel is left and it is behind: in front of it, where its mines
	// lie on the enemy's course.
	minerLead = 6
	// minerPath is how far ahead of an enemy's bow its straight course
	// counts as its path.
	minerPath = 6
	// minerSlack is the play-out value a mine may cost (laying keeps the
	// course this turn).
	minerSlack = 3.0
	// minerShy is the distance to the nearest enemy the miner keeps, and
	// minerShyCost what each cell closer costs.
	minerShy     = 4
	minerShyCost = 3.0
)

// Miner blocks: each ship fetches the barrels it reaches no later than
// the enemy, keeps its distance from enemy ships, and lays a mine (behind
// its stern) whenever the mine cell lies on an enemy's path: its straight
// course ahead, or a shortest way from its bow to the barrel nearest to
// it. With no barrel left it sails ahead of the nearest enemy when behind,
// so that its mines lie where the enemy goes, and to open water when
// ahead. It never fires. It wins against bots that follow it and loses to
// those that shoot.
type Miner struct {
	k     kit
	lead  leader
	taken []bool
	en    []*cb.Ship
}

// NewMiner returns the miner for one game.
func NewMiner() policy.Policy { return &Miner{} }

// Act implements policy.Policy.
func (m *Miner) Act(v *cb.View, dst []cb.Action) []cb.Action {
	k := m.k.begin(v)
	m.lead.reset(v)
	m.en = enemies(v, m.en[:0])
	if cap(m.taken) < len(v.Barrels) {
		m.taken = make([]bool, len(v.Barrels))
	}
	got := k.barrels(func(sh *cb.Ship, b cb.Barrel) (float64, bool) {
		my := sh.Bow().Distance(b.Pos)
		return float64(my), my <= bowDist(v, b.Pos)+1
	}, m.taken[:len(v.Barrels)])
	lead := fcb.Rum(v, 0) > fcb.Rum(v, 1)
	for i := 0; i < k.t.N; i++ {
		if got[i] {
			continue
		}
		sh := k.t.Ship(i)
		if e := prey(v, sh); e != nil && !lead {
			k.aim(i, fcb.Ahead(e.Pos, e.Orient, minerLead))
		} else {
			k.aim(i, refuge(v, sh))
		}
	}
	for i := 0; i < k.t.N; i++ {
		sh := k.t.Ship(i)
		best, bestV, waitV := k.steer(i, func(o fcb.Outcome) float64 {
			v := base(o)
			if o.Enemy < minerShy {
				v -= minerShyCost * float64(minerShy-o.Enemy)
			}
			return v
		})
		if sh.MineCD <= 1 && waitV >= bestV-minerSlack {
			if c, ok := fcb.MineCell(v, sh); ok && m.onPath(v, c) {
				dst = append(dst, k.commit(i, cb.Action{Kind: cb.LayMine}))
				continue
			}
		}
		dst = append(dst, k.commit(i, cb.Action{Kind: best}))
	}
	return dst
}

// onPath reports whether cell c lies on an enemy's path: within one cell
// of where the leader predicts its centre in the coming turns, of its
// straight course minerPath cells ahead of its bow, or on a shortest way
// (one cell of slack) from its bow to its nearest barrel.
func (m *Miner) onPath(v *cb.View, c cb.Coord) bool {
	for k := 0; k < m.lead.n; k++ {
		for t := 1; t <= leadTurns; t++ {
			if m.lead.at[t][k].Distance(c) <= 1 {
				return true
			}
		}
	}
	for _, e := range m.en {
		bow := e.Bow()
		p := bow
		for s := 0; s < minerPath; s++ {
			if p.Distance(c) <= 1 {
				return true
			}
			nx := p.Neighbor(e.Orient)
			if !nx.Inside() {
				break
			}
			p = nx
		}
		nb, nd := -1, 0
		for j, b := range v.Barrels {
			if d := bow.Distance(b.Pos); nb < 0 || d < nd {
				nb, nd = j, d
			}
		}
		if nb >= 0 && bow.Distance(c)+c.Distance(v.Barrels[nb].Pos) <= nd+1 {
			return true
		}
	}
	return false
}
