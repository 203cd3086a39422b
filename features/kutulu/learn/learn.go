// Package learn plugs Code of Kutulu into the learning core (model/expert):
// the typed engine, the views, the value function, the greedy survivor as
// baseline and the network policy with its encoder, for four seats. It
// holds no rules of its own.
package learn

import (
	"math/rand"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	_ "cgpolicy/features/kutulu/policy/baselines" // the pool's scripted members
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Game is Code of Kutulu for expert.Run.
type Game struct{}

var (
	_ expert.Game[*ek.State, *ek.View, ek.Action] = Game{}
	_ expert.Explorer[*ek.View, ek.Action]        = Game{}
	_ expert.Pooled[*ek.View, ek.Action]          = Game{}
	_ expert.Tree[*ek.State, ek.Action]           = Game{}
)

// Name implements expert.Game.
func (Game) Name() string { return "kutulu" }

// Players implements expert.Game.
func (Game) Players() int { return ek.Players }

// Shape implements expert.Game.
func (Game) Shape() (int, int, int) { return fk.DecDim, fk.CandDim, fk.MaxCands }

// NewState implements expert.Game.
func (Game) NewState(seed int64) (*ek.State, error) { return ek.New(seed), nil }

// Seed implements expert.Game: java.util.Random takes any seed; the
// contest's are ints.
func (Game) Seed(rng *rand.Rand) int64 { return rng.Int63n(1<<32) - 1<<31 }

// Copy implements expert.Game.
func (Game) Copy(dst, src *ek.State) *ek.State {
	if dst == nil {
		return src.Copy()
	}
	dst.CopyFrom(src)
	return dst
}

// ViewInto implements expert.Game.
func (Game) ViewInto(s *ek.State, p int, v *ek.View) *ek.View {
	if v == nil {
		v = new(ek.View)
	}
	s.ViewInto(p, v)
	return v
}

// Step implements expert.Game: each pending explorer's first action, WAIT
// for one that gave none. A finished game cannot step; the core never
// asks it to.
func (Game) Step(s *ek.State, acts [][]ek.Action) {
	var turn [ek.Players]ek.Action
	for p := range turn {
		if p < len(acts) && len(acts[p]) > 0 {
			turn[p] = acts[p][0]
		}
	}
	_ = s.Step(&turn)
}

// Answer implements expert.Game.
func (Game) Answer(s *ek.State, p int, acts []ek.Action) error {
	if len(acts) == 0 {
		acts = []ek.Action{{Kind: ek.Wait}}
	}
	return s.AnswerActions(p, acts[:1])
}

// Value implements expert.Game.
func (Game) Value(s *ek.State, p int) float64 { return fk.Value(s, p) }

// Replace implements expert.Game: a turn is one decision, so the candidate
// is the whole answer.
func (Game) Replace(dst, _ []ek.Action, _ int, cand ek.Action) []ek.Action {
	return append(dst, cand)
}

// Baseline implements expert.Game: the greedy survivor.
func (Game) Baseline() expert.Policy[*ek.View, ek.Action] { return policy.NewGreedy() }

// Explore implements expert.Explorer: before there is a network the
// learner plays the greedy survivor with one turn in eight a random
// candidate, so that the first samples also see its mistakes' outcomes.
func (Game) Explore(v *ek.View, rng *rand.Rand, dst []ek.Action) []ek.Action {
	var a fk.Analysis
	n := a.Reset(v)
	k := a.Greedy()
	if rng.Intn(8) == 0 {
		k = rng.Intn(n)
	}
	return append(dst, a.Action(k))
}

// NewNet implements expert.Game.
func (Game) NewNet(sc model.Scorer) expert.Net[*ek.View, ek.Action] {
	return &net{Net: policy.NewNetWith(sc)}
}

// net drives policy.Net as the core's one-decision turn.
type net struct {
	*policy.Net
	v *ek.View
	n int
}

func (n *net) Begin(v *ek.View) int {
	n.v = v
	return 1
}

func (n *net) Decide(int) int {
	n.n = n.Rank(n.v)
	return n.n
}

func (n *net) Features() ([]float32, []float32) {
	e := n.Encoder()
	return e.Dec[:], e.Cands[:n.n*fk.CandDim]
}

func (n *net) Candidate(k int) ek.Action { return n.Candidates()[k] }

func (n *net) Choose(k int) ek.Action { return n.Candidates()[k] }

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Game) Pool() []expert.Member[*ek.View, ek.Action] {
	return expert.NamedPool(policy.PoolNames(), func(name string, seed int64) (expert.Policy[*ek.View, ek.Action], error) {
		return policy.New(name, seed)
	})
}

// SearchGame implements expert.Tree: the smitsi policy's search (the
// shared search over policy.SmitsiGame) guided by the network in training.
// It starts every iteration from the game the searching explorer's view
// shows, never the referee's state it is handed. The default run keeps
// rollout targets (Options.Search is 0); -search N distils the search's
// root visit shares instead.
func (Game) SearchGame(sc model.Scorer) (search.Game[*ek.State, ek.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}
