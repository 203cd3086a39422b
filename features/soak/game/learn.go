// Package learn plugs Soak Overflow into the learning core (model/expert):
// the typed engine, the views, the value function, the greedy baseline and
// the network policy with its encoder. It holds no rules of its own.
package game

import (
	"math/rand"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/features/soak/policy/baselines"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Learn is Soak Overflow for expert.Run.
type Learn struct{ soak.Fast }

var (
	_ expert.Game[*soak.State, *soak.View, soak.Action] = Learn{}
	_ expert.Explorer[*soak.View, soak.Action]          = Learn{}
	_ expert.Pooled[*soak.View, soak.Action]            = Learn{}
	_ expert.Tree[*soak.State, soak.Action]             = Learn{}
)

// Name implements expert.Game.
func (Learn) Name() string { return "soak" }

// Players implements expert.Game.
func (Learn) Players() int { return 2 }

// Shape implements expert.Game: one decision per living own agent.
func (Learn) Shape() (int, int, int) { return fsoak.AgentDim, fsoak.CandDim, fsoak.MaxCands }

// Answer implements expert.Game: the orders made safe, as the bot prints
// them, through the referee's typed path.
func (Learn) Answer(s *soak.State, p int, acts []soak.Action) error {
	return s.AnswerActions(p, policy.Complete(s, p, acts, nil))
}

// Value implements expert.Game.
func (Learn) Value(s *soak.State, p int) float64 { return fsoak.Value(s, p) }

// Replace implements expert.Game: decisions are agents, found by id.
func (Learn) Replace(dst, base []soak.Action, _ int, cand soak.Action) []soak.Action {
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
func (Learn) Baseline() expert.Policy[*soak.View, soak.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game.
func (Learn) NewNet(sc model.Scorer) expert.Net[*soak.View, soak.Action] {
	n := policy.NewNetWith(sc)
	e := n.Encoder()
	return &net{Net: n, Ranked: expert.NewRanked[soak.Action](n, e.Agent[:], e.Cands[:], fsoak.CandDim)}
}

// Explore implements expert.Explorer: before there is a network the
// learner plays greedy with a random legal action for 15% of its agents,
// so the first targets see more than greedy's own positions.
func (Learn) Explore(v *soak.View, rng *rand.Rand, dst []soak.Action) []soak.Action {
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
	expert.Ranked[soak.Action]
	ids []int
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

func (n *net) Decide(d int) int { return n.Ranks(n.Rank(n.ids[d])) }

func (n *net) Choose(k int) soak.Action { return n.Candidate(k) }

// Pool implements expert.Pooled.
func (Learn) Pool() []expert.Member[*soak.View, soak.Action] {
	return expert.RegistryPool[*soak.View, soak.Action](Learn{}.Name(), baselines.Pool, policy.Policies)
}

// SearchGame implements expert.Tree: the bot's Smitsimax search, the
// shared search over policy.SmitsiGame, guided by the network in training,
// so the network learns the search's root visit shares for each own agent
// (living agents in id order, as in the trainer's Net).
func (Learn) SearchGame(sc model.Scorer) (search.Game[*soak.State, soak.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Tune implements expert.Tuner. Each target is half the search's root
// visits over 800 iterations (about 5 ms a position) and half the rollout
// softmax at 1 point: the visits alone teach priors that guide the search
// but a network that plays poorly alone (0.575 against greedy), and only
// sharp rollout targets (a softmax at Temp 4 is near flat beside the
// visits) lift it, from the fifth iteration on (0.61 to 0.645 alone at
// iterations 5 to 9 of the default run, seed 1). The evaluation plays 42
// games against each of the seven pool members.
func (Learn) Tune(o *expert.Options) {
	o.Iters, o.Games, o.Search, o.Mix, o.Temp, o.EvalGames = 10, 400, 800, 0.5, 1, 300
}
