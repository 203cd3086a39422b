package main

import (
	"math"
	"math/rand"
	"sort"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/model"
)

// worker holds one goroutine's policies and scratch; nothing in it is
// shared, so workers never influence each other's results.
type worker struct {
	net     *policy.Net // current policy; nil before the first fit
	greedy  policy.Policy
	rollout policy.Policy
	enc     fsoak.Encoder
	sim     *soak.State
	base    []soak.Action
	opp     []soak.Action
	joint   []soak.Action
	acts    [2][]soak.Action
	buf     []soak.Action
	values  [fsoak.MaxCands]float64
}

func newWorker(p *model.Params) *worker {
	w := &worker{greedy: policy.NewGreedy(), rollout: policy.NewGreedy()}
	if p != nil {
		w.net = policy.NewNetWith(model.NewNet(p))
	}
	return w
}

// current is the policy being improved: the network once there is one,
// the greedy bot before.
func (w *worker) current(s *soak.State, me int, dst []soak.Action) []soak.Action {
	if w.net != nil {
		return policy.ActOn(w.net, s, me, dst)
	}
	return policy.ActOn(w.greedy, s, me, dst)
}

// explore is the learner's move in self-play: the network's softmax at
// temperature t (argmax at 0), or greedy with a random agent order now and
// then before there is a network.
func (w *worker) explore(s *soak.State, me int, t float64, rng *rand.Rand, dst []soak.Action) []soak.Action {
	if w.net == nil {
		start := len(dst)
		dst = policy.ActOn(w.greedy, s, me, dst)
		for i := start; i < len(dst); i++ {
			if rng.Float64() < 0.15 {
				w.buf = s.LegalActions(dst[i].Agent, w.buf[:0])
				if len(w.buf) > 0 {
					dst[i] = w.buf[rng.Intn(len(w.buf))]
				}
			}
		}
		return dst
	}
	if t <= 0 {
		return policy.ActOn(w.net, s, me, dst)
	}
	w.net.Reset(s.PlayerView(me))
	for _, a := range s.PlayerAgents(me) {
		if !a.Alive {
			continue
		}
		n := w.net.Rank(a.ID)
		if n == 0 {
			continue
		}
		sum, _ := policy.SoftmaxWeights(w.net.Scores(), t, w.values[:])
		r := rng.Float64() * sum
		k := 0
		for ; k < n-1; k++ {
			r -= w.values[k]
			if r < 0 {
				break
			}
		}
		dst = append(dst, w.net.Candidates()[k])
	}
	return dst
}

// gameResult is what one self-play game yields, kept by game index.
type gameResult struct {
	samples []model.Sample
}

// playGame plays self-play game g of an iteration and returns its training
// samples. The game seed, the sides and the sampled turns all come from rng.
func (w *worker) playGame(o *options, rng *rand.Rand) gameResult {
	var res gameResult
	s, err := soak.New(gameSeed(rng))
	if err != nil {
		return res
	}
	// seat 0 or 1 is the learner; the other plays greedy or the learner too
	learner := rng.Intn(2)
	selfPlay := w.net != nil && rng.Intn(2) == 0
	var hist []*soak.State
	for !s.Done() {
		hist = append(hist, s.Copy())
		for p := 0; p < 2; p++ {
			w.acts[p] = w.acts[p][:0]
			if p == learner || selfPlay {
				w.acts[p] = w.explore(s, p, o.Explore, rng, w.acts[p])
			} else {
				w.acts[p] = policy.ActOn(w.greedy, s, p, w.acts[p])
			}
		}
		s.Step(&w.acts)
	}
	// States distinct positions of the game, in turn order, become samples
	k := o.States
	if k > len(hist) {
		k = len(hist)
	}
	pick := rng.Perm(len(hist))[:k]
	sort.Ints(pick)
	for _, t := range pick {
		for p := 0; p < 2; p++ {
			if p == learner || selfPlay {
				res.samples = w.targets(hist[t], p, o, res.samples)
			}
		}
	}
	return res
}

// gameSeed draws a contest seed the referee can reproduce (not 0).
func gameSeed(rng *rand.Rand) int64 {
	for {
		if v := rng.Int63n(1 << 31); v != 0 {
			return v
		}
	}
}

// targets appends one sample per own agent of me with a real choice: every
// candidate is tried on a copy of the turn (own other agents playing the
// current policy, the opponent what greedy predicts), followed by Rollout
// greedy turns for both sides, and the heuristic values are softmaxed at
// temperature Temp into the target distribution.
func (w *worker) targets(s *soak.State, me int, o *options, out []model.Sample) []model.Sample {
	if s.Done() || s.Alive(0) == 0 || s.Alive(1) == 0 {
		return out
	}
	w.base = w.current(s, me, w.base[:0])
	w.opp = policy.ActOn(w.greedy, s, 1-me, w.opp[:0])
	if w.sim == nil {
		w.sim = s.Copy()
	}
	w.enc.Reset(s.PlayerView(me))
	for _, a := range s.PlayerAgents(me) {
		if !a.Alive {
			continue
		}
		n := w.enc.Encode(a.ID)
		if n < 2 {
			continue
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for k := 0; k < n; k++ {
			w.joint = append(w.joint[:0], w.base...)
			for j := range w.joint {
				if w.joint[j].Agent == a.ID {
					w.joint[j] = w.enc.Actions[k]
				}
			}
			v := w.simulate(s, me, o.Rollout)
			w.values[k] = v
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if hi-lo < 1e-9 {
			continue // nothing to learn: every choice is as good
		}
		smp := model.Sample{
			Agent:  append([]float32(nil), w.enc.Agent[:]...),
			Cands:  append([]float32(nil), w.enc.Cands[:n*fsoak.CandDim]...),
			Target: make([]float32, n),
		}
		for k := 0; k < n; k++ {
			smp.Target[k] = float32(math.Exp((w.values[k] - hi) / o.Temp))
		}
		out = append(out, smp)
	}
	return out
}

// simulate plays w.joint for me and w.opp for the opponent on a copy of s,
// then rollout greedy turns, and returns the heuristic value for me.
func (w *worker) simulate(s *soak.State, me, rollout int) float64 {
	w.sim.CopyFrom(s)
	var acts [2][]soak.Action
	acts[me], acts[1-me] = w.joint, w.opp
	w.sim.Step(&acts)
	for t := 0; t < rollout && !w.sim.Done(); t++ {
		for p := 0; p < 2; p++ {
			w.acts[p] = policy.ActOn(w.rollout, w.sim, p, w.acts[p][:0])
		}
		w.sim.Step(&w.acts)
	}
	return fsoak.Value(w.sim, me)
}
