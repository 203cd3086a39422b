package expert

import (
	"math"
	"math/rand"
	"sort"

	"cgpolicy/engine"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
)

// Explorer is a Game that has its own way to explore before there is a
// network (for example its baseline with some random actions); without it
// the learner plays the baseline.
type Explorer[V, A any] interface {
	Explore(v V, rng *rand.Rand, dst []A) []A
}

// worker holds one goroutine's policies and scratch; nothing in it is
// shared, so workers never influence each other's results.
type worker[S engine.State, V, A any] struct {
	g        Game[S, V, A]
	net      Net[V, A] // current policy; nil before the first fit
	enc      Net[V, A] // the same network, used for its encoding
	baseline Policy[V, A]
	rollout  Policy[V, A]
	views    []V // the players' views of the game or position at hand
	rviews   []V // views of simulated positions, apart so that a network
	// mid-turn on views[p] is not disturbed by the rollouts
	sim    S
	base   []A
	joint  []A
	acts   [][]A
	opp    [][]A
	values []float64
	probs  []float64
	// search is the shared search (Tree) or the game's own (Searcher)
	// when it is the expert,
	// with its result buffers
	search Search[S]
	idx    []int
	visits []float32
}

// positionSeed is the seed of the search's draws (hidden information it
// samples) at turn t of the game with seed game, for player p. A worker
// reuses one search for many games, so without it a target would depend
// on which games that worker played before, that is on -workers.
func positionSeed(game int64, t, p int) int64 {
	return game*1_000_003 + int64(t)*8 + int64(p)
}

// newWorker makes a worker around the network p, which plays only when
// fitted is true (before the first fit it only encodes).
func newWorker[S engine.State, V, A any](g Game[S, V, A], p *model.Params, fitted bool) *worker[S, V, A] {
	n := g.Players()
	_, _, mc := g.Shape()
	w := &worker[S, V, A]{g: g, baseline: g.Baseline(), rollout: g.Baseline(),
		views: make([]V, n), rviews: make([]V, n), acts: make([][]A, n), opp: make([][]A, n),
		values: make([]float64, mc), probs: make([]float64, mc)}
	w.enc = g.NewNet(model.NewNet(p))
	if w.search = NewSearch(g, model.NewNet(p)); w.search != nil {
		w.idx, w.visits = make([]int, mc), make([]float32, mc)
	}
	if fitted {
		w.net = w.enc
	}
	return w
}

// view is player p's view of s in the worker's buffer for p.
func (w *worker[S, V, A]) view(s S, p int) V {
	w.views[p] = w.g.ViewInto(s, p, w.views[p])
	return w.views[p]
}

// current is the policy being improved: the network once there is one,
// the baseline before.
func (w *worker[S, V, A]) current(v V, dst []A) []A {
	if w.net != nil {
		return w.net.Act(v, dst)
	}
	return w.baseline.Act(v, dst)
}

// explore is the learner's move in self-play: the network's softmax at
// temperature t for every decision (argmax at 0), or before there is a
// network the game's own exploration, else the baseline.
func (w *worker[S, V, A]) explore(v V, t float64, rng *rand.Rand, dst []A) []A {
	if w.net == nil {
		if e, ok := w.g.(Explorer[V, A]); ok {
			return e.Explore(v, rng, dst)
		}
		return w.baseline.Act(v, dst)
	}
	if t <= 0 {
		return w.net.Act(v, dst)
	}
	nd := w.net.Begin(v)
	for d := 0; d < nd; d++ {
		n := w.net.Decide(d)
		if n == 0 {
			continue
		}
		sum, _ := nn.Softmax(w.net.Scores(), t, w.probs)
		r := rng.Float64() * sum
		k := 0
		for ; k < n-1; k++ {
			r -= w.probs[k]
			if r < 0 {
				break
			}
		}
		dst = append(dst, w.net.Choose(k))
	}
	return dst
}

// gameResult is what one self-play game yields, kept by game index.
type gameResult struct {
	samples []model.Sample
	// err is a frozen opponent's failure; the game has no samples then.
	err error
}

// playGame plays one self-play game and returns its training samples. The
// game seed, the learner's seat and the sampled positions all come from
// rng; the other seats play opp, a league opponent.
func (w *worker[S, V, A]) playGame(o *Options, rng *rand.Rand, opp Policy[V, A]) gameResult {
	var res gameResult
	seed := w.g.Seed(rng)
	s, err := w.g.New(seed)
	if err != nil {
		return res
	}
	n := w.g.Players()
	// one seat is the learner; the others play the league opponent, or all
	// seats learn in half the games once there is a network
	learner := rng.Intn(n)
	selfPlay := w.net != nil && rng.Intn(2) == 0
	learns := func(p int) bool { return p == learner || selfPlay }
	var hist []S
	var zero S
	text, isText := opp.(liner)
	if isText {
		defer text.Close()
	}
	for steps := 0; !s.Done(); steps++ {
		if steps > 100000 {
			return res
		}
		hist = append(hist, w.g.Copy(zero, s))
		if isText {
			// a frozen opponent answers the referee's lines, so the step
			// goes through Answer for each player and then Advance
			if err := w.textStep(s, o, rng, learns, text); err != nil {
				return gameResult{err: err}
			}
			continue
		}
		for p := range w.acts {
			w.acts[p] = w.acts[p][:0]
		}
		for _, p := range s.Pending() {
			v := w.view(s, p)
			if learns(p) {
				w.acts[p] = w.explore(v, o.Explore, rng, w.acts[p])
			} else {
				w.acts[p] = opp.Act(v, w.acts[p])
			}
		}
		w.g.Step(s, w.acts)
	}
	// States distinct positions of the game, in order, become samples
	k := o.States
	if k > len(hist) {
		k = len(hist)
	}
	pick := rng.Perm(len(hist))[:k]
	sort.Ints(pick)
	for _, t := range pick {
		for _, p := range hist[t].Pending() {
			if learns(p) {
				if r, ok := w.search.(Reseeder); ok {
					r.Reseed(positionSeed(seed, t, p))
				}
				res.samples = w.targets(hist[t], p, o, res.samples)
			}
		}
	}
	return res
}

// textStep plays one step of a self-play game against a frozen bot: the
// learners' typed answers and the bot's lines reach the referee in Pending
// order, as engine.Play hands them, and the step is then resolved.
func (w *worker[S, V, A]) textStep(s S, o *Options, rng *rand.Rand, learns func(int) bool, text liner) error {
	for _, p := range s.Pending() {
		if learns(p) {
			w.acts[p] = w.explore(w.view(s, p), o.Explore, rng, w.acts[p][:0])
			err := w.g.Answer(s, p, w.acts[p])
			if _, ok := engine.Deactivated(err); err != nil && !ok {
				return err
			}
			continue
		}
		lines, err := text.lines(s, p)
		if err != nil {
			return err
		}
		if err := s.Answer(p, lines); err != nil {
			if _, ok := engine.Deactivated(err); !ok {
				return err
			}
		}
	}
	return s.Advance()
}

// targets appends one sample per decision of player me with a real choice
// at s: every candidate is tried on a copy of the step (me's other
// decisions as the current policy makes them, the other players as the
// baseline predicts), followed by Rollout baseline steps for everyone, and
// the game's values are softmaxed at temperature Temp into the target.
func (w *worker[S, V, A]) targets(s S, me int, o *Options, out []model.Sample) []model.Sample {
	if s.Done() {
		return out
	}
	if w.search != nil && o.Search > 0 {
		return w.searchTargets(s, me, o, out)
	}
	w.predict(s, me)
	// before the first fit the untrained network only encodes: its
	// candidates and features, not its scores, make the samples
	dec := w.enc
	nd := dec.Begin(w.view(s, me))
	for d := 0; d < nd; d++ {
		n := dec.Decide(d)
		if n < 2 {
			if n == 1 {
				dec.Choose(0)
			}
			continue
		}
		xa, xc := dec.Features()
		smp := model.Sample{
			Agent: append([]float32(nil), xa...),
			Cands: append([]float32(nil), xc...),
		}
		differ := w.tryAll(s, me, d, n, o)
		// the decision keeps the current policy's own choice for the
		// decisions after it
		dec.Choose(nn.Argmax(dec.Scores()))
		if !differ {
			continue // nothing to learn: every choice is as good
		}
		smp.Target = make([]float32, n)
		for k := 0; k < n; k++ {
			smp.Target[k] = float32(w.values[k])
		}
		out = append(out, smp)
	}
	return out
}

// searchTargets appends one sample per decision of player me at s that the
// game's search judged among two or more candidates: the decision's
// features with the rows of the candidates the search tried, and their
// visit counts as the target. Candidates the search did not try are left
// out of the sample rather than taught as bad, since the search's width,
// not their worth, kept them out.
func (w *worker[S, V, A]) searchTargets(s S, me int, o *Options, out []model.Sample) []model.Sample {
	w.search.Run(s, me, o.Search)
	_, cd, _ := w.g.Shape()
	mix := o.Mix > 0
	if mix {
		w.predict(s, me)
	}
	dec := w.enc
	nd := dec.Begin(w.view(s, me))
	for d := 0; d < nd; d++ {
		n := dec.Decide(d)
		if n == 0 {
			continue
		}
		k, ok := w.search.Visits(d, w.idx, w.visits)
		roll := mix && n >= 2 && w.tryAll(s, me, d, n, o)
		dec.Choose(nn.Argmax(dec.Scores()))
		if (!ok || k < 2) && !roll {
			continue
		}
		xa, xc := dec.Features()
		if roll {
			if smp, good := w.mixed(xa, xc[:n*cd], n, k, ok, o.Mix); good {
				out = append(out, smp)
			}
			continue
		}
		smp := model.Sample{Agent: append([]float32(nil), xa...), Cands: make([]float32, k*cd), Target: make([]float32, k)}
		sum := float32(0)
		for j := 0; j < k; j++ {
			c := w.idx[j]
			if c < 0 || c >= n {
				sum = 0 // a search that disagrees with the Net on the candidates teaches nothing
				break
			}
			copy(smp.Cands[j*cd:(j+1)*cd], xc[c*cd:(c+1)*cd])
			smp.Target[j] = w.visits[j]
			sum += w.visits[j]
		}
		if sum > 0 {
			out = append(out, smp)
		}
	}
	return out
}

// predict sets w.base to the current policy's answer for me at s and
// w.opp to the baseline's for the other players, for tryAll.
func (w *worker[S, V, A]) predict(s S, me int) {
	w.base = w.current(w.view(s, me), w.base[:0])
	for _, p := range s.Pending() {
		w.opp[p] = w.opp[p][:0]
		if p != me {
			w.opp[p] = w.baseline.Act(w.view(s, p), w.opp[p])
		}
	}
}

// tryAll writes to w.values the rollout value of each of the n candidates
// of the encoder's current decision d (as targets does), and says whether
// they differ.
func (w *worker[S, V, A]) tryAll(s S, me, d, n int, o *Options) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := 0; k < n; k++ {
		w.joint = w.g.Replace(w.joint[:0], w.base, d, w.enc.Candidate(k))
		val := w.simulate(s, me, o.Rollout)
		w.values[k] = val
		lo, hi = math.Min(lo, val), math.Max(hi, val)
	}
	for k := 0; k < n; k++ {
		w.values[k] = math.Exp((w.values[k] - hi) / o.Temp)
	}
	return hi-lo >= 1e-9
}

// mixed is the sample of a decision over all its n candidates whose
// target is mix times the rollout softmax (w.values) plus 1-mix times the
// search's visit shares (w.idx, w.visits; k of them, if ok), each
// normalised first. The rollouts judge every candidate against the
// baseline's predicted replies, which the visits alone, from a search
// that models a searching opponent over the network's own best few
// candidates, never teach.
func (w *worker[S, V, A]) mixed(xa, xc []float32, n, k int, ok bool, mix float64) (model.Sample, bool) {
	smp := model.Sample{Agent: append([]float32(nil), xa...), Cands: append([]float32(nil), xc...), Target: make([]float32, n)}
	rs := 0.0
	for c := 0; c < n; c++ {
		rs += w.values[c]
	}
	vs := float32(0)
	if ok {
		for j := 0; j < k; j++ {
			if c := w.idx[j]; c < 0 || c >= n {
				vs = 0
				break
			}
			vs += w.visits[j]
		}
	}
	rm := mix
	if vs <= 0 {
		rm = 1 // no usable visits: the rollouts alone
	}
	for c := 0; c < n; c++ {
		smp.Target[c] = float32(rm * w.values[c] / rs)
	}
	if vs > 0 {
		for j := 0; j < k; j++ {
			smp.Target[w.idx[j]] += float32(1-rm) * w.visits[j] / vs
		}
	}
	return smp, rs > 0
}

// simulate plays w.joint for me and the predicted answers for the others
// on a copy of s, then rollout baseline steps, and returns the value for me.
func (w *worker[S, V, A]) simulate(s S, me, rollout int) float64 {
	w.sim = w.g.Copy(w.sim, s)
	for p := range w.acts {
		w.acts[p] = w.acts[p][:0]
	}
	for _, p := range s.Pending() {
		if p == me {
			w.acts[p] = append(w.acts[p], w.joint...)
		} else {
			w.acts[p] = append(w.acts[p], w.opp[p]...)
		}
	}
	w.g.Step(w.sim, w.acts)
	for t := 0; t < rollout && !w.sim.Done(); t++ {
		for p := range w.acts {
			w.acts[p] = w.acts[p][:0]
		}
		for _, p := range w.sim.Pending() {
			w.rviews[p] = w.g.ViewInto(w.sim, p, w.rviews[p])
			w.acts[p] = w.rollout.Act(w.rviews[p], w.acts[p])
		}
		w.g.Step(w.sim, w.acts)
	}
	return w.g.Value(w.sim, me)
}
