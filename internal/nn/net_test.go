package nn

import (
	"math"
	"math/rand"
	"strings"
	"sync"
	"testing"
)

// shapes are the networks the tests run: with and without a value head,
// without agent features, and one-unit layers.
var shapes = []struct {
	name string
	s    Shape
}{
	{"value head", Shape{AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6, ValueHidden: 3}},
	{"no value head", Shape{AgentDim: 7, CandDim: 3, MaxCands: 9, Hidden1: 12, Hidden2: 5}},
	{"no agent features", Shape{CandDim: 6, MaxCands: 4, Hidden1: 5, Hidden2: 4}},
	{"one unit", Shape{AgentDim: 2, CandDim: 1, MaxCands: 3, Hidden1: 1, Hidden2: 1, ValueHidden: 1}},
}

// randomData is every parameter of s drawn from a normal law, biases too.
func randomData(s Shape, seed int64) []float32 {
	r := rand.New(rand.NewSource(seed))
	data := make([]float32, s.NumParams())
	for i := range data {
		data[i] = float32(r.NormFloat64() * 0.5)
	}
	return data
}

func weightsOf(t testing.TB, s Shape, data []float32) *Weights {
	t.Helper()
	w, err := NewWeights(s, data)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// input is one decision: agent features, n candidates' features, sparse
// (about half zeros) as real encodings are.
type input struct {
	xa, xc []float32
	n      int
}

func inputs(s Shape, count int, seed int64) []input {
	r := rand.New(rand.NewSource(seed))
	sparse := func(n int) []float32 {
		x := make([]float32, n)
		for i := range x {
			if r.Intn(2) == 0 {
				x[i] = float32(r.NormFloat64())
			}
		}
		return x
	}
	out := make([]input, count)
	for i := range out {
		n := 1 + r.Intn(s.MaxCands)
		out[i] = input{sparse(s.AgentDim), sparse(n * s.CandDim), n}
	}
	return out
}

// definition computes the network from its definition (model's package
// comment) in float64, densely, reading the flat canonical-order data:
// independent of Net's views, zero-skipping and float32 rounding.
func definition(s Shape, data []float32, in input) (scores []float64, value float64) {
	at := func(i int) float64 { return float64(data[i]) }
	w1 := 0
	b1 := w1 + (s.AgentDim+s.CandDim)*s.Hidden1
	w2 := b1 + s.Hidden1
	b2 := w2 + s.Hidden1*s.Hidden2
	w3 := b2 + s.Hidden2
	relu := func(x float64) float64 { return math.Max(0, x) }
	for k := 0; k < in.n; k++ {
		x := append(append([]float32{}, in.xa...), in.xc[k*s.CandDim:(k+1)*s.CandDim]...)
		z1 := make([]float64, s.Hidden1)
		for j := range z1 {
			z1[j] = at(b1 + j)
			for i, xi := range x {
				z1[j] += float64(xi) * at(w1+i*s.Hidden1+j)
			}
			z1[j] = relu(z1[j])
		}
		var sc float64
		for j := 0; j < s.Hidden2; j++ {
			z2 := at(b2 + j)
			for i := range z1 {
				z2 += z1[i] * at(w2+i*s.Hidden2+j)
			}
			sc += relu(z2) * at(w3+j)
		}
		scores = append(scores, sc)
	}
	if s.ValueHidden == 0 {
		return scores, 0
	}
	wv1 := w3 + s.Hidden2
	bv1 := wv1 + s.AgentDim*s.ValueHidden
	wv2 := bv1 + s.ValueHidden
	bv2 := wv2 + s.ValueHidden
	v := at(bv2)
	for j := 0; j < s.ValueHidden; j++ {
		h := at(bv1 + j)
		for i, xi := range in.xa {
			h += float64(xi) * at(wv1+i*s.ValueHidden+j)
		}
		v += relu(h) * at(wv2+j)
	}
	return scores, math.Tanh(v)
}

// near reports whether float32 got is want up to float32 rounding.
func near(got float32, want float64) bool {
	return math.Abs(float64(got)-want) <= 1e-5*math.Max(1, math.Abs(want))
}

// TestNetMatchesDefinition: scores and values are the definition's, and
// ScoreAll is AgentHidden then Score, bit for bit.
func TestNetMatchesDefinition(t *testing.T) {
	for _, tc := range shapes {
		t.Run(tc.name, func(t *testing.T) {
			data := randomData(tc.s, 1)
			net := NewNet(weightsOf(t, tc.s, data))
			dst := make([]float32, tc.s.MaxCands)
			h := make([]float32, tc.s.Hidden1)
			for i, in := range inputs(tc.s, 100, 2) {
				want, wantV := definition(tc.s, data, in)
				net.ScoreAll(in.xa, in.xc, in.n, dst)
				net.AgentHidden(in.xa, h)
				for k := 0; k < in.n; k++ {
					if !near(dst[k], want[k]) {
						t.Fatalf("input %d cand %d: score %v, definition %v", i, k, dst[k], want[k])
					}
					if s := net.Score(h, in.xc[k*tc.s.CandDim:]); s != dst[k] {
						t.Fatalf("input %d cand %d: Score %v, ScoreAll %v", i, k, s, dst[k])
					}
				}
				v := net.Value(in.xa)
				if !near(v, wantV) || v < -1 || v > 1 {
					t.Fatalf("input %d: value %v, definition %v", i, v, wantV)
				}
				if tc.s.ValueHidden == 0 && v != 0 {
					t.Fatalf("input %d: value %v without a value head", i, v)
				}
			}
		})
	}
}

// TestSkippedRowsNeverRead: the weights of a zero input, of a dead first-
// or second-layer unit and of a dead value unit are never read. They are
// NaN here, which any read would spread to the outputs; the outputs must
// be those of the same network with the rows at zero, bit for bit.
func TestSkippedRowsNeverRead(t *testing.T) {
	s := Shape{AgentDim: 6, CandDim: 5, MaxCands: 4, Hidden1: 7, Hidden2: 6, ValueHidden: 4}
	nan := float32(math.NaN())
	for i, in := range inputs(s, 40, 3) {
		clean := randomData(s, int64(10+i))
		// The last unit of each layer is dead: a bias no input outweighs.
		sizes := s.Sizes()
		off := make([]int, len(sizes)+1)
		for t, z := range sizes {
			off[t+1] = off[t] + z
		}
		clean[off[1]+s.Hidden1-1] = -1e6 // b1
		clean[off[3]+s.Hidden2-1] = -1e6 // b2
		clean[off[6]+s.ValueHidden-1] = -1e6
		poisoned := append([]float32{}, clean...)
		for r := 0; r < s.AgentDim+s.CandDim; r++ {
			zero := true // input r is zero for every candidate
			for k := 0; k < in.n; k++ {
				x := append(append([]float32{}, in.xa...), in.xc[k*s.CandDim:(k+1)*s.CandDim]...)
				zero = zero && x[r] == 0
			}
			for j := 0; zero && j < s.Hidden1; j++ {
				poisoned[off[0]+r*s.Hidden1+j] = nan
			}
		}
		for j := 0; j < s.Hidden2; j++ {
			poisoned[off[2]+(s.Hidden1-1)*s.Hidden2+j] = nan // W2's row of the dead unit
		}
		poisoned[off[4]+s.Hidden2-1] = nan // w3
		for r, xr := range in.xa {
			if xr == 0 {
				for j := 0; j < s.ValueHidden; j++ {
					poisoned[off[5]+r*s.ValueHidden+j] = nan
				}
			}
		}
		poisoned[off[7]+s.ValueHidden-1] = nan // wv2
		zeroed := append([]float32{}, poisoned...)
		for j, v := range zeroed {
			if v != v {
				zeroed[j] = 0
			}
		}
		a, b := NewNet(weightsOf(t, s, poisoned)), NewNet(weightsOf(t, s, zeroed))
		got, want := make([]float32, in.n), make([]float32, in.n)
		a.ScoreAll(in.xa, in.xc, in.n, got)
		b.ScoreAll(in.xa, in.xc, in.n, want)
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("input %d cand %d: %v with skipped rows NaN, %v with them zero", i, k, got[k], want[k])
			}
		}
		if g, w := a.Value(in.xa), b.Value(in.xa); g != w {
			t.Fatalf("input %d: value %v with skipped rows NaN, %v with them zero", i, g, w)
		}
	}
}

// TestNetsShareWeights: Nets on two goroutines over one Weights give what
// one Net gives alone. Under go test -race it also shows that they share
// no scratch and only read the weights.
func TestNetsShareWeights(t *testing.T) {
	s := shapes[0].s
	w := weightsOf(t, s, randomData(s, 4))
	data := inputs(s, 30, 5)
	run := func(net *Net) [][]float32 {
		out := make([][]float32, len(data))
		for i, in := range data {
			out[i] = make([]float32, in.n+1)
			net.ScoreAll(in.xa, in.xc, in.n, out[i])
			out[i][in.n] = net.Value(in.xa)
		}
		return out
	}
	want := run(NewNet(w))
	var got [2][][]float32
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			net := NewNet(w)
			for rep := 0; rep < 4; rep++ {
				got[g] = run(net)
			}
		}(g)
	}
	wg.Wait()
	for g := range got {
		for i := range want {
			for k := range want[i] {
				if got[g][i][k] != want[i][k] {
					t.Fatalf("goroutine %d input %d output %d: %v, alone %v", g, i, k, got[g][i][k], want[i][k])
				}
			}
		}
	}
}

func TestNetDoesNotAllocate(t *testing.T) {
	s := shapes[0].s
	net := NewNet(weightsOf(t, s, randomData(s, 6)))
	in := inputs(s, 1, 7)[0]
	dst := make([]float32, s.MaxCands)
	if a := testing.AllocsPerRun(50, func() { net.ScoreAll(in.xa, in.xc, in.n, dst); net.Value(in.xa) }); a != 0 {
		t.Fatalf("%v allocations per decision", a)
	}
}

// TestNewWeightsViews: Weights are views, so a Net sees its data change,
// as training needs; data of the wrong length is an error.
func TestNewWeightsViews(t *testing.T) {
	s := shapes[1].s
	data := randomData(s, 8)
	net := NewNet(weightsOf(t, s, data))
	in := inputs(s, 1, 9)[0]
	before := make([]float32, in.n)
	net.ScoreAll(in.xa, in.xc, in.n, before)
	w3 := s.NumParams() - s.Hidden2
	for j := w3; j < len(data); j++ {
		data[j] *= 2 // doubles every score
	}
	after := make([]float32, in.n)
	net.ScoreAll(in.xa, in.xc, in.n, after)
	for k := range after {
		if after[k] != 2*before[k] {
			t.Fatalf("cand %d: %v after doubling w3, %v before", k, after[k], before[k])
		}
	}
	for _, tc := range []struct {
		name string
		s    Shape
		n    int
		want string
	}{
		{"short", s, s.NumParams() - 1, "do not fit"},
		{"long", s, s.NumParams() + 1, "do not fit"},
		{"negative", Shape{AgentDim: -1, CandDim: 2, Hidden1: 2, Hidden2: 2}, 6, "do not fit"},
	} {
		if _, err := NewWeights(tc.s, make([]float32, tc.n)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
}

// pack writes q one character each, as model/codegen does.
func pack(q []int) string {
	var b strings.Builder
	for _, v := range q {
		b.WriteRune(rune(packBase + packMid + v))
	}
	return b.String()
}

// TestDecode: every value of the 14-bit range decodes to q times its
// tensor's scale exactly, and a defect in the packed form is an error.
func TestDecode(t *testing.T) {
	s := shapes[0].s
	sizes := s.Sizes()
	r := rand.New(rand.NewSource(10))
	q := make([]int, s.NumParams())
	for i := range q {
		q[i] = r.Intn(2*packMid) - packMid
	}
	q[0], q[1] = -packMid, packMid-1
	scales := make([]float32, len(sizes))
	for i := range scales {
		scales[i] = float32(r.Float64() * 1e-3)
	}
	w, err := Decode(s, pack(q), scales)
	if err != nil {
		t.Fatal(err)
	}
	if d := w.Data(); len(d) != len(q) || d[0] != float32(q[0])*scales[0] || &d[0] != &w.w1[0] {
		t.Fatalf("Data is not the decoded parameters that the tensors view")
	}
	views := [][]float32{w.w1, w.b1, w.w2, w.b2, w.w3, w.wv1, w.bv1, w.wv2, w.bv2}
	i := 0
	for ti, z := range sizes {
		if len(views[ti]) != z {
			t.Fatalf("tensor %d has %d values, want %d", ti, len(views[ti]), z)
		}
		for _, v := range views[ti] {
			if want := float32(q[i]) * scales[ti]; v != want {
				t.Fatalf("parameter %d (tensor %d): %v, want %v", i, ti, v, want)
			}
			i++
		}
	}
	good := pack(q)
	for _, tc := range []struct {
		name   string
		packed string
		scales []float32
		want   string
	}{
		{"short", pack(q[1:]), scales, "161 packed weights and 9 scales for 162 parameters in 9 tensors"},
		{"long", good + pack(q[:1]), scales, "163 packed weights"},
		{"outside the alphabet", pack(q[:4]) + "a" + pack(q[5:]), scales, "packed weight 4 is 'a', outside"},
		{"not UTF-8", "\xff" + pack(q[1:]), scales, "packed weight 0 is '\ufffd', outside"},
		{"scales", good, scales[1:], "8 scales"},
		{"empty", "", scales, "0 packed weights"},
	} {
		if _, err := Decode(s, tc.packed, tc.scales); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
}

// TestPackedNew: a Packed decodes once, even when goroutines ask at once,
// and shares its Weights between its Nets; a defect is New's error, every
// time.
func TestPackedNew(t *testing.T) {
	s := shapes[1].s
	q := make([]int, s.NumParams())
	for i := range q {
		q[i] = i%200 - 100
	}
	p := &Packed{Shape: s, Scales: []float32{1, 2, 3, 4, 5}, Data: pack(q)}
	a, err := p.New()
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.New()
	if err != nil {
		t.Fatal(err)
	}
	if a == b || a.w != b.w || a.w.w2[0] != float32(q[len(a.w.w1)+len(a.w.b1)])*3 {
		t.Fatal("two Nets of one Packed should be distinct and share the decoded weights")
	}
	fresh := &Packed{Shape: s, Scales: p.Scales, Data: p.Data}
	var nets [2]*Net
	var wg sync.WaitGroup
	for g := range nets {
		wg.Add(1)
		go func(g int) { // the first New of two goroutines at once
			defer wg.Done()
			nets[g], _ = fresh.New()
		}(g)
	}
	wg.Wait()
	if nets[0] == nil || nets[1] == nil || nets[0].w != nets[1].w {
		t.Fatal("Nets made at once from one Packed should share its weights")
	}
	bad := &Packed{Shape: s, Scales: p.Scales, Data: p.Data[3:]}
	for i := 0; i < 2; i++ {
		if n, err := bad.New(); err == nil || n != nil {
			t.Fatalf("New #%d on a truncated Packed = %v, %v; want an error", i, n, err)
		}
	}
}

// BenchmarkScoreAll is one bot decision with sparse features: for Soak's
// committed shape and for a network near model's parameter budget.
func BenchmarkScoreAll(b *testing.B) {
	for _, bc := range []struct {
		name string
		s    Shape
		cnt  int
	}{
		{"soak", Shape{AgentDim: 278, CandDim: 35, MaxCands: 40, Hidden1: 64, Hidden2: 32}, 20},
		{"budget", Shape{AgentDim: 96, CandDim: 48, MaxCands: 20, Hidden1: 128, Hidden2: 64, ValueHidden: 32}, 20},
	} {
		b.Run(bc.name, func(b *testing.B) {
			net := NewNet(weightsOf(b, bc.s, randomData(bc.s, 1)))
			r := rand.New(rand.NewSource(2))
			xa := make([]float32, bc.s.AgentDim)
			xc := make([]float32, bc.cnt*bc.s.CandDim)
			for i := range xa {
				if r.Intn(4) == 0 {
					xa[i] = 1
				}
			}
			for i := range xc {
				if r.Intn(4) == 0 {
					xc[i] = float32(r.Float64())
				}
			}
			dst := make([]float32, bc.cnt)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				net.ScoreAll(xa, xc, bc.cnt, dst)
			}
		})
	}
}
