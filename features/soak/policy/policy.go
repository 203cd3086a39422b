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

// MidgameViews are player 1's views (the random side, so that positions
// stay contested) of n positions of greedy against random games on the
// largest maps with 5 agents a side, every 4th turn from the 8th, where
// combat is on: the turns a bot's time limit is about, which the
// benchmarks time.
func MidgameViews(n int) []*soak.View {
	var out []*soak.View
	for seed := int64(1); len(out) < n && seed < 5000; seed++ {
		s, err := soak.New(seed)
		if err != nil || s.Width() != soak.MaxWidth || s.Alive(0) != 5 {
			continue
		}
		pols := [2]Policy{NewGreedy(), NewRandom(seed)}
		var acts [2][]soak.Action
		for !s.Done() {
			if s.Turn() >= 8 && s.Turn()%4 == 0 {
				out = append(out, s.PlayerView(1))
			}
			for p := 0; p < 2; p++ {
				acts[p] = ActOn(pols[p], s, p, acts[p][:0])
			}
			s.Step(&acts)
		}
	}
	return out
}
