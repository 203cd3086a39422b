// Package learn plugs Code of Kutulu into the learning core (model/expert):
// the typed engine, the views, the value function, the greedy survivor as
// baseline and the network policy with its encoder, for four seats. It
// holds no rules of its own.
package game

import (
	"math/rand"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/features/kutulu/policy/baselines"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Learn is Code of Kutulu for expert.Run.
type Learn struct{ ek.Fast }

var (
	_ expert.Game[*ek.State, *ek.View, ek.Action] = Learn{}
	_ expert.Explorer[*ek.View, ek.Action]        = Learn{}
	_ expert.Pooled[*ek.View, ek.Action]          = Learn{}
	_ expert.Tree[*ek.State, ek.Action]           = Learn{}
)

// Name implements expert.Game.
func (Learn) Name() string { return "kutulu" }

// Players implements expert.Game.
func (Learn) Players() int { return ek.Players }

// Shape implements expert.Game.
func (Learn) Shape() (int, int, int) { return fk.DecDim, fk.CandDim, fk.MaxCands }

// Value implements expert.Game.
func (Learn) Value(s *ek.State, p int) float64 { return fk.Value(s, p) }

// Replace implements expert.Game: a turn is one decision, so the candidate
// is the whole answer.
func (Learn) Replace(dst, _ []ek.Action, _ int, cand ek.Action) []ek.Action {
	return append(dst, cand)
}

// Baseline implements expert.Game: the greedy survivor.
func (Learn) Baseline() expert.Policy[*ek.View, ek.Action] { return policy.NewGreedy() }

// Explore implements expert.Explorer: before there is a network the
// learner plays the greedy survivor with one turn in eight a random
// candidate, so that the first samples also see its mistakes' outcomes.
func (Learn) Explore(v *ek.View, rng *rand.Rand, dst []ek.Action) []ek.Action {
	var a fk.Analysis
	n := a.Reset(v)
	k := a.Greedy()
	if rng.Intn(8) == 0 {
		k = rng.Intn(n)
	}
	return append(dst, a.Action(k))
}

// NewNet implements expert.Game: policy.Net as the core's one-decision
// turn.
func (Learn) NewNet(sc model.Scorer) expert.Net[*ek.View, ek.Action] {
	n := policy.NewNetWith(sc)
	e := n.Encoder()
	return expert.NewOneDecision[*ek.View, ek.Action](n, e.Dec[:], e.Cands[:], fk.CandDim)
}

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Learn) Pool() []expert.Member[*ek.View, ek.Action] {
	return expert.RegistryPool[*ek.View, ek.Action](Learn{}.Name(), baselines.Pool, policy.Policies)
}

// SearchGame implements expert.Tree: the smitsi policy's search (the
// shared search over policy.SmitsiGame) guided by the network in training.
// It starts every iteration from the game the searching explorer's view
// shows, never the referee's state it is handed. The default run keeps
// rollout targets (Options.Search is 0); -search N distils the search's
// root visit shares instead.
func (Learn) SearchGame(sc model.Scorer) (search.Game[*ek.State, ek.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Tune implements expert.Tuner. Code of Kutulu values are in sanity
// points: a spook costs 20, a turn alone a few, so a three-turn rollout
// separates candidates by a few points. Games are four-seat and 200 turns
// long, with one small decision a turn; a small network keeps the bundled
// bot well inside the size limit. The network distils the bot's smitsi
// (400 iterations a position), half of each target being the rollout
// softmax at 1 point, as Soak's: at Temp 3 the blend stayed flat (0.47 to
// 0.53 against the pool), at 1 it climbs for eight iterations (0.435 to
// 0.603, seed 1). 300 evaluation games, 50 per pool member, tell the first
// from the last.
func (Learn) Tune(o *expert.Options) {
	o.Iters, o.Games, o.EvalGames, o.Temp, o.Rollout = 8, 300, 300, 1, 3
	o.Search, o.Mix = 400, 0.5
	o.Hidden1, o.Hidden2 = 32, 16
}
