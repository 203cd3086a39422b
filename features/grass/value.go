package grass

import eg "cgpolicy/engine/grass"

// Value weights, in cells (the score): a unit can take about a cell, a
// unit's worth of matter a little less because it still has to be spent,
// a recycler's remaining harvest less again because it comes later, and
// ground closer to one side's units counts as partly its own.
const (
	unitWorth    = 0.6
	matterWorth  = 0.05
	harvestWorth = 0.02
	reachWorth   = 0.3
	dyingCost    = 0.8
	winValue     = 1000
	// maxValueCells bounds the maps whose reach term is computed on the
	// stack; the contest's maps have at most 24×12 cells.
	maxValueCells = 24 * 12
)

// Value is a heuristic evaluation of s for seat me, in cells: the owned
// cells lead (the final score), plus units, matter and recycler harvest,
// less owned cells about to turn to grass, plus a share of the walkable
// cells that one side's units reach first. A finished game is worth
// ±winValue plus the score lead, so wider wins rank higher. It allocates
// nothing.
func Value(s *eg.State, me int) float64 {
	opp := 1 - me
	if s.Done() {
		sc := s.Scores()
		diff := float64(sc[me] - sc[opp])
		switch {
		case diff > 0:
			return winValue + diff
		case diff < 0:
			return -winValue + diff
		}
		return 0
	}
	cells := s.Cells()
	b := s.Board()
	var own, units, harvest, dying float64
	for i, c := range cells {
		sign := 0.0
		switch int(c.Owner) {
		case me:
			sign = 1
		case opp:
			sign = -1
		}
		own += sign
		units += float64(c.Units[me] - c.Units[opp])
		if c.Recycler {
			h := float64(c.Scrap)
			for _, j := range b.Neighbours(i) {
				if j >= 0 {
					v := cells[j].Scrap
					if v > c.Scrap {
						v = c.Scrap
					}
					h += float64(v)
				}
			}
			harvest += sign * h
		}
		if sign != 0 && c.Scrap == 1 && s.InRecyclerRange(i) {
			dying += sign
		}
	}
	v := own + unitWorth*units + matterWorth*float64(s.Matter(me)-s.Matter(opp)) +
		harvestWorth*harvest - dyingCost*dying
	if len(cells) <= maxValueCells {
		v += reachWorth * float64(reach(s, me))
	}
	return v
}

// reach counts the walkable unowned or enemy cells me's units reach
// strictly first, minus those the opponent's reach strictly first, by a
// breadth-first search from both sides' units at once.
func reach(s *eg.State, me int) int {
	cells := s.Cells()
	b := s.Board()
	var side [maxValueCells]int8 // 0 unseen, 1 me, 2 opponent, 3 tie
	var depth [maxValueCells]int16
	var q [maxValueCells]int16
	n := 0
	for i, c := range cells {
		switch {
		case c.Units[me] > 0:
			side[i] = 1
		case c.Units[1-me] > 0:
			side[i] = 2
		default:
			continue
		}
		q[n] = int16(i)
		n++
	}
	diff := 0
	for h := 0; h < n; h++ {
		i := int(q[h])
		for _, j := range b.Neighbours(i) {
			if j < 0 || !walkable(cells[j]) {
				continue
			}
			switch {
			case side[j] == 0:
				side[j] = side[i]
				depth[j] = depth[i] + 1
				q[n] = int16(j)
				n++
			case depth[j] == depth[i]+1 && side[j] != side[i] && side[i] != 3:
				side[j] = 3
			}
		}
	}
	for i, c := range cells {
		if side[i] == 0 || side[i] == 3 || !walkable(c) {
			continue
		}
		mine := side[i] == 1
		owner := int(c.Owner)
		switch {
		case mine && owner != me:
			diff++
		case !mine && owner != 1-me:
			diff--
		}
	}
	return diff
}
