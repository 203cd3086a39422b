package soak

import es "cgpolicy/engine/soak"

// Progress recovers what a bot's input leaves out, the turn number and both
// players' points, so that the features a bot computes match the ones the
// trainer saw on the referee's own states. Points are exact: the referee
// scores control at the end of each turn, and the next input shows exactly
// the agents that scoring saw.
type Progress struct {
	turn    int
	points  [2]int
	started bool
}

// Observe takes the state rebuilt from one turn's input, called once per
// turn in order, and returns the turn and points to give it (SetProgress).
func (p *Progress) Observe(s *es.State) (int, [2]int) {
	if p.started {
		p.turn++
		own, enemy := controlMap(s, 0, nil)
		if own > enemy {
			p.points[0] += own - enemy
		} else {
			p.points[1] += enemy - own
		}
	}
	p.started = true
	return p.turn, p.points
}
