package train

import (
	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"cgpolicy/model"
)

// batch holds the host-side input buffers of one step. The tensors wrap the
// buffers, so refilling a buffer and re-binding its tensor feeds a new batch
// without allocating.
type batch struct {
	cfg                      model.Config
	size                     int
	x, mask, tgt, xa, vy, vw []float32
	tx, tmask, ttgt          *tensor.Dense
	txa, tvy, tvw            *tensor.Dense
	real                     int // samples in this batch that are not padding
}

func newBatch(c model.Config, size int) *batch {
	k, d := c.MaxCands, c.AgentDim+c.CandDim
	b := &batch{cfg: c, size: size}
	b.x = make([]float32, size*k*d)
	b.mask = make([]float32, size*k)
	b.tgt = make([]float32, size*k)
	b.tx = tensor.New(tensor.WithShape(size*k, d), tensor.WithBacking(b.x))
	b.tmask = tensor.New(tensor.WithShape(size, k), tensor.WithBacking(b.mask))
	b.ttgt = tensor.New(tensor.WithShape(size, k), tensor.WithBacking(b.tgt))
	if c.HasValue() {
		b.xa = make([]float32, size*c.AgentDim)
		b.vy = make([]float32, size)
		b.vw = make([]float32, size)
		b.txa = tensor.New(tensor.WithShape(size, c.AgentDim), tensor.WithBacking(b.xa))
		b.tvy = tensor.New(tensor.WithShape(size, 1), tensor.WithBacking(b.vy))
		b.tvw = tensor.New(tensor.WithShape(size, 1), tensor.WithBacking(b.vw))
	}
	return b
}

// fill lays out the samples data[idx[0]], data[idx[1]], ... (at most size of
// them) and pads the rest. Policy targets are normalised per sample and
// divided by the number of real samples, so the graph's plain sum is the
// batch mean; value weights likewise average over samples with a value.
func (b *batch) fill(data []model.Sample, idx []int) {
	c := b.cfg
	k, a, cd := c.MaxCands, c.AgentDim, c.CandDim
	d := a + cd
	for i := range b.x {
		b.x[i] = 0
	}
	for i := range b.mask {
		b.mask[i] = maskNeg
		b.tgt[i] = 0
	}
	b.real = len(idx)
	nv := 0
	for _, j := range idx {
		if data[j].HasValue {
			nv++
		}
	}
	for i := range b.vy {
		b.vy[i], b.vw[i] = 0, 0
	}
	for i := range b.xa {
		b.xa[i] = 0
	}
	for bi, j := range idx {
		s := &data[j]
		n := s.NumCands()
		var sum float32
		for _, t := range s.Target {
			sum += t
		}
		for ki := 0; ki < n; ki++ {
			row := b.x[(bi*k+ki)*d : (bi*k+ki+1)*d]
			copy(row, s.Agent)
			copy(row[a:], s.Cands[ki*cd:(ki+1)*cd])
			b.mask[bi*k+ki] = 0
			b.tgt[bi*k+ki] = s.Target[ki] / sum / float32(b.real)
		}
		if c.HasValue() {
			copy(b.xa[bi*a:(bi+1)*a], s.Agent)
			if s.HasValue {
				b.vy[bi] = s.Value
				b.vw[bi] = 1 / float32(nv)
			}
		}
	}
}

// binding pairs an input node with the tensor that feeds it.
type binding struct {
	n *G.Node
	t *tensor.Dense
}

// bind feeds the buffers to the graph's input nodes.
func (b *batch) bind(gr *graph) error {
	pairs := []binding{{gr.x, b.tx}, {gr.mask, b.tmask}, {gr.tgt, b.ttgt}}
	if b.cfg.HasValue() {
		pairs = append(pairs, binding{gr.xa, b.txa}, binding{gr.vy, b.tvy}, binding{gr.vw, b.tvw})
	}
	for _, p := range pairs {
		if err := G.Let(p.n, p.t); err != nil {
			return err
		}
	}
	return nil
}
