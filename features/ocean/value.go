package ocean

import (
	"math"

	"cgpolicy/engine/ocean"
)

// Value weights, in lives: a life is 10; knowing where the opponent is
// and being hard to find are worth a little, as they turn into hits
// later; a cramped submarine is about to surface and pay a life.
const (
	lifeWorth  = 10
	infoWorth  = 1
	crampCost  = 3
	crampArea  = 8
	winValue   = 1000
	valueLimit = 40
)

// Value is a heuristic evaluation of s for seat me, whose memory is mine,
// while theirs is the opponent's (its tracker follows us): the lives
// lead, plus how much better we know the opponent's cell than it knows
// ours (log2 of the tracked cells), less a cramp when we have little room
// left before we must surface. A finished game is ±winValue plus the lives
// lead.
func Value(s *ocean.State, me int, mine, theirs *Mind) float64 {
	opp := 1 - me
	lead := float64(s.Life(me) - s.Life(opp))
	if s.Done() {
		switch w := s.Winner(); {
		case w == me:
			return winValue + lifeWorth*lead
		case w == opp:
			return -winValue + lifeWorth*lead
		}
		return lifeWorth * lead
	}
	v := lifeWorth * lead
	v += infoWorth * (math.Log2(float64(theirs.Tracker.Cells+1)) - math.Log2(float64(mine.Tracker.Cells+1)))
	x, y := s.Position(me)
	var q [Cells]int16
	vis := mine.Visited
	if area := mine.Area(Cell(x, y), &vis, valueLimit, &q); area < crampArea {
		v -= crampCost
	}
	return v
}
