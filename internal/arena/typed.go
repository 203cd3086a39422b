package arena

import (
	"fmt"
	"strings"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/registry"
)

// Actor is a game's policy as the arena plays it in-process: the actions
// of one player from its view.
type Actor[V, A any] interface {
	Act(v V, dst []A) []A
}

// Typed plays a game's policies in-process through its fast path: each
// player sees only its view (Fast.ViewInto, the view its bot rebuilds from
// its lines), and its actions reach the referee through Fast.Answer, while
// the lines its bot would print (Fast.Lines) are kept for replays. A game
// registers its policies as builtins with one Typed.
type Typed[S engine.State, V, A any] struct {
	// Game is the game's name.
	Game string
	Fast engine.Fast[S, V, A]
	// Finish, when set, turns a policy's actions into what its bot
	// prints (made safe, say), appended to dst.
	Finish func(s S, p int, acts, dst []A) []A
	// Timed, when set, also makes RegisterTyped name NAME-timed for each
	// policy that keeps a deadline (SetDeadline, internal/bot's
	// Deadliner): it plays as the bot does, thinking Timed from each call,
	// so it measures what the submitted bot plays without processes and
	// pipes (its games depend on the machine's speed, unlike the other
	// builtins').
	Timed time.Duration
}

// Register makes each of names a builtin (builtin:NAME, and with options
// builtin:NAME?OPTIONS), with a fresh policy per game made by mk from the
// name, options included, and a seed from the game seed and the seat
// (SeatSeed), so the same seeds replay the same games.
func (t Typed[S, V, A]) Register(names []string, mk func(name string, seed int64) (Actor[V, A], error)) error {
	for _, name := range names {
		err := Register(t.Game, name, Named{Name: name, New: func(name string, seed int64, seat int) (Agent, error) {
			p, err := mk(name, SeatSeed(seed, seat))
			if err != nil {
				return nil, err
			}
			return &typedAgent[S, V, A]{t: t, pol: p}, nil
		}})
		if err != nil {
			return err
		}
	}
	return nil
}

// RegisterTyped registers every policy of a game's registry r as a
// builtin played through t, and records why some of r's could not be
// registered, if any could not, for LookupPolicy to say (RegisterFailed).
func RegisterTyped[S engine.State, V, A any, P Actor[V, A]](t Typed[S, V, A], r *registry.Registry[P]) error {
	_ = RegisterFailed(t.Game, r.Err())
	err := t.Register(r.Names(), func(name string, seed int64) (Actor[V, A], error) { return r.Make(name, seed) })
	if err != nil || t.Timed == 0 {
		return err
	}
	var names []string
	for _, name := range r.Names() {
		if p, err := r.Make(name, 0); err == nil {
			if _, ok := any(p).(deadliner); ok {
				names = append(names, name+"-timed")
			}
		}
	}
	return t.Register(names, func(name string, seed int64) (Actor[V, A], error) {
		base, opts, _ := strings.Cut(name, "?")
		if opts != "" {
			opts = "?" + opts
		}
		p, err := r.Make(strings.TrimSuffix(base, "-timed")+opts, seed)
		if err != nil {
			return nil, err
		}
		return timed[V, A]{p: p, d: any(p).(deadliner), think: t.Timed}, nil
	})
}

// deadliner is a policy that keeps a deadline (internal/bot's Deadliner).
type deadliner interface{ SetDeadline(time.Time) }

// timed is a deadline-aware policy given think from each call.
type timed[V, A any] struct {
	p     Actor[V, A]
	d     deadliner
	think time.Duration
}

func (t timed[V, A]) Act(v V, dst []A) []A {
	t.d.SetDeadline(time.Now().Add(t.think))
	return t.p.Act(v, dst)
}

// typedAgent is one in-process player of a Typed game.
type typedAgent[S engine.State, V, A any] struct {
	t    Typed[S, V, A]
	pol  Actor[V, A]
	v    V
	acts []A
	fin  []A // Finish's buffer, apart from acts
	done []A // what was printed: acts, or fin
}

// Act implements Agent.
func (a *typedAgent[S, V, A]) Act(es engine.State, p int) ([]string, error) {
	s, ok := es.(S)
	if !ok {
		return nil, fmt.Errorf("%s policy given a %T", a.t.Game, es)
	}
	a.v = a.t.Fast.ViewInto(s, p, a.v)
	a.acts = a.pol.Act(a.v, a.acts[:0])
	a.done = a.acts
	if a.t.Finish != nil {
		a.fin = a.t.Finish(s, p, a.acts, a.fin[:0])
		a.done = a.fin
	}
	return a.t.Fast.Lines(s, p, a.done), nil
}

// Apply implements Applier: the same actions reach the referee through
// its typed path; the lines are kept for replays.
func (a *typedAgent[S, V, A]) Apply(es engine.State, p int) ([]string, error, error) {
	lines, err := a.Act(es, p)
	if err != nil {
		return nil, nil, err
	}
	return lines, a.t.Fast.Answer(es.(S), p, a.done), nil
}
