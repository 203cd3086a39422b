// Package train fits model.Params with gorgonia: a loss graph built once for
// a fixed batch size, reverse-mode gradients, and Adam.
//
// The float32 CPU path is deterministic: gonum's matrix products split work
// by output block, and the element-wise and reduction kernels run in a fixed
// order, so the same seed, data and options give the same weights bit for
// bit (TestFitDeterministic checks it).
package train

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"

	"github.com/schollz/progressbar/v3"
	G "gorgonia.org/gorgonia"

	"cgpolicy/model"
)

// Options controls Fit. There are no hidden defaults: start from
// DefaultOptions and override.
type Options struct {
	Epochs      int     // passes over the data, >= 1
	BatchSize   int     // samples per step, >= 1; the graph is built for this size
	LearnRate   float64 // Adam step size, > 0
	L2          float64 // L2 weight decay added to the gradients, >= 0
	Clip        float64 // clip each gradient element to ±Clip; 0 = no clipping
	ValueWeight float64 // weight of the value MSE in the loss, >= 0
	Seed        int64   // seeds the shuffling of the samples each epoch
	// Progress receives a progress bar when not nil.
	Progress io.Writer
	// Valid, if not empty, is evaluated with the forward pass (model.Net)
	// after every epoch.
	Valid []model.Sample
	// OnEpoch, if not nil, sees the stats and the current weights after
	// every epoch (to checkpoint them); an error stops training.
	OnEpoch func(EpochStats, *model.Params) error
}

// DefaultOptions are settings that train the toolkit's small networks well.
func DefaultOptions() Options {
	return Options{Epochs: 10, BatchSize: 64, LearnRate: 1e-3, ValueWeight: 1, Seed: 1}
}

func (o *Options) validate() error {
	switch {
	case o.Epochs < 1:
		return fmt.Errorf("train: Epochs=%d, want >= 1", o.Epochs)
	case o.BatchSize < 1:
		return fmt.Errorf("train: BatchSize=%d, want >= 1", o.BatchSize)
	case !(o.LearnRate > 0) || math.IsInf(o.LearnRate, 0):
		return fmt.Errorf("train: LearnRate=%v, want > 0", o.LearnRate)
	case !(o.L2 >= 0):
		return fmt.Errorf("train: L2=%v, want >= 0", o.L2)
	case !(o.Clip >= 0):
		return fmt.Errorf("train: Clip=%v, want >= 0", o.Clip)
	case !(o.ValueWeight >= 0):
		return fmt.Errorf("train: ValueWeight=%v, want >= 0", o.ValueWeight)
	}
	return nil
}

// EpochStats summarises one epoch.
type EpochStats struct {
	Epoch    int     // 1-based
	Loss     float64 // mean training loss (policy cross-entropy + weighted value MSE)
	Accuracy float64 // training top-1 agreement with the target's best candidate
	// Valid holds the validation results when Options.Valid is set.
	Valid *model.EvalStats
}

// Stats is what Fit did.
type Stats struct {
	Epochs []EpochStats
	Steps  int
}

// Fit trains p in place on data. Training starts from p's current weights,
// so a loaded checkpoint continues where it stopped (Adam's moments restart).
func Fit(p *model.Params, data []model.Sample, opt Options) (Stats, error) {
	var st Stats
	if err := opt.validate(); err != nil {
		return st, err
	}
	c := p.Config
	if err := c.Validate(); err != nil {
		return st, err
	}
	if len(data) == 0 {
		return st, errors.New("train: no samples")
	}
	if err := model.CheckAll(c, data); err != nil {
		return st, err
	}
	if err := model.CheckAll(c, opt.Valid); err != nil {
		return st, fmt.Errorf("validation set: %w", err)
	}
	bs := opt.BatchSize
	if bs > len(data) {
		bs = len(data) // a bigger graph would only compute padding
	}
	gr, err := newGraph(p, bs, opt.ValueWeight)
	if err != nil {
		return st, err
	}
	vm := G.NewTapeMachine(gr.g, G.BindDualValues(gr.params...))
	defer vm.Close()
	solverOpts := []G.SolverOpt{G.WithLearnRate(opt.LearnRate)}
	if opt.L2 > 0 {
		solverOpts = append(solverOpts, G.WithL2Reg(opt.L2))
	}
	if opt.Clip > 0 {
		solverOpts = append(solverOpts, G.WithClip(opt.Clip))
	}
	solver := G.NewAdamSolver(solverOpts...)
	learn := gr.learnables()

	steps := (len(data) + bs - 1) / bs
	var bar *progressbar.ProgressBar
	if opt.Progress != nil {
		bar = progressbar.NewOptions(steps*opt.Epochs,
			progressbar.OptionSetWriter(opt.Progress),
			progressbar.OptionSetDescription("train"),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(true),
		)
	}
	rng := rand.New(rand.NewSource(opt.Seed))
	b := newBatch(c, bs)
	for ep := 1; ep <= opt.Epochs; ep++ {
		order := rng.Perm(len(data))
		var lossSum, hits float64
		for s := 0; s < steps; s++ {
			lo, hi := s*bs, (s+1)*bs
			if hi > len(order) {
				hi = len(order)
			}
			b.fill(data, order[lo:hi])
			if err := b.bind(gr); err != nil {
				return st, fmt.Errorf("train: feeding batch: %w", err)
			}
			if err := vm.RunAll(); err != nil {
				return st, fmt.Errorf("train: epoch %d step %d: %w", ep, s, err)
			}
			loss := float64(gr.readLoss())
			if math.IsNaN(loss) || math.IsInf(loss, 0) {
				return st, fmt.Errorf("train: epoch %d step %d: loss is %v (learning rate too high?)", ep, s, loss)
			}
			lossSum += loss * float64(b.real)
			hits += float64(b.hits(gr.readScores(), data, order[lo:hi]))
			if err := solver.Step(learn); err != nil {
				return st, fmt.Errorf("train: epoch %d step %d: solver: %w", ep, s, err)
			}
			vm.Reset()
			st.Steps++
			if bar != nil {
				bar.Describe(fmt.Sprintf("epoch %d loss %.4f", ep, lossSum/float64(hi)))
				bar.Add(1)
			}
		}
		es := EpochStats{Epoch: ep, Loss: lossSum / float64(len(data)), Accuracy: hits / float64(len(data))}
		gr.copyOut(p)
		if len(opt.Valid) > 0 {
			v, err := model.Evaluate(p, opt.Valid)
			if err != nil {
				return st, err
			}
			es.Valid = &v
		}
		st.Epochs = append(st.Epochs, es)
		if opt.OnEpoch != nil {
			if err := opt.OnEpoch(es, p); err != nil {
				return st, err
			}
		}
	}
	if bar != nil {
		bar.Finish()
	}
	return st, nil
}

// hits counts the batch's real samples whose top score is the target's top
// candidate.
func (b *batch) hits(scores []float32, data []model.Sample, idx []int) int {
	k := b.cfg.MaxCands
	n := 0
	for bi, j := range idx {
		s := &data[j]
		if model.Argmax(scores[bi*k:bi*k+s.NumCands()]) == model.Argmax(s.Target) {
			n++
		}
	}
	return n
}

// Forward evaluates the gorgonia graph (not model.Net) on data and returns
// each sample's candidate scores and, with a value head, its value. It
// exists so tests can hold the forward pass, the bots' and the trainer's,
// against the graph that training differentiates.
func Forward(p *model.Params, data []model.Sample) (scores [][]float32, values []float32, err error) {
	c := p.Config
	if err := model.CheckAll(c, data); err != nil {
		return nil, nil, err
	}
	if len(data) == 0 {
		return nil, nil, nil
	}
	gr, err := newGraph(p, len(data), 1)
	if err != nil {
		return nil, nil, err
	}
	vm := G.NewTapeMachine(gr.g)
	defer vm.Close()
	b := newBatch(c, len(data))
	idx := make([]int, len(data))
	for i := range idx {
		idx[i] = i
	}
	b.fill(data, idx)
	if err := b.bind(gr); err != nil {
		return nil, nil, err
	}
	if err := vm.RunAll(); err != nil {
		return nil, nil, err
	}
	all := gr.readScores()
	for i := range data {
		row := make([]float32, data[i].NumCands())
		copy(row, all[i*c.MaxCands:])
		scores = append(scores, row)
	}
	values = append(values, gr.readValues()...)
	return scores, values, nil
}
