package main

import (
	"fmt"

	"cgpolicy/engine"
	"cgpolicy/engine/arena"
)

// actor is a policy of any game: actions of type A from a view of type V.
type actor[V, A any] interface {
	Act(v V, dst []A) []A
}

// typedGame is what the arena needs to play one game's policies in-process:
// the player's view from the referee's state (as its bot builds it from its
// lines), the text the bot would print, and the referee's typed path.
type typedGame[V, A any] struct {
	name string
	// view fills player p's view of s into v (allocating when v is the
	// zero V) and returns it.
	view func(s engine.State, p int, v V) (V, error)
	// finish, when set, turns the policy's actions into what the bot
	// prints (for example made safe), appended to dst.
	finish func(s engine.State, p int, acts, dst []A) []A
	format func(acts []A) []string
	answer func(s engine.State, p int, acts []A) error
}

// register makes each of names playable as builtin:NAME, and with
// options as builtin:NAME?OPTIONS, with a fresh policy per game made by
// mk from the name (options included) and a seed from the game seed and
// seat, so the same seeds replay the same games.
func (g typedGame[V, A]) register(names []string, mk func(name string, seed int64) (actor[V, A], error)) error {
	for _, name := range names {
		err := arena.Register(g.name, name, arena.Named{Name: name, New: func(name string, seed int64, seat int) (arena.Agent, error) {
			p, err := mk(name, arena.SeatSeed(seed, seat))
			if err != nil {
				return nil, err
			}
			return &viewAgent[V, A]{g: g, pol: p}, nil
		}})
		if err != nil {
			return err
		}
	}
	return nil
}

// viewAgent is one in-process player: it sees only its view, never the
// referee's state, and answers through the typed path.
type viewAgent[V, A any] struct {
	g    typedGame[V, A]
	pol  actor[V, A]
	v    V
	acts []A
	fin  []A // finish's buffer, apart from acts
	done []A // what was printed: acts, or fin
}

// Act implements arena.Agent.
func (a *viewAgent[V, A]) Act(s engine.State, p int) ([]string, error) {
	v, err := a.g.view(s, p, a.v)
	if err != nil {
		return nil, fmt.Errorf("%s view: %w", a.g.name, err)
	}
	a.v = v
	a.acts = a.pol.Act(v, a.acts[:0])
	a.done = a.acts
	if a.g.finish != nil {
		a.fin = a.g.finish(s, p, a.acts, a.fin[:0])
		a.done = a.fin
	}
	return a.g.format(a.done), nil
}

// Apply implements arena.Applier: the same actions reach the referee
// through its typed path; the lines are kept for replays.
func (a *viewAgent[V, A]) Apply(s engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(s, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, a.g.answer(s, p, a.done), nil
}

// registerBuiltins runs register, which registers game's policies as
// builtin:NAME, and records its failure and the policy package's own
// (policyErr) with the arena, so that an unknown builtin says why. It
// returns the first failure, for the tests.
func registerBuiltins(game string, policyErr error, register func() error) error {
	err := register()
	arena.RegisterFailed(game, policyErr)
	arena.RegisterFailed(game, err)
	if policyErr != nil {
		return policyErr
	}
	return err
}
