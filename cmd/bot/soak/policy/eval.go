package policy

import (
	"math"

	"cgpolicy/engine/soak"
)

// Weights of the heuristic, in points: one cell held for one turn is one
// point, and a point of wetness on an agent is worth about as much, since
// wet agents lose their zones and dead ones lose everything.
const (
	wetHalfBonus = 20.0  // pushing an agent to 50 wetness doubles its zone distance
	killBonus    = 100.0 // a dead agent holds no cell and fires no shot again
)

// ShotDamage is the wetness a shot from (x, y) by a shooter of class c deals
// to an agent standing at (tx, ty), and whether the shot reaches at all. It
// follows the referee: full power up to the optimal range, half power up to
// twice it, the best cover next to the target on the shooter's side unless
// that cover touches the shooter, a quarter less when the target hunkers.
// Policies use it to judge shots and exposure without simulating.
func ShotDamage(s *soak.State, c soak.Class, x, y, tx, ty int, hunker bool) (int, bool) {
	st := c.Stats()
	dx, dy := tx-x, ty-y
	d := iabs(dx) + iabs(dy)
	if d == 0 || d > 2*st.Range {
		return 0, false
	}
	reach := 1.0
	if d > st.Range {
		reach = 0.5
	}
	cover := 1.0
	if iabs(dx) > 1 {
		cover = bestCover(s, cover, x, y, tx-isign(dx), ty)
	}
	if iabs(dy) > 1 {
		cover = bestCover(s, cover, x, y, tx, ty-isign(dy))
	}
	if hunker {
		cover -= 0.25
	}
	return int(math.Floor(float64(st.Power)*reach*cover + 0.5)), true
}

// bestCover lowers cover to the protection of the tile at (cx, cy), unless
// that tile is next to the shooter at (x, y).
func bestCover(s *soak.State, cover float64, x, y, cx, cy int) float64 {
	if iabs(cx-x) <= 1 && iabs(cy-y) <= 1 {
		return cover
	}
	var c float64
	switch s.Tile(cx, cy) {
	case soak.LowCover:
		c = 0.5
	case soak.HighCover:
		c = 0.25
	default:
		return cover
	}
	if c < cover {
		return c
	}
	return cover
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
				d := iabs(a.x-x) + iabs(a.y-y)
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

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func isign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
