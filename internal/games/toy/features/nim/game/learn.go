package game

import (
	"cgpolicy/internal/games/toy/engine/nim"
	fnim "cgpolicy/internal/games/toy/features/nim"
	"cgpolicy/internal/games/toy/features/nim/policy"
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Learn is Nim for the learning core (expert.Run): the typed engine, the
// views, the value, greedy as the baseline, the network with its encoder,
// the pool and the bot's search as the expert.
type Learn struct{ nim.Fast }

var (
	_ expert.Game[*nim.State, *nim.View, nim.Action] = Learn{}
	_ expert.Pooled[*nim.View, nim.Action]           = Learn{}
	_ expert.Tree[*nim.State, nim.Action]            = Learn{}
	_ expert.Tuner                                   = Learn{}
)

// Name implements expert.Game.
func (Learn) Name() string { return "nim" }

// Players implements expert.Game.
func (Learn) Players() int { return 2 }

// Shape implements expert.Game.
func (Learn) Shape() (int, int, int) { return fnim.DecDim, fnim.CandDim, fnim.MaxCands }

// Value implements expert.Game.
func (Learn) Value(s *nim.State, p int) float64 { return fnim.Value(s, p) }

// Replace implements expert.Game: an answer is one move, the decision's.
func (Learn) Replace(dst, _ []nim.Action, _ int, cand nim.Action) []nim.Action {
	return append(dst, cand)
}

// Baseline implements expert.Game: the greedy player.
func (Learn) Baseline() expert.Policy[*nim.View, nim.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game: policy.Net as the trainer drives it,
// one decision a turn.
func (Learn) NewNet(sc model.Scorer) expert.Net[*nim.View, nim.Action] {
	n := policy.NewNetWith(sc)
	e := n.Encoder()
	return expert.NewOneDecision[*nim.View, nim.Action](n, e.Dec[:], e.Cands[:], fnim.CandDim)
}

// Pool implements expert.Pooled: policy.Pool, as the arena's pool plays it.
func (Learn) Pool() []expert.Member[*nim.View, nim.Action] {
	return expert.RegistryPool[*nim.View, nim.Action](Learn{}.Name(), policy.Pool, policy.Policies)
}

// SearchGame implements expert.Tree: the bot's search guided by the
// network in training.
func (Learn) SearchGame(sc model.Scorer) (search.Game[*nim.State, nim.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Tune implements expert.Tuner: values are ±0.5 before the end and ±1
// at it, so the targets' softmax is at 0.25; the targets are the visit
// shares of 300 search iterations a position; a small network is
// plenty. This run, about 5 s on 2 cores, wrote the committed weights:
// its best iteration, 5, scored 0.71 against the pool (random and
// greedy, 200 games). cmd/train serves the games of internal/games/all
// alone, so the run was Game.Train.Run with Game.Train.Defaults() and
// WeightsDir internal/games/toy/weights/nim.
func (Learn) Tune(o *expert.Options) {
	o.Iters, o.Games, o.EvalGames, o.Temp, o.Search = 6, 1000, 200, 0.25, 300
	o.Hidden1, o.Hidden2 = 16, 8
}
