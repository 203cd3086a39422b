package caribbean

// Helpers for policies that simulate: they see a View, not the referee's
// state, so they rebuild a state from it and step it on the typed path.

// Autopilot is the order that MOVE t becomes for this ship this turn (Wait
// for none), as the referee computes it from the ship's position, speed and
// orientation, so a policy can predict a MOVE without playing it.
func (sh *Ship) Autopilot(t Coord) Kind { return sh.autopilot(t) }

// FromView builds a referee state from player's view v, with the player in
// seat 0, into dst (reusing its slices; nil allocates). What the view does
// not show is guessed: cooldowns are 0 (a policy that tracks its own sets
// them through Ships), mines out of sight are absent, and a cannonball's
// source is unknown (only the view prints it). The ships keep their view
// order, so typed orders index the same ships as in the real game.
func FromView(v *View, dst *State) *State {
	if dst == nil {
		dst = &State{
			mines:      make([]Mine, 0, 32),
			barrels:    make([]Barrel, 0, 48),
			balls:      make([]Cannonball, 0, 16),
			explosions: make([]Coord, 0, 16),
			damage:     make([]damageMark, 0, 32),
		}
	}
	mines, barrels, balls := dst.mines[:0], dst.barrels[:0], dst.balls[:0]
	expl, dmg := dst.explosions[:0], dst.damage[:0]
	*dst = State{mines: mines, barrels: barrels, balls: balls, explosions: expl, damage: dmg}
	var count [2]int
	for i := range v.Ships {
		if o := v.Ships[i].Owner; o == 0 || o == 1 {
			count[o]++
		}
	}
	per := count[0]
	if count[1] > per {
		per = count[1]
	}
	if per > MaxShips {
		per = MaxShips
	}
	if per < 1 {
		per = 1
	}
	dst.per = per
	maxID := -1
	var n [2]int
	for i := range v.Ships {
		sh := v.Ships[i]
		o := sh.Owner
		if (o != 0 && o != 1) || n[o] >= per {
			continue
		}
		sh.Alive = true
		dst.ships[o*per+n[o]] = sh
		n[o]++
		if sh.ID > maxID {
			maxID = sh.ID
		}
	}
	for o := 0; o < 2; o++ {
		for k := n[o]; k < per; k++ {
			dst.ships[o*per+k] = Ship{ID: -1, Owner: o}
		}
	}
	dst.mines = append(dst.mines, v.Mines...)
	dst.barrels = append(dst.barrels, v.Barrels...)
	for _, c := range v.Balls {
		c.Src, c.Flight = c.Pos, c.Remaining
		dst.balls = append(dst.balls, c)
	}
	for _, m := range v.Mines {
		if m.ID > maxID {
			maxID = m.ID
		}
	}
	for _, b := range v.Barrels {
		if b.ID > maxID {
			maxID = b.ID
		}
	}
	for _, c := range v.Balls {
		if c.ID > maxID {
			maxID = c.ID
		}
	}
	dst.nextID = maxID + 1
	dst.turn = v.Turn
	dst.mineCount, dst.barrelCnt = len(dst.mines), len(dst.barrels)
	dst.active = [2]bool{true, true}
	dst.startStep()
	return dst
}

// Step resolves one turn on the typed path: each active player gives its
// orders (acts[i] for its i-th ship afloat, missing ones WAIT) and the
// referee updates. It returns the first deactivation or protocol error; a
// deactivation still leaves the turn resolved, as Answer would.
func (s *State) Step(a0, a1 []Action) error {
	var first error
	for _, p := range [2]int{0, 1} {
		if !s.asked[p] || s.answered[p] || s.done {
			continue
		}
		acts := a0
		if p == 1 {
			acts = a1
		}
		if len(acts) > s.Alive(p) {
			acts = acts[:s.Alive(p)]
		}
		if err := s.AnswerActions(p, acts); err != nil && first == nil {
			first = err
		}
	}
	if s.done {
		return first
	}
	if err := s.Advance(); err != nil && first == nil {
		first = err
	}
	return first
}
