// Package policy holds the hand-written Soak Overflow policies: a seeded
// random baseline and a one-turn greedy heuristic. They share one small
// interface with the learned and searching policies, so the bot, the arena
// and training can swap them freely.
package policy

import (
	"cgpolicy/engine/soak"
)

// Policy chooses the orders of all of the player's living agents for the
// current turn, from that player's view. It must not modify the view (Copy
// its state to search). It appends one soak.Action per living own agent to
// dst.
type Policy interface {
	Act(v *soak.View, dst []soak.Action) []soak.Action
}

// ActOn runs p on player me's view of s, a convenience for tests and tools
// that hold a referee state; it allocates the view.
func ActOn(p Policy, s *soak.State, me int, dst []soak.Action) []soak.Action {
	return p.Act(s.PlayerView(me), dst)
}
