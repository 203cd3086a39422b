// Package learn plugs Coders of the Caribbean into the learning core
// (model/expert): the typed engine, the views, the value function, the
// greedy baseline and the network policy with its encoder. It holds no
// rules of its own.
package learn

import (
	"math/rand"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	_ "cgpolicy/features/caribbean/policy/baselines" // the pool's scripted members
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Game is Coders of the Caribbean for expert.Run.
type Game struct{}

var (
	_ expert.Game[*cb.State, *cb.View, cb.Action] = Game{}
	_ expert.Pooled[*cb.View, cb.Action]          = Game{}
	_ expert.Tree[*cb.State, cb.Action]           = Game{}
)

// Name implements expert.Game.
func (Game) Name() string { return "caribbean" }

// Players implements expert.Game.
func (Game) Players() int { return 2 }

// Shape implements expert.Game.
func (Game) Shape() (int, int, int) { return fcb.DecDim, fcb.CandDim, fcb.MaxCands }

// NewState implements expert.Game.
func (Game) NewState(seed int64) (*cb.State, error) { return cb.New(seed), nil }

// Seed implements expert.Game: java.util.Random seeds, 0 included; kept
// within 31 bits like the contest's.
func (Game) Seed(rng *rand.Rand) int64 { return rng.Int63n(1 << 31) }

// Copy implements expert.Game.
func (Game) Copy(dst, src *cb.State) *cb.State {
	if dst == nil {
		return src.Copy()
	}
	src.CopyTo(dst)
	return dst
}

// ViewInto implements expert.Game.
func (Game) ViewInto(s *cb.State, p int, v *cb.View) *cb.View {
	if v == nil {
		v = new(cb.View)
	}
	s.ViewInto(p, v)
	return v
}

// Step implements expert.Game. A finished game cannot step; the core never
// asks it to. The policies give legal orders, so a deactivation cannot
// happen.
func (Game) Step(s *cb.State, acts [][]cb.Action) {
	_ = s.Step(acts[0], acts[1])
}

// Answer implements expert.Game.
func (Game) Answer(s *cb.State, p int, acts []cb.Action) error { return s.AnswerActions(p, acts) }

// Value implements expert.Game.
func (Game) Value(s *cb.State, p int) float64 { return fcb.Value(s, p) }

// Replace implements expert.Game. Every answer, the network's or greedy's,
// has exactly one order per own ship afloat in the view's order, and
// decision d is own ship d, so its order is the d-th.
func (Game) Replace(dst, base []cb.Action, d int, cand cb.Action) []cb.Action {
	dst = append(dst, base...)
	if d >= 0 && d < len(dst) {
		dst[d] = cand
	}
	return dst
}

// Baseline implements expert.Game: the greedy bot.
func (Game) Baseline() expert.Policy[*cb.View, cb.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game.
func (Game) NewNet(sc model.Scorer) expert.Net[*cb.View, cb.Action] {
	return &net{Net: policy.NewNetWith(sc)}
}

// net drives policy.Net decision by decision, as Net.Act answers.
type net struct {
	*policy.Net
	n int
}

func (n *net) Begin(v *cb.View) int { return n.Reset(v) }

func (n *net) Decide(d int) int {
	n.n = n.Rank(d)
	return n.n
}

func (n *net) Features() ([]float32, []float32) {
	e := n.Encoder()
	return e.Dec[:], e.Cands[:n.n*fcb.CandDim]
}

func (n *net) Candidate(k int) cb.Action { return n.Candidates()[k] }

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Game) Pool() []expert.Member[*cb.View, cb.Action] {
	return expert.NamedPool(policy.PoolNames(), func(name string, seed int64) (expert.Policy[*cb.View, cb.Action], error) {
		return policy.New(name, seed)
	})
}

// SearchGame implements expert.Tree: the smitsi policy's search (the
// shared search over policy.SmitsiGame) guided by the network in training.
// The default run distils the search's root visit shares (Options.Search
// is 600 for caribbean); -search 0 gives rollout targets instead.
// The iterations start from the searching player's view, never the
// referee's state; the root candidates of the other player come from its
// own view of the position (the network's input for it).
func (Game) SearchGame(sc model.Scorer) (search.Game[*cb.State, cb.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}
