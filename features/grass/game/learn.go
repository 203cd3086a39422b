// Package learn plugs Keep Off The Grass into the learning core
// (model/expert): the typed engine, the views, the value function, the
// greedy baseline and the network policy with its encoder. It holds no
// rules of its own.
package game

import (
	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/features/grass/policy/baselines"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Learn is Keep Off The Grass for expert.Run.
type Learn struct{ grass.Fast }

var (
	_ expert.Game[*grass.State, *grass.View, grass.Action] = Learn{}
	_ expert.Tree[*grass.State, grass.Action]              = Learn{}
	_ expert.Pooled[*grass.View, grass.Action]             = Learn{}
)

// Name implements expert.Game.
func (Learn) Name() string { return "grass" }

// Players implements expert.Game.
func (Learn) Players() int { return 2 }

// Shape implements expert.Game.
func (Learn) Shape() (int, int, int) { return fgrass.DecDim, fgrass.CandDim, fgrass.MaxCands }

// Answer implements expert.Game: the orders without the "do nothing"
// markers, as the bot prints them, through the referee's typed path.
func (Learn) Answer(s *grass.State, p int, acts []grass.Action) error {
	return s.AnswerActions(p, fgrass.Strip(nil, acts))
}

// Value implements expert.Game.
func (Learn) Value(s *grass.State, p int) float64 { return fgrass.Value(s, p) }

// Replace implements expert.Game. A decision is found by what it commands,
// not by its position: the build decision replaces every build; a stack's
// decision every move from its cell (a stay marker carries the cell); a
// spawn decision the units at its place in the turn's spawn order (the
// candidate carries its first unit's place in FromX and its units in N),
// counted over the answer's spawns in order.
func (Learn) Replace(dst, base []grass.Action, _ int, cand grass.Action) []grass.Action {
	switch {
	case cand.Kind == grass.Build || cand.Kind == grass.Wait && cand.Text == fgrass.TagNoBuild:
		for _, a := range base {
			if a.Kind != grass.Build {
				dst = append(dst, a)
			}
		}
		if cand.Kind == grass.Build {
			dst = append(dst, cand)
		}
	case cand.Kind == grass.Move || cand.Kind == grass.Wait && cand.Text == fgrass.TagStay:
		for _, a := range base {
			if a.Kind != grass.Move || a.FromX != cand.FromX || a.FromY != cand.FromY {
				dst = append(dst, a)
			}
		}
		if cand.Kind == grass.Move {
			dst = append(dst, cand)
		}
	case cand.Kind == grass.Spawn || cand.Kind == grass.Wait && cand.Text == fgrass.TagNoSpawn:
		dst = replaceSpawn(dst, base, cand)
	default:
		dst = append(dst, base...)
	}
	return dst
}

// replaceSpawn copies base with the spawned units [lo, hi) of the turn's
// spawn order (lo = cand.FromX, hi = lo + cand.N) taken out, and cand's
// units put in their place when it is a spawn.
func replaceSpawn(dst, base []grass.Action, cand grass.Action) []grass.Action {
	lo, hi := cand.FromX, cand.FromX+cand.N
	off := 0
	placed := false
	put := func() {
		if !placed && cand.Kind == grass.Spawn {
			dst = append(dst, cand)
		}
		placed = true
	}
	for _, a := range base {
		if a.Kind != grass.Spawn || a.N <= 0 {
			dst = append(dst, a)
			continue
		}
		start, end := off, off+a.N
		off = end
		if end <= lo || start >= hi {
			if start >= hi {
				put()
			}
			dst = append(dst, a)
			continue
		}
		if start < lo {
			b := a
			b.N = lo - start
			dst = append(dst, b)
		}
		put()
		if end > hi {
			b := a
			b.N = end - hi
			dst = append(dst, b)
		}
	}
	put()
	return dst
}

// Baseline implements expert.Game: the greedy bot.
func (Learn) Baseline() expert.Policy[*grass.View, grass.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game: policy.Net, decision by decision.
func (Learn) NewNet(sc model.Scorer) expert.Net[*grass.View, grass.Action] {
	return policy.NewNetWith(sc)
}

// SearchGame implements expert.Tree: the shared search (internal/search)
// over the network being trained, the bot's smitsi, whose root visit shares
// the trainer distils (the default run, -search 400; -search 0 gives the
// rollout targets). The searching player's units
// are the Net's decisions in order, and its arms' indices the Net's
// candidate indices, so Search.Visits(d) describes the Net's decision d.
func (Learn) SearchGame(sc model.Scorer) (search.Game[*grass.State, grass.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Learn) Pool() []expert.Member[*grass.View, grass.Action] {
	return expert.RegistryPool[*grass.View, grass.Action](Learn{}.Name(), baselines.Pool, policy.Policies)
}

// Tune implements expert.Tuner: the bot's shared search distilled from a
// random network, as Soak's. 400 iterations a position (about 15 ms) and
// 300 games an iteration: the rating against the pool climbs for two or
// three iterations, then holds at 86-92%, so 6 iterations suffice (about
// 5 minutes on 2 busy cores); 300 evaluation games, 50 per member, tell the
// first from the last. With -search 0 the rollout targets need a colder
// softmax than Soak's (values are in cells), hence Temp.
func (Learn) Tune(o *expert.Options) {
	o.Iters, o.Games, o.Search, o.EvalGames, o.Temp = 6, 300, 400, 300, 0.5
}
