package caribbean

import cb "cgpolicy/engine/caribbean"

// Value weights, in rum (the score).
const (
	// barrelShare is the part of a barrel's rum counted for the side whose
	// ship is nearer to it: it is likely, not certain, to be picked up.
	barrelShare = 0.4
	// shipWorth is what a ship afloat is worth beyond its rum: it fetches
	// barrels and fires.
	shipWorth = 10
	// barrelReach is the lead in distance (cells) at which a barrel counts
	// fully for the nearer side.
	barrelReach = 5
	winValue    = 1000
)

// Value is a heuristic evaluation of s for seat me, in rum: the rum lead
// (the final score), plus ships afloat, plus a share of each barrel for the
// side with the nearer ship, growing with how much nearer it is. A finished game is worth ±winValue plus the
// lead, so wider wins rank higher. It allocates nothing.
func Value(s *cb.State, me int) float64 {
	opp := 1 - me
	diff := float64(s.Points(me) - s.Points(opp))
	if s.Done() {
		switch {
		case diff > 0:
			return winValue + diff
		case diff < 0:
			return -winValue + diff
		}
		return 0
	}
	v := diff + shipWorth*float64(s.Alive(me)-s.Alive(opp))
	for _, b := range s.Barrels() {
		// the share grows with the lead in distance, so that every
		// cell gained toward a barrel counts
		lead := float64(nearest(s, opp, b.Pos)-nearest(s, me, b.Pos)) / barrelReach
		if lead > 1 {
			lead = 1
		} else if lead < -1 {
			lead = -1
		}
		v += barrelShare * lead * float64(b.Rum)
	}
	return v
}

// nearest is the distance from c to the nearest bow of p's ships afloat.
func nearest(s *cb.State, p int, c cb.Coord) int {
	best := 1 << 20
	for i := range s.PlayerShips(p) {
		sh := &s.PlayerShips(p)[i]
		if sh.Alive {
			if d := sh.Bow().Distance(c); d < best {
				best = d
			}
		}
	}
	return best
}
