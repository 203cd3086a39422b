package train

import (
	"fmt"

	G "gorgonia.org/gorgonia"
	"gorgonia.org/tensor"

	"cgpolicy/model"
)

// maskNeg is the additive mask of padded candidate slots: exp(maskNeg-max)
// underflows to exactly 0 in float32, and 0·maskNeg stays finite.
const maskNeg = -1e9

// graph is the training network for a fixed batch size B. Shapes are fixed
// at construction, so the last batch of an epoch is padded with zero-weight
// samples.
type graph struct {
	cfg   model.Config
	batch int
	g     *G.ExprGraph
	// inputs, fed with G.Let every step
	x    *G.Node // [B*K, A+C] tiled agent features ++ candidate features
	mask *G.Node // [B, K] 0 for real slots, maskNeg for padding
	tgt  *G.Node // [B, K] targets, pre-multiplied by sample weight / total weight
	xa   *G.Node // [B, A] value head input
	vy   *G.Node // [B, 1] value targets
	vw   *G.Node // [B, 1] value weights, pre-normalised
	// outputs; read through G.Read because the tape machine may later
	// overwrite a node's memory in place
	scores  *G.Node // [B, K] masked scores
	value   *G.Node // [B, 1] value head output, nil without one
	loss    *G.Node // scalar
	scoresV G.Value
	valueV  G.Value
	lossV   G.Value
	params  []*G.Node
}

// newGraph builds the loss graph and its gradient, with learnables bound to
// copies of p's tensors (the copies are what the solver updates).
func newGraph(p *model.Params, batch int, valueWeight float64) (*graph, error) {
	c := p.Config
	b, k, a, d := batch, c.MaxCands, c.AgentDim, c.AgentDim+c.CandDim
	gr := &graph{cfg: c, batch: batch, g: G.NewGraph()}
	g := gr.g
	f32 := tensor.Float32
	mat := func(name string, r, cols int) *G.Node {
		return G.NewMatrix(g, f32, G.WithShape(r, cols), G.WithName(name))
	}
	for i, s := range c.Specs() {
		backing := make([]float32, s.Size())
		copy(backing, p.Tensors[i])
		t := tensor.New(tensor.WithShape(s.Rows, s.Cols), tensor.WithBacking(backing))
		gr.params = append(gr.params, G.NewMatrix(g, f32, G.WithShape(s.Rows, s.Cols), G.WithName(s.Name), G.WithValue(t)))
	}
	gr.x = mat("x", b*k, d)
	gr.mask = mat("mask", b, k)
	gr.tgt = mat("target", b, k)

	var err error
	must := func(n *G.Node, e error) *G.Node {
		if err == nil && e != nil {
			err = e
		}
		return n
	}
	// dense is relu(in·W + bias) with the [1,H] bias broadcast over rows.
	dense := func(in, w, bias *G.Node, relu bool) *G.Node {
		h := must(G.Mul(in, w))
		if err != nil {
			return nil
		}
		if bias != nil {
			h = must(G.BroadcastAdd(h, bias, nil, []byte{0}))
		}
		if relu && err == nil {
			h = must(G.Rectify(h))
		}
		return h
	}
	w1, b1, w2, b2, w3 := gr.params[0], gr.params[1], gr.params[2], gr.params[3], gr.params[4]
	z1 := dense(gr.x, w1, b1, true)
	z2 := dense(z1, w2, b2, true)
	s := dense(z2, w3, nil, false) // [B*K, 1]
	if err != nil {
		return nil, fmt.Errorf("train: building policy layers: %w", err)
	}
	s = must(G.Reshape(s, tensor.Shape{b, k}))
	s = must(G.Add(s, gr.mask))
	gr.scores = s
	// Stable log-softmax by hand: gorgonia's LogSoftMax op stabilises every
	// row with the first row's maximum and LogSumExp adds the max inside
	// the log, so neither is safe here. The max carries no gradient in exact
	// arithmetic (it cancels), so differentiating through it is harmless.
	m := must(G.Max(s, 1))
	zc := must(G.BroadcastSub(s, m, nil, []byte{1}))
	lse := must(G.Log(must(G.Sum(must(G.Exp(zc)), 1))))
	logp := must(G.BroadcastSub(zc, lse, nil, []byte{1}))
	loss := must(G.Neg(must(G.Sum(must(G.HadamardProd(gr.tgt, logp))))))
	if err != nil {
		return nil, fmt.Errorf("train: building policy loss: %w", err)
	}
	if c.HasValue() {
		gr.xa = mat("xa", b, a)
		gr.vy = mat("vy", b, 1)
		gr.vw = mat("vw", b, 1)
		wv1, bv1, wv2, bv2 := gr.params[5], gr.params[6], gr.params[7], gr.params[8]
		hv := dense(gr.xa, wv1, bv1, true)
		v := dense(hv, wv2, nil, false)
		if err != nil {
			return nil, fmt.Errorf("train: building value head: %w", err)
		}
		v = must(G.Tanh(must(G.BroadcastAdd(v, bv2, nil, []byte{0}))))
		gr.value = v
		diff := must(G.Sub(v, gr.vy))
		vl := must(G.Sum(must(G.HadamardProd(gr.vw, must(G.Square(diff))))))
		vl = must(G.Mul(vl, G.NewConstant(float32(valueWeight))))
		loss = must(G.Add(loss, vl))
		if err != nil {
			return nil, fmt.Errorf("train: building value loss: %w", err)
		}
	}
	gr.loss = loss
	G.Read(gr.scores, &gr.scoresV)
	G.Read(gr.loss, &gr.lossV)
	if gr.value != nil {
		G.Read(gr.value, &gr.valueV)
	}
	if _, err := G.Grad(loss, gr.params...); err != nil {
		return nil, fmt.Errorf("train: differentiating: %w", err)
	}
	return gr, nil
}

// learnables returns the parameter nodes as the solver wants them.
func (gr *graph) learnables() []G.ValueGrad {
	vg := make([]G.ValueGrad, len(gr.params))
	for i, n := range gr.params {
		vg[i] = n
	}
	return vg
}

// copyOut writes the graph's current weights into p.
func (gr *graph) copyOut(p *model.Params) {
	for i, n := range gr.params {
		copy(p.Tensors[i], n.Value().Data().([]float32))
	}
}

// readScores is the last run's [B*K] masked scores.
func (gr *graph) readScores() []float32 { return gr.scoresV.Data().([]float32) }

// readLoss is the last run's loss.
func (gr *graph) readLoss() float32 { return gr.lossV.Data().(float32) }

// readValues is the last run's value head outputs, nil without a value head.
func (gr *graph) readValues() []float32 {
	if gr.valueV == nil {
		return nil
	}
	return gr.valueV.Data().([]float32)
}
