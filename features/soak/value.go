package soak

import "cgpolicy/engine"

import es "cgpolicy/engine/soak"

// team distances: a cell goes to the team whose nearest agent is closer,
// the distance doubled for agents at 50 wetness or more (the referee's
// scoring rule).
type spot struct{ x, y, m, team int }

// spots lists the living agents as scoring sees them, with agent id moved
// to (mx, my) (id 0 moves nobody); team 0 is player me.
func spots(s *es.State, me, id, mx, my int, dst *[es.MaxAgents]spot) int {
	k := 0
	for _, a := range s.Agents() {
		if !a.Alive {
			continue
		}
		sp := spot{x: a.X, y: a.Y, m: 1, team: 0}
		if a.ID == id {
			sp.x, sp.y = mx, my
		}
		if a.Wetness >= 50 {
			sp.m = 2
		}
		if a.Owner != me {
			sp.team = 1
		}
		dst[k] = sp
		k++
	}
	return k
}

// control counts the cells each team holds; cells, if not nil, receives +1,
// -1 or 0 per cell.
func control(w, h int, sp []spot, cells *[maxCells]int8) (own, enemy int) {
	const inf = 1 << 30
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b0, b1 := inf, inf
			for _, p := range sp {
				d := (engine.Abs(x-p.x) + engine.Abs(y-p.y)) * p.m
				if p.team == 0 {
					if d < b0 {
						b0 = d
					}
				} else if d < b1 {
					b1 = d
				}
			}
			var v int8
			switch {
			case b0 < b1:
				own++
				v = 1
			case b1 < b0:
				enemy++
				v = -1
			}
			if cells != nil {
				cells[y*w+x] = v
			}
		}
	}
	return own, enemy
}

func controlMap(s *es.State, me int, cells *[maxCells]int8) (own, enemy int) {
	var sp [es.MaxAgents]spot
	k := spots(s, me, 0, 0, 0, &sp)
	return control(s.Width(), s.Height(), sp[:k], cells)
}

// controlWith is own minus enemy cells with agent id standing at (x, y).
func controlWith(s *es.State, me, id, x, y int) int {
	var sp [es.MaxAgents]spot
	k := spots(s, me, id, x, y, &sp)
	own, enemy := control(s.Width(), s.Height(), sp[:k], nil)
	return own - enemy
}

// Value weights, in points: what a living agent is worth, how much its
// wetness and crossing 50 cost, and how many turns of the current control
// difference count as already earned.
const (
	agentWorth   = 40
	wetCost      = 0.4
	wet50Cost    = 10
	ctlTurns     = 3
	winValue     = 1000
	pointsWeight = 1
)

// Value is a heuristic evaluation of s for player me, in points: the
// points lead, plus living agents and their dryness, plus a few turns of the
// current control difference. A finished game is worth ±winValue (plus a
// little of the points lead so that wider wins rank higher). It is
// mirror-symmetric and allocates nothing.
func Value(s *es.State, me int) float64 {
	opp := 1 - me
	diff := float64(s.Points(me) - s.Points(opp))
	if s.Done() || s.Alive(me) == 0 || s.Alive(opp) == 0 {
		am, ao := s.Alive(me), s.Alive(opp)
		switch {
		case am > 0 && ao == 0:
			return winValue + diff*0.01
		case ao > 0 && am == 0:
			return -winValue + diff*0.01
		case diff > 0:
			return winValue + diff*0.01
		case diff < 0:
			return -winValue + diff*0.01
		}
		return 0
	}
	// each team summed on its own, in id order, so that the mirrored
	// position gives bit-identical values
	var own, theirs float64
	for _, a := range s.Agents() {
		if !a.Alive {
			continue
		}
		w := agentWorth + wetCost*float64(100-a.Wetness)
		if a.Wetness >= 50 {
			w -= wet50Cost
		}
		if a.Owner == me {
			own += w
		} else {
			theirs += w
		}
	}
	v := diff*pointsWeight + (own - theirs)
	var sp [es.MaxAgents]spot
	k := spots(s, me, 0, 0, 0, &sp)
	cOwn, cEnemy := control(s.Width(), s.Height(), sp[:k], nil)
	rem := es.MaxTurns - s.Turn()
	t := ctlTurns
	if rem < t {
		t = rem
	}
	return v + float64((cOwn-cEnemy)*t)
}
