// Package policy holds the hand-written Soak Overflow policies: a seeded
// random baseline and a one-turn greedy heuristic. They share one small
// interface with the learned and searching policies, so the bot, the arena
// and training can swap them freely.
package policy

import (
	"time"

	"cgpolicy/engine/soak"
)

// Policy chooses the orders of all of player me's living agents for the
// current turn of s. It must not modify s (Clone to search). It appends one
// soak.Action per living agent of me to dst.
type Policy interface {
	Act(s *soak.State, me int, dst []soak.Action) []soak.Action
}

// Deadliner is implemented by policies that can use a turn deadline (a
// search stops and returns its best so far). The bot calls SetDeadline
// before each Act; the zero time means no deadline.
type Deadliner interface {
	SetDeadline(t time.Time)
}
