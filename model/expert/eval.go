package expert

import (
	"fmt"
	"math/rand"

	"cgpolicy/engine"
)

// evaluate plays the network alone (its top candidate for every decision)
// against the baseline on EvalGames/2 seeds, the same seeds every
// iteration, from every seat in turn. Games go through engine.Play and the
// referee's typed path, as the arena's in-process players do. It returns
// the network's mean score (1 for first place, 0 for last, 0.5 for a
// two-player draw) and the number of games.
func (t *trainer[S, V, A]) evaluate(it int) (float64, int) {
	n := t.o.EvalGames
	score := make([]float64, n)
	rng := rand.New(rand.NewSource(mix(t.o.Seed, 0, 3)))
	seeds := make([]int64, n/2)
	for i := range seeds {
		seeds[i] = t.g.Seed(rng)
	}
	t.parallel(n, fmt.Sprintf("iter %d eval", it), true, func(w *worker[S, V, A], g int) {
		s, err := t.g.NewState(seeds[g/2])
		if err != nil {
			return
		}
		seat := g % 2
		pols := make([]Policy[V, A], t.g.Players())
		for p := range pols {
			pols[p] = w.baseline
		}
		pols[seat] = w.net
		res, err := w.playOut(s, pols)
		if err != nil {
			return
		}
		score[g] = res.Score(seat)
	})
	total := 0.0
	for _, v := range score {
		total += v
	}
	return total / float64(n), n
}

// playOut plays s to its end through engine.Play, each seat's policy
// answering from its view through the referee's typed path.
func (w *worker[S, V, A]) playOut(s S, pols []Policy[V, A]) (engine.Result, error) {
	views := make([]V, len(pols))
	var acts []A
	_, err := engine.Play(s, engine.Loop{
		Ask: func(_ engine.State, r engine.Request) (engine.Reply, error) {
			p := r.Player
			views[p] = w.g.ViewInto(s, p, views[p])
			acts = pols[p].Act(views[p], acts[:0])
			return engine.Reply{Applied: true, Err: w.g.Answer(s, p, acts)}, nil
		},
	})
	if err != nil {
		return engine.Result{}, err
	}
	return engine.Outcome(s), nil
}

// PlayOut is playOut for tests and tools.
func PlayOut[S engine.State, V, A any](g Game[S, V, A], s S, pols []Policy[V, A]) (engine.Result, error) {
	return (&worker[S, V, A]{g: g}).playOut(s, pols)
}
