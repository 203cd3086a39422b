package model

import "math"

// Net is the pure-Go reference forward pass. The generated bot code follows
// the same loops in the same order, so tests can compare the two closely.
// A Net owns scratch buffers: it makes no allocations per call, and each
// goroutine needs its own Net (several Nets may share one Params).
type Net struct {
	cfg                Config
	w1, b1, w2, b2, w3 []float32
	wv1, bv1, wv2, bv2 []float32
	h, z1, z2, vz      []float32
}

// NewNet wraps p (not copied: later changes to p show through).
func NewNet(p *Params) *Net {
	c := p.Config
	n := &Net{
		cfg: c,
		w1:  p.Tensor(NameW1), b1: p.Tensor(NameB1),
		w2: p.Tensor(NameW2), b2: p.Tensor(NameB2),
		w3: p.Tensor(NameW3),
		h:  make([]float32, c.Hidden1),
		z1: make([]float32, c.Hidden1),
		z2: make([]float32, c.Hidden2),
	}
	if c.HasValue() {
		n.wv1, n.bv1 = p.Tensor(NameWv1), p.Tensor(NameBv1)
		n.wv2, n.bv2 = p.Tensor(NameWv2), p.Tensor(NameBv2)
		n.vz = make([]float32, c.ValueHidden)
	}
	return n
}

// axpyRows adds Σ_i x[i]·w[i] to dst, where w[i] is row i of the input-major
// matrix w; rows of zero inputs are skipped because encodings are sparse.
func axpyRows(dst, x, w []float32) {
	m := len(dst)
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		row := w[i*m : i*m+m]
		for j, wij := range row {
			dst[j] += xi * wij
		}
	}
}

// AgentHidden writes the agent half of the first layer's pre-activation,
// b1 + W1aᵀ·xa, into h (len Hidden1).
func (n *Net) AgentHidden(xa, h []float32) {
	copy(h, n.b1)
	axpyRows(h, xa[:n.cfg.AgentDim], n.w1)
}

// Score is candidate xc's score given the agent half h from AgentHidden.
func (n *Net) Score(h, xc []float32) float32 {
	c := n.cfg
	z1, z2 := n.z1, n.z2
	copy(z1, h)
	axpyRows(z1, xc[:c.CandDim], n.w1[c.AgentDim*c.Hidden1:])
	for j, v := range z1 {
		if v < 0 {
			z1[j] = 0
		}
	}
	copy(z2, n.b2)
	axpyRows(z2, z1, n.w2) // skips the ReLU's zeros too
	var s float32
	for j, v := range z2 {
		if v > 0 {
			s += v * n.w3[j]
		}
	}
	return s
}

// ScoreAll scores the first cnt candidates of xc, laid out flat as
// cnt×CandDim floats, into dst[:cnt].
func (n *Net) ScoreAll(xa, xc []float32, cnt int, dst []float32) {
	n.AgentHidden(xa, n.h)
	d := n.cfg.CandDim
	for k := 0; k < cnt; k++ {
		dst[k] = n.Score(n.h, xc[k*d:k*d+d])
	}
}

// Value is the value head's prediction in [-1,1]; 0 without a value head.
func (n *Net) Value(xa []float32) float32 {
	if !n.cfg.HasValue() {
		return 0
	}
	vz := n.vz
	copy(vz, n.bv1)
	axpyRows(vz, xa[:n.cfg.AgentDim], n.wv1)
	s := n.bv2[0]
	for j, v := range vz {
		if v > 0 {
			s += v * n.wv2[j]
		}
	}
	return float32(math.Tanh(float64(s)))
}

// Scorer scores the candidates of one decision: xa holds the decision's
// AgentDim features, xc n rows of CandDim, and dst[:n] receives the scores.
// Both a Net in training and a generated weights package fit, so the
// trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

var _ Scorer = (*Net)(nil)
