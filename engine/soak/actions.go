package soak

import (
	"fmt"
	"math/rand"

	"cgpolicy/engine"
)

// LegalActions appends to dst the sensible orders for agent id this turn
// and returns the extended slice: for each destination (staying, or each
// adjacent floor cell nobody stands on), no combat, hunkering, each shot at
// a living enemy within reach from that destination (if the agent's
// cooldown allows), and each throw within range from that destination whose
// 3x3 splash hits a living enemy (if a bomb is left). Reach is judged from
// the enemies' current cells. Nothing is appended for a dead or unknown
// agent. With a large enough dst it allocates nothing.
func (s *State) LegalActions(id int, dst []Action) []Action {
	if id < 1 || id > s.n || !s.agents[id-1].Alive {
		return dst
	}
	a := &s.agents[id-1]
	st := a.Class.Stats()
	w, h := s.b.w, s.b.h
	// cells whose splash would wet an enemy, and cells somebody stands on
	var splash, occ [MaxWidth * MaxHeight]bool
	for i := 0; i < s.n; i++ {
		t := &s.agents[i]
		if !t.Alive {
			continue
		}
		occ[t.Y*w+t.X] = true
		if t.Owner == a.Owner || a.Bombs == 0 {
			continue
		}
		for y := t.Y - 1; y <= t.Y+1; y++ {
			for x := t.X - 1; x <= t.X+1; x++ {
				if x >= 0 && y >= 0 && x < w && y < h {
					splash[y*w+x] = true
				}
			}
		}
	}
	for d := -1; d < 4; d++ {
		x, y := a.X, a.Y
		mv := d >= 0
		if mv {
			x, y = x+dirs4[d][0], y+dirs4[d][1]
			if s.b.tile(x, y) != Floor || occ[y*w+x] {
				continue
			}
		}
		base := Action{Agent: id, Move: mv}
		if mv {
			base.MoveX, base.MoveY = x, y
		}
		dst = append(dst, base)
		hk := base
		hk.Combat = Hunker
		dst = append(dst, hk)
		if a.Cooldown == 0 {
			for i := 0; i < s.n; i++ {
				t := &s.agents[i]
				if t.Alive && t.Owner != a.Owner && engine.Abs(t.X-x)+engine.Abs(t.Y-y) <= 2*st.Range {
					sh := base
					sh.Combat, sh.ShootID = Shoot, t.ID
					dst = append(dst, sh)
				}
			}
		}
		if a.Bombs == 0 {
			continue
		}
		for ty := y - ThrowRange; ty <= y+ThrowRange; ty++ {
			if ty < 0 || ty >= h {
				continue
			}
			reach := ThrowRange - engine.Abs(ty-y)
			for tx := x - reach; tx <= x+reach; tx++ {
				if tx < 0 || tx >= w || !splash[ty*w+tx] {
					continue
				}
				th := base
				th.Combat, th.ThrowX, th.ThrowY = Throw, tx, ty
				dst = append(dst, th)
			}
		}
	}
	return dst
}

// RandomActions appends one uniformly chosen legal action per living agent
// of player p to dst. buf is scratch for LegalActions; both are returned
// for reuse.
func (s *State) RandomActions(p int, rng *rand.Rand, dst, buf []Action) ([]Action, []Action) {
	for _, a := range s.PlayerAgents(p) {
		if !a.Alive {
			continue
		}
		buf = s.LegalActions(a.ID, buf[:0])
		dst = append(dst, buf[rng.Intn(len(buf))])
	}
	return dst, buf
}

// RandomAnswer is a random legal text answer for player p, in the styles
// bots use (with or without the leading id, sometimes with a message); the
// referee never disqualifies it. It serves the conformance suite and simple
// baselines.
func RandomAnswer(es engine.State, p int, rng *rand.Rand) []string {
	s := es.(*State)
	acts, _ := s.RandomActions(p, rng, nil, nil)
	lines := make([]string, len(acts))
	for i, a := range acts {
		line := FormatAction(a)
		if line != ";" && rng.Intn(4) == 0 {
			// the line belongs to the i-th living agent anyway
			line = line[len(fmt.Sprint(a.Agent))+1:]
		}
		if rng.Intn(8) == 0 {
			msg := "MESSAGE go " + fmt.Sprint(rng.Intn(100))
			if line == ";" {
				line = msg
			} else {
				line += ";" + msg
			}
		}
		lines[i] = line
	}
	return lines
}

// RoundTrip checks that random typed actions for p survive FormatAction and
// ParseAction unchanged.
func RoundTrip(es engine.State, p int, rng *rand.Rand) error {
	s := es.(*State)
	acts, _ := s.RandomActions(p, rng, nil, nil)
	for _, a := range acts {
		line := FormatAction(a)
		got, err := ParseAction(line, a.Agent)
		if err != nil {
			return fmt.Errorf("%+v formatted as %q: %v", a, line, err)
		}
		if got != a {
			return fmt.Errorf("%+v formatted as %q parsed back as %+v", a, line, got)
		}
	}
	return nil
}

// TypedAnswer picks random legal typed actions for p and returns their text
// and a function that hands the same actions to a state's typed path, for
// the conformance suite's typed-versus-text check.
func TypedAnswer(es engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	acts, _ := es.(*State).RandomActions(p, rng, nil, nil)
	lines := make([]string, len(acts))
	for i, a := range acts {
		lines[i] = FormatAction(a)
	}
	return lines, func(st engine.State) error { return st.(*State).AnswerActions(p, acts) }
}
