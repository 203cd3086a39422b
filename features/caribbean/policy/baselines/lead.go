package baselines

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
)

// leadTurns is how many turns ahead the enemy's course is played: a
// cannonball's longest flight (1 + round(10/3)).
const leadTurns = 4

// leader predicts where each enemy ship will be in the coming turns, for
// shots that lead their target: it plays the turn rebuilt from the view
// forward with every enemy ship steering (the referee's MOVE) to the
// barrel nearest its bow, as most bots do while barrels are left, and
// keeping its course once none is. Own ships keep their course.
type leader struct {
	sim, tmp *cb.State
	orders   [cb.MaxShips]cb.Action
	n        int                                  // enemy ships in the view
	at       [leadTurns + 1][cb.MaxShips]cb.Coord // centres by turn; 0 is now
}

// reset plays the enemy's course for view v.
func (l *leader) reset(v *cb.View) {
	l.sim = cb.FromView(v, l.sim)
	if l.tmp == nil {
		l.tmp = l.sim.Copy()
	}
	l.sim.CopyTo(l.tmp)
	en := l.tmp.PlayerShips(1)
	l.n = 0
	for i := range v.Ships {
		if v.Ships[i].Owner != 0 && l.n < len(en) {
			l.n++
		}
	}
	for k := 0; k < l.n; k++ {
		l.at[0][k] = en[k].Pos
	}
	for t := 1; t <= leadTurns; t++ {
		m := 0
		if !l.tmp.Done() {
			for k := range en {
				if !en[k].Alive {
					continue
				}
				l.orders[m] = cb.Action{Kind: cb.Wait}
				bow := en[k].Bow()
				best, bd := -1, 0
				for j, b := range l.tmp.Barrels() {
					if d := bow.Distance(b.Pos); best < 0 || d < bd {
						best, bd = j, d
					}
				}
				if best >= 0 {
					c := l.tmp.Barrels()[best].Pos
					l.orders[m] = cb.Action{Kind: cb.Move, X: c.X, Y: c.Y}
				}
				m++
			}
			_ = l.tmp.Step(nil, l.orders[:m])
		}
		for k := 0; k < l.n; k++ {
			l.at[t][k] = l.at[t-1][k]
			if en[k].Alive {
				l.at[t][k] = en[k].Pos
			}
		}
	}
}

// shot is where a ball fired from bow should land to meet enemy k: its
// predicted centre at the turn the ball lands there, refined since the
// flight time depends on the distance.
func (l *leader) shot(bow cb.Coord, k int) cb.Coord {
	f := fcb.Flight(bow.Distance(l.at[0][k]))
	for it := 0; it < 3; it++ {
		if f > leadTurns {
			f = leadTurns
		}
		f = fcb.Flight(bow.Distance(l.at[f][k]))
	}
	if f > leadTurns {
		f = leadTurns
	}
	return l.at[f][k]
}

// ownNear reports whether an own ship's centre is within 1 of c, where a
// shot would hurt it too.
func ownNear(v *cb.View, c cb.Coord) bool {
	for i := range v.Ships {
		if s := &v.Ships[i]; s.Owner == 0 && s.Pos.Distance(c) <= 1 {
			return true
		}
	}
	return false
}
