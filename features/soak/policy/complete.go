package policy

import "cgpolicy/engine/soak"

// Complete turns a policy's answer into exactly what the referee can never
// reject: one action per living agent of me, in id order, each for that
// agent. Actions for other agents are dropped, and so are the parts the
// referee treats as fatal (negative move or shot numbers) or as errors (off
// grid throws); an agent without a usable action hunkers. Later actions for
// the same agent replace earlier ones. The result is appended to dst.
func Complete(s *soak.State, me int, acts, dst []soak.Action) []soak.Action {
	for _, a := range s.PlayerAgents(me) {
		if !a.Alive {
			continue
		}
		out := soak.Action{Agent: a.ID, Combat: soak.Hunker}
		for _, c := range acts {
			if c.Agent == a.ID {
				out = sanitize(s, c)
			}
		}
		dst = append(dst, out)
	}
	return dst
}

// sanitize drops the parts of a that the referee would reject.
func sanitize(s *soak.State, a soak.Action) soak.Action {
	if a.Move && (a.MoveX < 0 || a.MoveY < 0) {
		a.Move, a.MoveX, a.MoveY = false, 0, 0
	}
	if !a.Move {
		a.MoveX, a.MoveY = 0, 0
	}
	switch a.Combat {
	case soak.Shoot:
		if a.ShootID < 0 {
			a.Combat = soak.Hunker
		}
	case soak.Throw:
		if s.Tile(a.ThrowX, a.ThrowY) == soak.NoTile {
			a.Combat = soak.Hunker
		}
	case soak.NoCombat, soak.Hunker:
	default:
		a.Combat = soak.Hunker
	}
	if a.Combat != soak.Shoot {
		a.ShootID = 0
	}
	if a.Combat != soak.Throw {
		a.ThrowX, a.ThrowY = 0, 0
	}
	return a
}

// Fallback is the cheapest safe answer: every living agent of me hunkers in
// place. The bot prints it when a policy misses its deadline.
func Fallback(s *soak.State, me int, dst []soak.Action) []soak.Action {
	return Complete(s, me, nil, dst)
}
