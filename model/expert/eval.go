package expert

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"sync"

	"cgpolicy/engine"
)

// evaluate plays the network alone (its top candidate for every decision)
// against every member of the pool on the same seeds every iteration, from
// both seats. Games go through engine.Play and the referee's typed path, as
// the arena's in-process players do. It returns the network's mean score
// over all games (1 for first place, 0 for last, 0.5 for a two-player
// draw), the number of games, and the mean score against each member.
func (t *trainer[S, V, A]) evaluate(it int) (float64, int, map[string]float64, error) {
	ev := t.evalPlan()
	score := make([]float64, ev.n)
	desc := fmt.Sprintf("iter %d eval", it)
	if t.runner != nil {
		err := t.remote(it, PhaseEval, ev.n, desc, func(lo int, c *chunk) {
			copy(score[lo:], c.Scores)
		})
		if err != nil {
			return 0, 0, nil, fmt.Errorf("iteration %d evaluation: %w", it, err)
		}
	} else {
		var errs firstError
		t.parallel(ev.n, desc, true, func(w *worker[S, V, A], g int) {
			v, err := t.evalGame(w, ev, g)
			score[g] = v
			errs.set(err)
		})
		if err := errs.get(); err != nil {
			return 0, 0, nil, fmt.Errorf("iteration %d: %w", it, err)
		}
	}
	total := 0.0
	byMember := map[string]float64{}
	for g, v := range score {
		total += v
		byMember[ev.pool[g/(2*ev.per)].Name] += v / float64(2*ev.per)
	}
	return total / float64(ev.n), ev.n, byMember, nil
}

// evalPlan is an evaluation's games: n games, per seeds for each pool
// member, each seed from both seats.
type evalPlan[V, A any] struct {
	pool   []Member[V, A]
	per, n int
	seeds  []int64
}

// evalPlan draws the evaluation's seeds, the same every iteration.
func (t *trainer[S, V, A]) evalPlan() evalPlan[V, A] {
	pool := t.pool()
	per := t.o.EvalGames / len(pool) / 2 // seeds per member
	if per < 1 {
		per = 1
	}
	rng := rand.New(rand.NewSource(mix(t.o.Seed, 0, 3)))
	seeds := make([]int64, per)
	for i := range seeds {
		seeds[i] = t.g.Seed(rng)
	}
	return evalPlan[V, A]{pool: pool, per: per, n: 2 * per * len(pool), seeds: seeds}
}

// evalGame plays evaluation game g and returns the network's score. Its
// error is a frozen member's failure (a process that exited), which would
// otherwise count as the network's win.
func (t *trainer[S, V, A]) evalGame(w *worker[S, V, A], ev evalPlan[V, A], g int) (float64, error) {
	m, k := g/(2*ev.per), g%(2*ev.per)
	seed := ev.seeds[k/2]
	s, err := t.g.New(seed)
	if err != nil {
		return 0, nil
	}
	seat := k % 2
	pols := make([]Policy[V, A], t.g.Players())
	for p := range pols {
		if p != seat {
			pols[p] = ev.pool[m].New(mix(seed, int64(p)))
		}
	}
	pols[seat] = w.net
	res, err := w.playOut(s, pols)
	if err != nil {
		if _, ok := pols[1-seat].(liner); ok {
			return 0, fmt.Errorf("evaluation game %d against %s: %w", g, ev.pool[m].Name, err)
		}
		return 0, nil
	}
	return res.Score(seat), nil
}

// poolName names what the evaluation plays against, for the report.
func (t *trainer[S, V, A]) poolName() string {
	if pool := t.pool(); len(pool) > 1 {
		return fmt.Sprintf("pool of %d", len(pool))
	}
	return "baseline"
}

// poolLine is the per-member scores by name, for the report.
func poolLine(per map[string]float64) string {
	var names []string
	for n := range per {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %.2f", n, per[n])
	}
	return b.String()
}

// playOut plays s to its end through engine.Play, each seat's policy
// answering from its view through the referee's typed path.
func (w *worker[S, V, A]) playOut(s S, pols []Policy[V, A]) (engine.Result, error) {
	views := make([]V, len(pols))
	var acts []A
	defer closeLiners(pols)
	_, err := engine.Play(s, engine.Loop{
		Ask: func(_ engine.State, r engine.Request) (engine.Reply, error) {
			p := r.Player
			if l, ok := pols[p].(liner); ok {
				lines, err := l.lines(s, p)
				return engine.Reply{Lines: lines}, err
			}
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

// closeLiners ends the processes of the frozen bots among pols.
func closeLiners[V, A any](pols []Policy[V, A]) {
	done := map[liner]bool{}
	for _, p := range pols {
		if l, ok := p.(liner); ok && !done[l] {
			done[l] = true
			l.Close()
		}
	}
}

// PlayOut is playOut for tests and tools.
func PlayOut[S engine.State, V, A any](g Game[S, V, A], s S, pols []Policy[V, A]) (engine.Result, error) {
	return (&worker[S, V, A]{g: g}).playOut(s, pols)
}

// firstError keeps the first error of parallel jobs.
type firstError struct {
	mu  sync.Mutex
	err error
}

func (f *firstError) set(err error) {
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

func (f *firstError) get() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}
