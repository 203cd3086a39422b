package caribbean

import "cgpolicy/engine/java"

// setOrder records ship i's order for this turn as the referee does when it
// reads the line: Move runs the autopilot now, from the ship's position,
// speed and orientation at the start of the turn.
func (s *State) setOrder(i int, a Action) {
	sh := &s.ships[i]
	switch a.Kind {
	case Move:
		sh.act = sh.autopilot(Coord{a.X, a.Y})
	case Fire:
		sh.act, sh.target = Fire, Coord{a.X, a.Y}
	case Wait:
		// WAIT leaves the order as it was: none
	default:
		sh.act = a.Kind
	}
}

// autopilot is the referee's MOVE: the one order (Wait for none) that heads
// the ship toward t. Its angle comparisons, including the exact ties broken
// toward the map centre, decide real games, so they are kept as they are.
func (sh *Ship) autopilot(t Coord) Kind {
	cur := sh.Pos
	if cur == t {
		return Slower
	}
	o := float64(sh.Orient)
	switch sh.Speed {
	case 2:
		return Slower
	case 1:
		cur = cur.Neighbor(sh.Orient)
		if !cur.Inside() {
			return Slower
		}
		if cur == t {
			return Wait
		}
		straight, port, starboard := turnAngles(o, cur.angle(t))
		_, portC, starboardC := turnAngles(o, cur.angle(Coord{Width / 2, Height / 2}))
		if cur.Distance(t) == 1 && straight > 1.5 {
			return Slower
		}
		act := Wait
		best, found := 0, false
		if next := cur.Neighbor(sh.Orient); next.Inside() {
			best, found = next.Distance(t), true
			act = Wait
		}
		if next := cur.Neighbor((sh.Orient + 1) % 6); next.Inside() {
			d := next.Distance(t)
			if !found || d < best || d == best && port < straight-0.5 {
				best, found = d, true
				act = Port
			}
		}
		if next := cur.Neighbor((sh.Orient + 5) % 6); next.Inside() {
			d := next.Distance(t)
			if !found || d < best ||
				d == best && starboard < port-0.5 && act == Port ||
				d == best && starboard < straight-0.5 && act == Wait ||
				d == best && act == Port && starboard == port && starboardC < portC ||
				d == best && act == Port && starboard == port && starboardC == portC && (sh.Orient == 1 || sh.Orient == 4) {
				act = Starboard
			}
		}
		return act
	case 0:
		straight, port, starboard := turnAngles(o, cur.angle(t))
		_, portC, starboardC := turnAngles(o, cur.angle(Coord{Width / 2, Height / 2}))
		act := Wait
		if port <= starboard {
			act = Port
		}
		if starboard < port || starboard == port && starboardC < portC ||
			starboard == port && starboardC == portC && (sh.Orient == 1 || sh.Orient == 4) {
			act = Starboard
		}
		if cur.Neighbor(sh.Orient).Inside() && straight <= port && straight <= starboard {
			act = Faster
		}
		return act
	}
	return Wait
}

// turnAngles are how far the target direction a is from going straight,
// from the port neighbour (o+1) and from the starboard one (o-1), in the
// referee's formulas.
func turnAngles(o, a float64) (straight, port, starboard float64) {
	d := fabs(o - a)
	straight = fmin(d, 6-d)
	port = fmin(fabs((o+1)-a), fabs((o-5)-a))
	starboard = fmin(fabs((o+5)-a), fabs((o-1)-a))
	return
}

func fabs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// fmin is Math.min for the values here (no NaN; -0 and 0 compare equal).
func fmin(a, b float64) float64 {
	if a <= b {
		return a
	}
	return b
}

// update is the referee's turn: everything after the orders are read.
func (s *State) update() {
	s.damage = s.damage[:0]
	s.explosions = s.explosions[:0]
	n := 2 * s.per

	// cannonballs: drop the ones that landed last turn, advance the others
	k := 0
	for _, b := range s.balls {
		if b.Remaining == 0 {
			continue
		}
		if b.Remaining > 0 {
			b.Remaining--
		}
		if b.Remaining == 0 {
			s.explosions = append(s.explosions, b.Pos)
		}
		s.balls[k] = b
		k++
	}
	s.balls = s.balls[:k]

	for i := 0; i < n; i++ {
		if sh := &s.ships[i]; sh.Alive {
			sh.hurt(1)
			sh.startRum = sh.Rum
		}
	}
	s.applyOrders()
	s.moveShips()
	s.rotateShips()
	s.shipImpacts()
	s.mineImpacts()
	s.barrelImpacts()

	for i := 0; i < n; i++ {
		sh := &s.ships[i]
		if sh.Alive && sh.Rum <= 0 {
			if r := sh.startRum; r > 0 {
				if r > DropCap {
					r = DropCap
				}
				s.barrels = append(s.barrels, Barrel{ID: s.newID(), Pos: sh.Pos, Rum: r})
			}
		}
	}
	for _, c := range s.explosions {
		s.damage = append(s.damage, damageMark{Pos: c})
	}
	for i := 0; i < n; i++ {
		if sh := &s.ships[i]; sh.Alive && sh.Rum <= 0 {
			sh.Alive = false
		}
	}
	s.turn++
}

func (sh *Ship) hurt(d int) {
	sh.Rum -= d
	if sh.Rum <= 0 {
		sh.Rum = 0
	}
}

func (sh *Ship) heal(d int) {
	sh.Rum += d
	if sh.Rum > MaxRum {
		sh.Rum = MaxRum
	}
}

// applyOrders ticks the cooldowns and carries out speed changes, rotations
// (as intentions), mines and shots, ship by ship in list order, which
// decides the new entities' ids.
func (s *State) applyOrders() {
	for i := 0; i < 2*s.per; i++ {
		sh := &s.ships[i]
		if !sh.Alive {
			continue
		}
		if sh.MineCD > 0 {
			sh.MineCD--
		}
		if sh.CannonCD > 0 {
			sh.CannonCD--
		}
		sh.nOrient = sh.Orient
		switch sh.act {
		case Faster:
			if sh.Speed < MaxSpeed {
				sh.Speed++
			}
		case Slower:
			if sh.Speed > 0 {
				sh.Speed--
			}
		case Port:
			sh.nOrient = (sh.Orient + 1) % 6
		case Starboard:
			sh.nOrient = (sh.Orient + 5) % 6
		case LayMine:
			if sh.MineCD != 0 {
				break
			}
			c := sh.Stern().Neighbor((sh.Orient + 3) % 6)
			if c.Inside() && s.barrelAt(c) < 0 && s.mineAt(c) < 0 && !s.shipAt(c, i) {
				sh.MineCD = MineCooldown
				s.mines = append(s.mines, Mine{ID: s.newID(), Pos: c})
			}
		case Fire:
			bow := sh.Bow()
			d := bow.Distance(sh.target)
			if sh.target.Inside() && d <= FireRange && sh.CannonCD == 0 {
				flight := int(1 + java.Round(float64(d)/3.0))
				s.balls = append(s.balls, Cannonball{
					ID: s.newID(), Pos: sh.target, Src: bow, Flight: flight, Remaining: flight, Owner: sh.ID,
				})
				sh.CannonCD = CannonCooldown
			}
		}
	}
}

// moveShips advances the ships one cell per step for MaxSpeed steps. A
// ship whose next cell is off the map stops; a ship whose new bow would
// meet any part of another ship stays and stops, which may in turn stop
// ships that would have moved into it, until no bow collides.
func (s *State) moveShips() {
	n := 2 * s.per
	for step := 1; step <= MaxSpeed; step++ {
		for i := 0; i < n; i++ {
			sh := &s.ships[i]
			if !sh.Alive {
				continue
			}
			sh.nPos, sh.nBow, sh.nStern = sh.Pos, sh.Bow(), sh.Stern()
			if step > sh.Speed {
				continue
			}
			next := sh.Pos.Neighbor(sh.Orient)
			if next.Inside() {
				sh.nPos = next
				sh.nBow = next.Neighbor(sh.Orient)
				sh.nStern = next.Neighbor((sh.Orient + 3) % 6)
			} else {
				sh.Speed = 0
			}
		}
		s.settle(false)
		for i := 0; i < n; i++ {
			if sh := &s.ships[i]; sh.Alive {
				sh.Pos = sh.nPos
			}
		}
		s.pickUps()
	}
}

// settle stops, round by round, the living ships whose intended bow (in
// the rotation, any of their intended cells) meets another ship's
// intended cells: such a ship stays (in the rotation, keeps its
// orientation) and stops, which may in turn stop others, until no ship
// collides. Each round reverts at least one ship, and a ship that did not
// move cannot collide with ships that did not either, so n+1 rounds
// always suffice; the bound only guards against a corrupt state.
func (s *State) settle(rotation bool) {
	n := 2 * s.per
	for round := 0; round <= n; round++ {
		var hit [2 * MaxShips]bool
		clash := false
		for i := 0; i < n; i++ {
			if s.ships[i].Alive && (rotation && s.cellsHit(i) || !rotation && s.bowHits(i)) {
				hit[i], clash = true, true
			}
		}
		if !clash {
			return
		}
		for i := 0; i < n; i++ {
			if !hit[i] {
				continue
			}
			sh := &s.ships[i]
			if rotation {
				sh.nOrient = sh.Orient
				sh.nBow = sh.Pos.Neighbor(sh.nOrient)
				sh.nStern = sh.Pos.Neighbor((sh.nOrient + 3) % 6)
			} else {
				sh.nPos, sh.nBow, sh.nStern = sh.Pos, sh.Bow(), sh.Stern()
			}
			sh.Speed = 0
		}
	}
}

// bowHits reports whether ship i's intended bow meets another ship's
// intended cells.
func (s *State) bowHits(i int) bool {
	b := s.ships[i].nBow
	for j := 0; j < 2*s.per; j++ {
		o := &s.ships[j]
		if j != i && o.Alive && (b == o.nBow || b == o.nPos || b == o.nStern) {
			return true
		}
	}
	return false
}

// cellsHit reports whether any of ship i's intended cells meets another
// ship's intended cells.
func (s *State) cellsHit(i int) bool {
	a := &s.ships[i]
	for j := 0; j < 2*s.per; j++ {
		o := &s.ships[j]
		if j == i || !o.Alive {
			continue
		}
		for _, c := range [3]Coord{a.nBow, a.nStern, a.nPos} {
			if c == o.nBow || c == o.nPos || c == o.nStern {
				return true
			}
		}
	}
	return false
}

// rotateShips turns the ships that asked to. Every ship involved in an
// overlap, turning or not, keeps its orientation and stops.
func (s *State) rotateShips() {
	n := 2 * s.per
	for i := 0; i < n; i++ {
		sh := &s.ships[i]
		if sh.Alive {
			sh.nPos = sh.Pos
			sh.nBow = sh.Pos.Neighbor(sh.nOrient)
			sh.nStern = sh.Pos.Neighbor((sh.nOrient + 3) % 6)
		}
	}
	s.settle(true)
	for i := 0; i < n; i++ {
		if sh := &s.ships[i]; sh.Alive {
			sh.Orient = sh.nOrient
		}
	}
	s.pickUps()
}

// pickUps runs after each move step and after the rotation: every ship
// takes the barrels under it, then every mine under a ship goes off.
func (s *State) pickUps() {
	n := 2 * s.per
	for i := 0; i < n; i++ {
		sh := &s.ships[i]
		if !sh.Alive {
			continue
		}
		bow, stern := sh.Bow(), sh.Stern()
		k := 0
		for _, b := range s.barrels {
			if b.Pos == bow || b.Pos == stern || b.Pos == sh.Pos {
				sh.heal(b.Rum)
				continue
			}
			s.barrels[k] = b
			k++
		}
		s.barrels = s.barrels[:k]
	}
	k := 0
	for _, m := range s.mines {
		if s.explode(m.Pos, false) {
			continue
		}
		s.mines[k] = m
		k++
	}
	s.mines = s.mines[:k]
}

// explode sets off the mine at c if a ship is on it, or always when forced
// by a cannonball. Every ship on it takes MineDamage, and every other ship
// with a cell next to it takes NearMineDamage, except the last ship on it.
func (s *State) explode(c Coord, force bool) bool {
	n := 2 * s.per
	victim := -1
	for i := 0; i < n; i++ {
		sh := &s.ships[i]
		if sh.Alive && (c == sh.Bow() || c == sh.Stern() || c == sh.Pos) {
			s.damage = append(s.damage, damageMark{c, MineDamage, true})
			sh.hurt(MineDamage)
			victim = i
		}
	}
	if !force && victim < 0 {
		return false
	}
	if victim < 0 {
		s.damage = append(s.damage, damageMark{c, MineDamage, true})
	}
	for i := 0; i < n; i++ {
		sh := &s.ships[i]
		if i == victim || !sh.Alive {
			continue
		}
		near, where := false, Coord{}
		if st := sh.Stern(); st.Distance(c) <= 1 {
			near, where = true, st
		}
		if b := sh.Bow(); b.Distance(c) <= 1 {
			near, where = true, b
		}
		if sh.Pos.Distance(c) <= 1 {
			near, where = true, sh.Pos
		}
		if near {
			sh.hurt(NearMineDamage)
			s.damage = append(s.damage, damageMark{where, NearMineDamage, true})
		}
	}
	return true
}

// shipImpacts: each landing cannonball hits the first ship in list order
// with a cell on its target.
func (s *State) shipImpacts() {
	n := 2 * s.per
	k := 0
	for _, c := range s.explosions {
		hit := false
		for i := 0; i < n && !hit; i++ {
			sh := &s.ships[i]
			if !sh.Alive {
				continue
			}
			if c == sh.Bow() || c == sh.Stern() {
				s.damage = append(s.damage, damageMark{c, LowDamage, true})
				sh.hurt(LowDamage)
				hit = true
			} else if c == sh.Pos {
				s.damage = append(s.damage, damageMark{c, HighDamage, true})
				sh.hurt(HighDamage)
				hit = true
			}
		}
		if !hit {
			s.explosions[k] = c
			k++
		}
	}
	s.explosions = s.explosions[:k]
}

// mineImpacts: a cannonball that hit no ship sets off the first mine on
// its cell.
func (s *State) mineImpacts() {
	k := 0
	for _, c := range s.explosions {
		if m := s.mineAt(c); m >= 0 {
			s.mines = append(s.mines[:m], s.mines[m+1:]...)
			s.explode(c, true)
			continue
		}
		s.explosions[k] = c
		k++
	}
	s.explosions = s.explosions[:k]
}

// barrelImpacts: a cannonball that hit neither a ship nor a mine destroys
// the first barrel on its cell.
func (s *State) barrelImpacts() {
	k := 0
	for _, c := range s.explosions {
		if b := s.barrelAt(c); b >= 0 {
			s.barrels = append(s.barrels[:b], s.barrels[b+1:]...)
			s.damage = append(s.damage, damageMark{c, 0, true})
			continue
		}
		s.explosions[k] = c
		k++
	}
	s.explosions = s.explosions[:k]
}
