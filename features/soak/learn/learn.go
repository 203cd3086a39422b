// Package learn plugs Soak Overflow into the learning core (model/expert):
// the typed engine, the views, the value function, the greedy baseline and
// the network policy with its encoder. It holds no rules of its own.
package learn

import (
	"math/rand"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	_ "cgpolicy/features/soak/policy/baselines" // the pool's scripted members
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Game is Soak Overflow for expert.Run.
type Game struct{}

var (
	_ expert.Game[*soak.State, *soak.View, soak.Action] = Game{}
	_ expert.Explorer[*soak.View, soak.Action]          = Game{}
	_ expert.Pooled[*soak.View, soak.Action]            = Game{}
	_ expert.Tree[*soak.State, soak.Action]             = Game{}
)

// Name implements expert.Game.
func (Game) Name() string { return "soak" }

// Players implements expert.Game.
func (Game) Players() int { return 2 }

// Shape implements expert.Game: one decision per living own agent.
func (Game) Shape() (int, int, int) { return fsoak.AgentDim, fsoak.CandDim, fsoak.MaxCands }

// NewState implements expert.Game.
func (Game) NewState(seed int64) (*soak.State, error) { return soak.New(seed) }

// Seed implements expert.Game: SHA1PRNG seeds, 0 excluded.
func (Game) Seed(rng *rand.Rand) int64 {
	for {
		if v := rng.Int63n(1 << 31); v != 0 {
			return v
		}
	}
}

// Copy implements expert.Game.
func (Game) Copy(dst, src *soak.State) *soak.State {
	if dst == nil {
		return src.Copy()
	}
	dst.CopyFrom(src)
	return dst
}

// ViewInto implements expert.Game.
func (Game) ViewInto(s *soak.State, p int, v *soak.View) *soak.View {
	if v == nil {
		v = new(soak.View)
	}
	s.ViewInto(p, v)
	return v
}

// Step implements expert.Game.
func (Game) Step(s *soak.State, acts [][]soak.Action) {
	var a [2][]soak.Action
	a[0], a[1] = acts[0], acts[1]
	s.Step(&a)
}

// Answer implements expert.Game: the orders made safe, as the bot prints
// them, through the referee's typed path.
func (Game) Answer(s *soak.State, p int, acts []soak.Action) error {
	return s.AnswerActions(p, policy.Complete(s, p, acts, nil))
}

// Value implements expert.Game.
func (Game) Value(s *soak.State, p int) float64 { return fsoak.Value(s, p) }

// Replace implements expert.Game: decisions are agents, found by id.
func (Game) Replace(dst, base []soak.Action, _ int, cand soak.Action) []soak.Action {
	dst = append(dst, base...)
	for i := range dst {
		if dst[i].Agent == cand.Agent {
			dst[i] = cand
			return dst
		}
	}
	return append(dst, cand)
}

// Baseline implements expert.Game: the greedy bot.
func (Game) Baseline() expert.Policy[*soak.View, soak.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game.
func (Game) NewNet(sc model.Scorer) expert.Net[*soak.View, soak.Action] {
	return &net{Net: policy.NewNetWith(sc)}
}

// Explore implements expert.Explorer: before there is a network the
// learner plays greedy with a random legal action for 15% of its agents,
// so the first targets see more than greedy's own positions.
func (Game) Explore(v *soak.View, rng *rand.Rand, dst []soak.Action) []soak.Action {
	start := len(dst)
	dst = policy.NewGreedy().Act(v, dst)
	var buf []soak.Action
	for i := start; i < len(dst); i++ {
		if rng.Float64() < 0.15 {
			buf = v.State().LegalActions(dst[i].Agent, buf[:0])
			if len(buf) > 0 {
				dst[i] = buf[rng.Intn(len(buf))]
			}
		}
	}
	return dst
}

// net drives policy.Net decision by decision: one per living own agent,
// in id order, as Net.Act answers.
type net struct {
	*policy.Net
	ids []int
	n   int
}

func (n *net) Begin(v *soak.View) int {
	n.Reset(v)
	n.ids = n.ids[:0]
	for _, a := range v.State().PlayerAgents(v.Me) {
		if a.Alive {
			n.ids = append(n.ids, a.ID)
		}
	}
	return len(n.ids)
}

func (n *net) Decide(d int) int {
	n.n = n.Rank(n.ids[d])
	return n.n
}

func (n *net) Features() ([]float32, []float32) {
	e := n.Encoder()
	return e.Agent[:], e.Cands[:n.n*fsoak.CandDim]
}

func (n *net) Candidate(k int) soak.Action { return n.Candidates()[k] }

func (n *net) Choose(k int) soak.Action { return n.Candidates()[k] }

// Pool implements expert.Pooled.
func (Game) Pool() []expert.Member[*soak.View, soak.Action] {
	var out []expert.Member[*soak.View, soak.Action]
	// the pool the arena's pool mode plays too: the baselines of different
	// styles and the frozen earlier bot, as far as they are registered
	for _, n := range policy.PoolNames() {
		name := n
		out = append(out, expert.Member[*soak.View, soak.Action]{Name: name, New: func(seed int64) expert.Policy[*soak.View, soak.Action] {
			p, err := policy.New(name, seed)
			if err != nil {
				return policy.NewGreedy() // cannot happen: the name is registered
			}
			return p
		}})
	}
	return out
}

// SearchGame implements expert.Tree: the bot's Smitsimax search, the
// shared search over policy.SmitsiGame, guided by the network in training,
// so the network learns the search's root visit shares for each own agent
// (living agents in id order, as in the trainer's Net).
func (Game) SearchGame(sc model.Scorer) (search.Game[*soak.State, soak.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}
