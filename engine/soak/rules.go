package soak

import (
	"cgpolicy/engine"
	"cgpolicy/engine/java"
)

// event is a rule error the referee reports in the game summary. It is
// kept typed so the typed path records it without formatting text.
type event struct {
	kind    eventKind
	owner   int
	a, b, c int
}

type eventKind uint8

const (
	evCooldown   eventKind = iota // agent a, cooldown b
	evNoTarget                    // agent a, target b
	evSelf                        // target a
	evTooFar                      // agent a, target b
	evThrowOff                    // cell (a, b)
	evThrowFar                    // cell (a, b), agent c
	evThrowEmpty                  // agent a
)

func (s *State) report(e event) {
	if s.nEvents < len(s.events) {
		s.events[s.nEvents] = e
		s.nEvents++
	}
}

// move is one agent's step this turn.
type move struct {
	agent, from, to int
	live            bool
}

// doMoves takes every ordered agent one step along its path, then cancels
// colliding steps: onto an agent that is not moving, two onto one cell, swaps,
// and, in cascade, steps into the cell of an agent whose step was cancelled.
func (s *State) doMoves() {
	var moves [MaxAgents]move
	nm := 0
	var still [MaxAgents]bool // agents not stepping
	w := s.b.w
	occ := s.scratch().occ
	for i := range occ {
		occ[i] = false
	}
	for i := 0; i < s.n; i++ {
		a := &s.agents[i]
		if a.Alive {
			occ[a.Y*w+a.X] = true
			still[i] = true
		}
	}
	for i := 0; i < s.n; i++ {
		a := &s.agents[i]
		if !a.Alive || !s.orders[i].move {
			continue
		}
		from := a.Y*w + a.X
		if to := s.nextStep(from, s.orders[i].moveX, s.orders[i].moveY); to >= 0 {
			moves[nm] = move{agent: i, from: from, to: to, live: true}
			nm++
			still[i] = false
		}
	}
	if nm == 0 {
		return
	}
	var cancel, next [2 * MaxAgents * MaxAgents]int
	nc := 0
	for m := 0; m < nm; m++ {
		for i := 0; i < s.n; i++ {
			if still[i] && s.agents[i].Alive && s.agents[i].Y*w+s.agents[i].X == moves[m].to {
				cancel[nc] = m
				nc++
				break
			}
		}
	}
	for _, m := range cancel[:nc] {
		moves[m].live = false
	}
	for m := 0; m < nm; m++ {
		if !moves[m].live {
			continue
		}
		for o := 0; o < nm; o++ {
			if o == m || !moves[o].live {
				continue
			}
			if moves[o].to == moves[m].to || (moves[o].to == moves[m].from && moves[m].to == moves[o].from) {
				cancel[nc] = o
				nc++
			}
		}
	}
	for nc > 0 {
		for _, m := range cancel[:nc] {
			moves[m].live = false
		}
		nn := 0
		for _, c := range cancel[:nc] {
			for o := 0; o < nm; o++ {
				if moves[o].live && moves[o].to == moves[c].from {
					next[nn] = o
					nn++
				}
			}
		}
		nc = copy(cancel[:], next[:nn])
	}
	for m := 0; m < nm; m++ {
		if moves[m].live {
			a := &s.agents[moves[m].agent]
			a.X, a.Y = moves[m].to%w, moves[m].to/w
		}
	}
}

// doShots fires in agent order (player 0's, then player 1's); each shot's
// damage lands at once.
func (s *State) doShots() {
	for i := 0; i < s.n; i++ {
		a := &s.agents[i]
		o := &s.orders[i]
		if !a.Alive || o.combat != Shoot {
			continue
		}
		if a.Cooldown > 0 {
			s.report(event{kind: evCooldown, owner: a.Owner, a: a.ID, b: a.Cooldown})
			continue
		}
		tid := o.shootID
		if tid < 1 || tid > s.n || !s.agents[tid-1].Alive {
			s.report(event{kind: evNoTarget, owner: a.Owner, a: a.ID, b: tid})
			continue
		}
		t := &s.agents[tid-1]
		if t == a {
			s.report(event{kind: evSelf, owner: a.Owner, a: tid})
			continue
		}
		dmg, ok := s.damage(a, t, s.orders[tid-1].hunkered)
		if !ok {
			s.report(event{kind: evTooFar, owner: a.Owner, a: a.ID, b: tid})
			continue
		}
		t.Wetness += dmg
		a.Cooldown = a.Class.Stats().Cooldown + 1
	}
}

// damage is a shot's wetness: power, halved beyond the optimal range (no
// shot beyond twice it), times the best cover between the target and the
// shooter, less a quarter if the target hunkers, rounded as Java's
// Math.round does.
func (s *State) damage(a, t *Agent, hunkered bool) (int, bool) {
	return s.ShotDamage(a.Class, a.X, a.Y, t.X, t.Y, hunkered)
}

// ShotDamage is the wetness a shot by an agent of class c standing at
// (ax, ay) adds to a target at (tx, ty), exactly as the referee computes it
// (range band, the best cover next to the target on the shooter's side,
// hunkering, Math.round). ok is false when the target is out of reach. Bots
// and feature encoders call it so that their estimates cannot drift from the
// rules.
func (s *State) ShotDamage(c Class, ax, ay, tx, ty int, hunkered bool) (dmg int, ok bool) {
	st := c.Stats()
	dx, dy := tx-ax, ty-ay
	d := engine.Abs(dx) + engine.Abs(dy)
	reach := 1.0
	if d > 2*st.Range {
		return 0, false
	} else if d > st.Range {
		reach = 0.5
	}
	cover := 1.0
	if engine.Abs(dx) > 1 {
		cx, cy := tx-engine.Sign(dx), ty
		if cheb(cx-ax, cy-ay) > 1 {
			if c := s.b.tile(cx, cy).cover(); c < cover {
				cover = c
			}
		}
	}
	if engine.Abs(dy) > 1 {
		cx, cy := tx, ty-engine.Sign(dy)
		if cheb(cx-ax, cy-ay) > 1 {
			if c := s.b.tile(cx, cy).cover(); c < cover {
				cover = c
			}
		}
	}
	if hunkered {
		cover -= 0.25
	}
	return int(java.Round(float64(st.Power) * reach * cover)), true
}

// doThrows throws splash bombs in agent order: 30 wetness to every agent in
// the 3x3 around the target, the thrower's own team included.
func (s *State) doThrows() {
	for i := 0; i < s.n; i++ {
		a := &s.agents[i]
		o := &s.orders[i]
		if !a.Alive || o.combat != Throw {
			continue
		}
		tx, ty := o.throwX, o.throwY
		switch {
		case !s.b.in(tx, ty):
			s.report(event{kind: evThrowOff, owner: a.Owner, a: tx, b: ty})
			continue
		case engine.Abs(tx-a.X)+engine.Abs(ty-a.Y) > ThrowRange:
			s.report(event{kind: evThrowFar, owner: a.Owner, a: tx, b: ty, c: a.ID})
			continue
		case a.Bombs <= 0:
			s.report(event{kind: evThrowEmpty, owner: a.Owner, a: a.ID})
			continue
		}
		for j := 0; j < s.n; j++ {
			v := &s.agents[j]
			if v.Alive && engine.Abs(v.X-tx) <= 1 && engine.Abs(v.Y-ty) <= 1 {
				v.Wetness += ThrowDamage
			}
		}
		a.Bombs--
	}
}

func cheb(dx, dy int) int {
	dx, dy = engine.Abs(dx), engine.Abs(dy)
	if dx > dy {
		return dx
	}
	return dy
}
