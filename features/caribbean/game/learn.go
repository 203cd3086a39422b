// Package learn plugs Coders of the Caribbean into the learning core
// (model/expert): the typed engine, the views, the value function, the
// greedy baseline and the network policy with its encoder. It holds no
// rules of its own.
package game

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/features/caribbean/policy/baselines"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Learn is Coders of the Caribbean for expert.Run.
type Learn struct{ cb.Fast }

var (
	_ expert.Game[*cb.State, *cb.View, cb.Action] = Learn{}
	_ expert.Pooled[*cb.View, cb.Action]          = Learn{}
	_ expert.Tree[*cb.State, cb.Action]           = Learn{}
)

// Name implements expert.Game.
func (Learn) Name() string { return "caribbean" }

// Players implements expert.Game.
func (Learn) Players() int { return 2 }

// Shape implements expert.Game.
func (Learn) Shape() (int, int, int) { return fcb.DecDim, fcb.CandDim, fcb.MaxCands }

// Value implements expert.Game.
func (Learn) Value(s *cb.State, p int) float64 { return fcb.Value(s, p) }

// Replace implements expert.Game. Every answer, the network's or greedy's,
// has exactly one order per own ship afloat in the view's order, and
// decision d is own ship d, so its order is the d-th.
func (Learn) Replace(dst, base []cb.Action, d int, cand cb.Action) []cb.Action {
	dst = append(dst, base...)
	if d >= 0 && d < len(dst) {
		dst[d] = cand
	}
	return dst
}

// Baseline implements expert.Game: the greedy bot.
func (Learn) Baseline() expert.Policy[*cb.View, cb.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game.
func (Learn) NewNet(sc model.Scorer) expert.Net[*cb.View, cb.Action] {
	n := policy.NewNetWith(sc)
	e := n.Encoder()
	return &net{Net: n, Ranked: expert.NewRanked[cb.Action](n, e.Dec[:], e.Cands[:], fcb.CandDim)}
}

// net drives policy.Net decision by decision, as Net.Act answers.
type net struct {
	*policy.Net
	expert.Ranked[cb.Action]
}

func (n *net) Begin(v *cb.View) int { return n.Reset(v) }

func (n *net) Decide(d int) int { return n.Ranks(n.Rank(d)) }

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Learn) Pool() []expert.Member[*cb.View, cb.Action] {
	return expert.RegistryPool[*cb.View, cb.Action](Learn{}.Name(), baselines.Pool, policy.Policies)
}

// SearchGame implements expert.Tree: the smitsi policy's search (the
// shared search over policy.SmitsiGame) guided by the network in training.
// The default run distils the search's root visit shares (Options.Search
// is 600 for caribbean); -search 0 gives rollout targets instead.
// The iterations start from the searching player's view, never the
// referee's state; the root candidates of the other player come from its
// own view of the position (the network's input for it).
func (Learn) SearchGame(sc model.Scorer) (search.Game[*cb.State, cb.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Tune implements expert.Tuner. Coders of the Caribbean values are in
// rum: a barrel is 10 to 20, a hit 25 or 50, a cell nearer a barrel about
// 1; a softmax at 1 rum keeps the rollout targets (-search 0) sharp enough
// to learn from, and cannonballs fly up to 4 turns, hence the longer
// rollout. The network distils the bot's shared search from a random
// start, as Soak and Grass do: 600 iterations a position, 6 iterations of
// 300 games, and 300 evaluation games (50 per pool member), enough to tell
// the first from the last.
func (Learn) Tune(o *expert.Options) {
	o.Iters, o.Games, o.EvalGames, o.Temp, o.Rollout, o.Search = 6, 300, 300, 1, 3, 600
	o.Hidden1, o.Hidden2 = 32, 16
}
