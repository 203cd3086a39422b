package engine

import "math/rand"

// Fast is a game's fast path: its referee state S played with typed
// actions A and read through typed views V, with no text. The search, the
// learning core and the arena's in-process players all drive a game
// through it, so a game gives its typed path once and every tool uses the
// same one. It runs the same rule code as the text protocol (the
// conformance suite plays both), so what the search plays is what the
// referee does.
//
// A game's Fast is a small stateless value beside its State (soak.Fast,
// say); S is a pointer type that implements State.
type Fast[S State, V, A any] interface {
	// New starts a game from a contest seed, as Game.NewState does.
	New(seed int64) (S, error)
	// Seed draws a seed the referee accepts, with the contest's range.
	Seed(rng *rand.Rand) int64
	// Copy makes dst a copy of src and returns it; a nil dst is made.
	Copy(dst, src S) S
	// ViewInto fills player p's view of s into v and returns it; a nil v
	// is made.
	ViewInto(s S, p int, v V) V
	// Step resolves one step: acts[p] are the actions of each player the
	// step asks (Pending). A finished game does not step.
	Step(s S, acts [][]A)
	// Answer hands player p's actions for the current step to the
	// referee, as Answer does with text lines: a non-nil error is its
	// verdict (a *Deactivation) or a call out of protocol.
	Answer(s S, p int, acts []A) error
	// Lines are the lines a bot prints for acts as player p's answer at
	// s: the text that State.Answer judges as Answer judges acts.
	Lines(s S, p int, acts []A) []string
}

// CopyState is Fast.Copy for a state with Copy and CopyFrom methods.
func CopyState[S interface {
	comparable
	Copy() S
	CopyFrom(S)
}](dst, src S) S {
	var zero S
	if dst == zero {
		return src.Copy()
	}
	dst.CopyFrom(src)
	return dst
}

// ViewState is Fast.ViewInto for a state with a ViewInto(p, *V) method.
func ViewState[V any, S interface{ ViewInto(int, *V) }](s S, p int, v *V) *V {
	if v == nil {
		v = new(V)
	}
	s.ViewInto(p, v)
	return v
}

// SeedNonZero draws a seed in [1, 2^31): the range of a SHA1PRNG referee,
// which cannot reproduce seed 0.
func SeedNonZero(rng *rand.Rand) int64 {
	for {
		if v := rng.Int63n(1 << 31); v != 0 {
			return v
		}
	}
}
