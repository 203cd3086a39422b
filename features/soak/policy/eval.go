package policy

import (
	"cgpolicy/engine"
	"cgpolicy/engine/soak"
)

// Weights of the heuristic, in points: one cell held for one turn is one
// point, and a point of wetness on an agent is worth about as much, since
// wet agents lose their zones and dead ones lose everything.
const (
	wetHalfBonus = 20.0  // pushing an agent to 50 wetness doubles its zone distance
	killBonus    = 100.0 // a dead agent holds no cell and fires no shot again
)

// ShotDamage is the engine's shot formula (soak.State.ShotDamage), with
// a shot at the shooter's own cell counted as out of reach: policies use it
// to judge shots and exposure without simulating.
func ShotDamage(s *soak.State, c soak.Class, x, y, tx, ty int, hunker bool) (int, bool) {
	if x == tx && y == ty {
		return 0, false
	}
	return s.ShotDamage(c, x, y, tx, ty, hunker)
}

// WoundValue is what dmg more wetness on an agent that already has wet is
// worth: the wetness itself up to death, a bonus for crossing 50, and a
// larger one for the kill. The greedy counts it as gain on enemies and as
// loss on its own agents; a search can use it the same way.
func WoundValue(wet, dmg int) float64 {
	if wet >= 100 || dmg <= 0 {
		return 0
	}
	after := wet + dmg
	v := float64(dmg)
	if after >= 100 {
		v = float64(100-wet) + killBonus
	}
	if wet < 50 && after >= 50 {
		v += wetHalfBonus
	}
	return v
}

// agentWorth is a living agent's value in Evaluate: what a kill would take
// away from full health.
func agentWorth(a soak.Agent) float64 {
	if !a.Alive {
		return 0
	}
	return WoundValue(a.Wetness, 100)
}

// ZoneDiff counts the cells player me controls minus those the opponent
// controls, as the referee scores them at the end of a turn.
func ZoneDiff(s *soak.State, me int) int {
	var pos [soak.MaxAgents]zoneAgent
	n := 0
	for _, a := range s.Agents() {
		if a.Alive {
			pos[n] = zoneAgent{x: a.X, y: a.Y, mine: a.Owner == me, wet: a.Wetness}
			n++
		}
	}
	return zoneDiff(s.Width(), s.Height(), pos[:n])
}

// zoneAgent is an agent's place in a zone count.
type zoneAgent struct {
	x, y int
	mine bool
	wet  int
}

// zoneDiff is ZoneDiff for agents at given places, so the greedy can try
// moves without copying the state.
func zoneDiff(w, h int, ags []zoneAgent) int {
	var haveMine, haveTheirs bool
	for _, a := range ags {
		if a.mine {
			haveMine = true
		} else {
			haveTheirs = true
		}
	}
	switch {
	case !haveMine && !haveTheirs:
		return 0
	case !haveTheirs:
		return w * h
	case !haveMine:
		return -w * h
	}
	diff := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			mine, theirs := 1<<30, 1<<30
			for _, a := range ags {
				d := engine.Abs(a.x-x) + engine.Abs(a.y-y)
				if a.wet >= 50 {
					d *= 2
				}
				if a.mine {
					if d < mine {
						mine = d
					}
				} else if d < theirs {
					theirs = d
				}
			}
			if mine < theirs {
				diff++
			} else if theirs < mine {
				diff--
			}
		}
	}
	return diff
}

// Evaluate scores s from player me's side, in points: the points lead, the
// cells each side holds now (what the next turns will add), and the health
// of both teams. It is the greedy's notion of a good position, exported for
// searching policies that look further ahead.
func Evaluate(s *soak.State, me int) float64 {
	v := float64(s.Points(me)-s.Points(1-me)) + 3*float64(ZoneDiff(s, me))
	for _, a := range s.Agents() {
		if a.Owner == me {
			v += agentWorth(a)
		} else {
			v -= agentWorth(a)
		}
	}
	return v
}
