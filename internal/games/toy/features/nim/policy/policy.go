// Package policy holds the Nim policies, as features/<game>/policy holds a
// contest game's: a seeded random player, a scripted greedy one, and,
// over the committed weights (internal/games/toy/weights/nim), the network
// alone (net) and the shared search guided by it (smitsi). They share one
// interface so that the bot, the arena and the trainer swap them freely.
//
// The package is compiled into the bot: standard library and our packages
// only.
package policy

import (
	"math/rand"

	"cgpolicy/internal/games/toy/engine/nim"
)

// Policy chooses the move of the player to move from its view: it appends
// one legal move. It must not change the view.
type Policy interface {
	Act(v *nim.View, dst []nim.Action) []nim.Action
}

// ActOn runs p for the mover of s through its view.
func ActOn(p Policy, s *nim.State, dst []nim.Action) []nim.Action {
	v := new(nim.View)
	s.ViewInto(s.Mover(), v)
	return p.Act(v, dst)
}

// First appends the first legal move at v (one object from the first
// non-empty heap): the answer the referee always takes.
func First(v *nim.View, dst []nim.Action) []nim.Action {
	for h := 0; h < v.N; h++ {
		if v.Heaps[h] > 0 {
			return append(dst, nim.Action{Heap: h, Count: 1})
		}
	}
	return append(dst, nim.Action{Count: 1})
}

// Random plays a legal move drawn uniformly: the floor every other policy
// must beat.
type Random struct {
	rng   *rand.Rand
	moves [nim.MaxMoves]nim.Action
}

// NewRandom returns a random policy whose every choice flows from seed.
func NewRandom(seed int64) *Random { return &Random{rng: rand.New(rand.NewSource(seed))} }

// Act implements Policy.
func (r *Random) Act(v *nim.View, dst []nim.Action) []nim.Action {
	moves := v.Moves(r.moves[:0])
	if len(moves) == 0 {
		return First(v, dst)
	}
	return append(dst, moves[r.rng.Intn(len(moves))])
}

// Greedy is the scripted player: it takes the last objects when it can;
// otherwise it takes as many as it may from the largest heap, unless
// that leaves one heap the opponent empties at once, in which case it
// tries the other moves the same way, and takes one object when every
// move does.
type Greedy struct {
	moves [nim.MaxMoves]nim.Action
}

// NewGreedy returns the greedy policy; it keeps no memory.
func NewGreedy() *Greedy { return new(Greedy) }

// Act implements Policy.
func (g *Greedy) Act(v *nim.View, dst []nim.Action) []nim.Action {
	total, nonEmpty := 0, 0
	for _, h := range v.Heaps[:v.N] {
		total += h
		if h > 0 {
			nonEmpty++
		}
	}
	best, bestScore := nim.Action{}, -1
	for _, a := range v.Moves(g.moves[:0]) {
		left := nonEmpty
		if v.Heaps[a.Heap] == a.Count {
			left--
		}
		score := v.Heaps[a.Heap]*(nim.MaxTake+1) + a.Count // the largest heap, the most taken
		switch {
		case a.Count == total:
			score = 1 << 20 // the last objects
		case left == 1 && total-a.Count <= nim.MaxTake:
			score = 0 // a gift: the reply empties the last heap
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	if bestScore < 0 {
		return First(v, dst)
	}
	if bestScore == 0 {
		// every move is a gift: give as little as may be
		for h := 0; h < v.N; h++ {
			if v.Heaps[h] > v.Heaps[best.Heap] {
				best.Heap = h
			}
		}
		best.Count = 1
	}
	return append(dst, best)
}
