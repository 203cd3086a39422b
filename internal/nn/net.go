package nn

import (
	"fmt"
	"math"
	"sync"
	"unicode/utf8"
)

// Shape fixes a network's widths. It has model.Config's fields in
// model.Config's order, so that the trainer's config converts to it and
// the two cannot drift apart without a compile error.
type Shape struct {
	AgentDim    int // features of a decision (xa)
	CandDim     int // features of a candidate action (xc_k)
	MaxCands    int // candidate slots of a decision
	Hidden1     int // width of the first hidden layer
	Hidden2     int // width of the second hidden layer
	ValueHidden int // width of the value head's hidden layer; 0 means none
}

// Sizes are the tensors' lengths in canonical order, the order of every
// stored form: W1 [AgentDim+CandDim][Hidden1], b1, W2 [Hidden1][Hidden2],
// b2, w3 [Hidden2], then, with a value head, Wv1 [AgentDim][ValueHidden],
// bv1, wv2 [ValueHidden] and bv2 [1].
func (s Shape) Sizes() []int {
	z := []int{(s.AgentDim + s.CandDim) * s.Hidden1, s.Hidden1, s.Hidden1 * s.Hidden2, s.Hidden2, s.Hidden2}
	if s.ValueHidden > 0 {
		z = append(z, s.AgentDim*s.ValueHidden, s.ValueHidden, s.ValueHidden, 1)
	}
	return z
}

// NumParams is the number of floats in a network of shape s.
func (s Shape) NumParams() int {
	n := 0
	for _, z := range s.Sizes() {
		n += z
	}
	return n
}

// Weights are a network's parameters. Nets only read them, so one Weights
// serves any number of Nets on any goroutines. Matrices are input-major
// (row i holds input i's weights), so that a zero input skips a row.
type Weights struct {
	Shape              Shape
	data               []float32
	w1, b1, w2, b2, w3 []float32
	wv1, bv1, wv2, bv2 []float32
}

// Data is every parameter, in the order of Sizes: the slice the tensors
// view. It is for comparing networks; nothing may change it while a Net
// reads it.
func (w *Weights) Data() []float32 { return w.data }

// NewWeights views data, every tensor of Sizes concatenated, without
// copying it: the trainer changes its parameters in place and its Nets
// see the change.
func NewWeights(s Shape, data []float32) (*Weights, error) {
	if s.AgentDim < 0 || s.CandDim < 0 || s.Hidden1 < 0 || s.Hidden2 < 0 || s.ValueHidden < 0 || len(data) != s.NumParams() {
		return nil, fmt.Errorf("nn: %d parameters do not fit shape %+v", len(data), s)
	}
	w := &Weights{Shape: s, data: data}
	views := []*[]float32{&w.w1, &w.b1, &w.w2, &w.b2, &w.w3, &w.wv1, &w.bv1, &w.wv2, &w.bv2}
	for i, z := range s.Sizes() {
		*views[i], data = data[:z:z], data[z:]
	}
	return w, nil
}

// The packed form: parameter q of a tensor is the character
// packBase+packMid+q, 14 bits in one CJK character, which CodinGame counts
// as one unit of its size limit. model's compact format uses the same
// alphabet, so a weights.txt line is copied into the Go source as it is.
const (
	packBase = 0x4E00
	packMid  = 1 << 13
)

// Decode dequantizes packed, one character per parameter, tensor t's
// values scaled by scales[t]: w = float32(q)*scales[t], as model's compact
// weights do.
func Decode(s Shape, packed string, scales []float32) (*Weights, error) {
	sizes := s.Sizes()
	n := utf8.RuneCountInString(packed)
	if n != s.NumParams() || len(scales) != len(sizes) {
		return nil, fmt.Errorf("nn: %d packed weights and %d scales for %d parameters in %d tensors", n, len(scales), s.NumParams(), len(sizes))
	}
	data := make([]float32, n)
	i, t, end := 0, 0, sizes[0]
	for _, r := range packed {
		for i == end {
			t++
			end += sizes[t]
		}
		q := int(r) - packBase - packMid
		if q < -packMid || q >= packMid {
			return nil, fmt.Errorf("nn: packed weight %d is %q, outside U+4E00..U+8DFF", i, r)
		}
		data[i] = float32(q) * scales[t]
		i++
	}
	return NewWeights(s, data)
}

// Packed is a network as a generated weights package holds it. Decoding
// waits for the first New, so that a defect is New's error rather than a
// panic at init, and happens once: every Net made from it shares the
// Weights.
type Packed struct {
	Shape  Shape
	Scales []float32 // one per tensor of Shape.Sizes
	Data   string    // one character per parameter (Decode)

	once sync.Once
	w    *Weights
	err  error
}

// New returns a forward pass of its own over p's weights, or why they do
// not decode (a weights.go edited by hand).
func (p *Packed) New() (*Net, error) {
	p.once.Do(func() { p.w, p.err = Decode(p.Shape, p.Data, p.Scales) })
	if p.err != nil {
		return nil, p.err
	}
	return NewNet(p.w), nil
}

// Net is the forward pass, the only one of this module: training, its
// tests and every bot run this code. It owns scratch buffers, so no call
// allocates; one Net serves one goroutine at a time, and Nets on other
// goroutines may share its Weights.
type Net struct {
	w             *Weights
	h, z1, z2, vz []float32
}

// NewNet returns a Net over w.
func NewNet(w *Weights) *Net {
	s := w.Shape
	return &Net{w: w, h: make([]float32, s.Hidden1), z1: make([]float32, s.Hidden1),
		z2: make([]float32, s.Hidden2), vz: make([]float32, s.ValueHidden)}
}

// axpy adds the sum of x[i] times row i of the input-major matrix w to
// dst, skipping zero inputs: feature encodings are mostly zeros, and so
// are a ReLU's outputs.
func axpy(dst, x, w []float32) {
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
// b1 + W1aᵀ·xa, into h[:Hidden1]. xa holds AgentDim features. A bot
// computes it once per agent and only the candidate half per candidate.
func (n *Net) AgentHidden(xa, h []float32) {
	w := n.w
	copy(h, w.b1)
	axpy(h[:w.Shape.Hidden1], xa[:w.Shape.AgentDim], w.w1)
}

// Score is the score of the candidate with CandDim features xc, given the
// agent half h from AgentHidden. Higher is better; the policy is the
// softmax of the scores.
func (n *Net) Score(h, xc []float32) float32 {
	w := n.w
	z1, z2 := n.z1, n.z2
	copy(z1, h[:len(z1)])
	axpy(z1, xc[:w.Shape.CandDim], w.w1[w.Shape.AgentDim*len(z1):])
	for j, v := range z1 {
		if v < 0 {
			z1[j] = 0
		}
	}
	copy(z2, w.b2)
	axpy(z2, z1, w.w2)
	var s float32
	for j, v := range z2 {
		if v > 0 {
			s += v * w.w3[j]
		}
	}
	return s
}

// ScoreAll scores the first cnt candidates of xc, laid out flat as
// cnt×CandDim floats, into dst[:cnt].
func (n *Net) ScoreAll(xa, xc []float32, cnt int, dst []float32) {
	n.AgentHidden(xa, n.h)
	d := n.w.Shape.CandDim
	for k := 0; k < cnt; k++ {
		dst[k] = n.Score(n.h, xc[k*d:k*d+d])
	}
}

// Value is the value head's prediction in [-1, 1] from the AgentDim
// features xa; 0 without a value head.
func (n *Net) Value(xa []float32) float32 {
	w := n.w
	if w.Shape.ValueHidden == 0 {
		return 0
	}
	vz := n.vz
	copy(vz, w.bv1)
	axpy(vz, xa[:w.Shape.AgentDim], w.wv1)
	s := w.bv2[0]
	for j, v := range vz {
		if v > 0 {
			s += v * w.wv2[j]
		}
	}
	return float32(math.Tanh(float64(s)))
}
