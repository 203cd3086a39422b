package model

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

var small = Config{AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6, ValueHidden: 3}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		c    Config
		want string // "" = valid
	}{
		{"ok", small, ""},
		{"no value head", Config{AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6}, ""},
		{"no agent features", Config{CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6}, ""},
		{"zero cand", Config{AgentDim: 5, MaxCands: 6, Hidden1: 8, Hidden2: 6}, "CandDim"},
		{"negative", Config{AgentDim: -1, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6}, "AgentDim"},
		{"zero hidden", Config{AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden2: 6}, "Hidden1"},
		{"value without agent", Config{CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6, ValueHidden: 2}, "value head"},
		{"over budget", Config{AgentDim: 200, CandDim: 100, MaxCands: 6, Hidden1: 200, Hidden2: 6}, "budget"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.c.Validate()
			if tc.want == "" && err != nil {
				t.Fatal(err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestNumParams(t *testing.T) {
	// Counted by hand from the layer shapes.
	want := (5+4)*8 + 8 + 8*6 + 6 + 6 + (5*3 + 3 + 3 + 1)
	if got := small.NumParams(); got != want {
		t.Fatalf("NumParams = %d, want %d", got, want)
	}
	p, err := Init(small, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p.NumParams() != want || len(p.Tensors) != 9 || len(p.Tensor(NameW1)) != 72 || p.Tensor("nope") != nil {
		t.Fatalf("params layout wrong: %d params, %d tensors", p.NumParams(), len(p.Tensors))
	}
}

func TestInitSeeded(t *testing.T) {
	a, _ := Init(small, 3)
	b, _ := Init(small, 3)
	c, _ := Init(small, 4)
	same := func(x, y *Params) bool {
		for i := range x.Data {
			if x.Data[i] != y.Data[i] {
				return false
			}
		}
		return true
	}
	if !same(a, b) || same(a, c) {
		t.Fatal("Init is not a function of its seed")
	}
	for _, v := range a.Tensor(NameB1) {
		if v != 0 {
			t.Fatal("biases should start at zero")
		}
	}
	// He init: the first layer's weights have variance 2/fanIn, roughly.
	big := Config{AgentDim: 40, CandDim: 40, MaxCands: 2, Hidden1: 200, Hidden2: 4}
	p, _ := Init(big, 1)
	var ss float64
	w := p.Tensor(NameW1)
	for _, v := range w {
		ss += float64(v) * float64(v)
	}
	if v := ss / float64(len(w)); math.Abs(v-2.0/80) > 0.1*2/80 {
		t.Fatalf("W1 variance %v, want about %v", v, 2.0/80)
	}
}

func randomParams(t testing.TB, c Config, seed int64) *Params {
	p, err := Init(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	for i := range p.Data {
		p.Data[i] += float32(r.NormFloat64() * 0.1) // non-zero biases too
	}
	return p
}

func randomSample(r *rand.Rand, c Config) Sample {
	n := 1 + r.Intn(c.MaxCands)
	s := Sample{Agent: make([]float32, c.AgentDim), Cands: make([]float32, n*c.CandDim), Target: make([]float32, n)}
	for i := range s.Agent {
		if r.Intn(2) == 0 {
			s.Agent[i] = float32(r.NormFloat64())
		}
	}
	for i := range s.Cands {
		if r.Intn(2) == 0 {
			s.Cands[i] = float32(r.NormFloat64())
		}
	}
	s.Target[r.Intn(n)] = 1
	s.Value, s.HasValue = float32(r.Float64()*2-1), true
	return s
}

// TestShapeMatchesSpecs: the forward pass lays the tensors out as the
// trainer's params do, so NewNet reads each where Params put it.
func TestShapeMatchesSpecs(t *testing.T) {
	for _, c := range []Config{small, {AgentDim: 5, CandDim: 4, MaxCands: 6, Hidden1: 8, Hidden2: 6}, {CandDim: 3, MaxCands: 2, Hidden1: 1, Hidden2: 2}} {
		sizes := c.Shape().Sizes()
		specs := c.Specs()
		if len(sizes) != len(specs) {
			t.Fatalf("%v: %d tensors in the forward pass, %d in Specs", c, len(sizes), len(specs))
		}
		for i, s := range specs {
			if sizes[i] != s.Size() {
				t.Errorf("%v: tensor %s has %d floats in the forward pass, %d in Specs", c, s.Name, sizes[i], s.Size())
			}
		}
		if n := c.Shape().NumParams(); n != c.NumParams() {
			t.Errorf("%v: %d parameters in the forward pass, %d in Config", c, n, c.NumParams())
		}
	}
}

// TestNewNetViewsParams: a Net computes its Params' network and sees
// later changes to them, as training needs: doubling w3 doubles the
// scores, and the value is tanh of bv2 when Wv1 is zero.
func TestNewNetViewsParams(t *testing.T) {
	p := randomParams(t, small, 5)
	net := NewNet(p)
	s := randomSample(rand.New(rand.NewSource(6)), small)
	n := s.NumCands()
	before, after := make([]float32, n), make([]float32, n)
	net.ScoreAll(s.Agent, s.Cands, n, before)
	for i, v := range p.Tensor(NameW3) {
		p.Tensor(NameW3)[i] = 2 * v
	}
	for i := range p.Tensor(NameWv1) {
		p.Tensor(NameWv1)[i] = 0
	}
	net.ScoreAll(s.Agent, s.Cands, n, after)
	for k := range after {
		if after[k] != 2*before[k] {
			t.Fatalf("cand %d: %v after doubling w3, %v before", k, after[k], before[k])
		}
	}
	v := float64(p.Tensor(NameBv2)[0])
	for j, b := range p.Tensor(NameBv1) {
		v += math.Max(0, float64(b)) * float64(p.Tensor(NameWv2)[j])
	}
	if got := float64(net.Value(s.Agent)); math.Abs(got-math.Tanh(v)) > 1e-6 {
		t.Fatalf("value %v, want %v", got, math.Tanh(v))
	}
}

func TestSampleCheck(t *testing.T) {
	good := func() Sample { return randomSample(rand.New(rand.NewSource(2)), small) }
	tests := []struct {
		name string
		mod  func(*Sample)
		want string
	}{
		{"ok", func(*Sample) {}, ""},
		{"no candidates", func(s *Sample) { s.Target, s.Cands = nil, nil }, "0 candidates"},
		{"too many", func(s *Sample) {
			s.Target = make([]float32, 7)
			s.Target[0] = 1
			s.Cands = make([]float32, 7*4)
		}, "7 candidates"},
		{"agent len", func(s *Sample) { s.Agent = s.Agent[1:] }, "agent features"},
		{"cand len", func(s *Sample) { s.Cands = s.Cands[1:] }, "candidate floats"},
		{"negative target", func(s *Sample) { s.Target[0] = -1 }, "non-negative"},
		{"nan target", func(s *Sample) { s.Target[0] = float32(math.NaN()) }, "non-negative"},
		{"zero target", func(s *Sample) {
			for i := range s.Target {
				s.Target[i] = 0
			}
		}, "sums to"},
		{"value range", func(s *Sample) { s.Value = 2 }, "value target"},
		{"inf feature", func(s *Sample) { s.Agent[0] = float32(math.Inf(1)) }, "not finite"},
		{"nan cand", func(s *Sample) { s.Cands[0] = float32(math.NaN()) }, "not finite"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := good()
			tc.mod(&s)
			err := s.Check(small)
			if tc.want == "" && err != nil {
				t.Fatal(err)
			}
			if tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}

func TestCrossEntropy(t *testing.T) {
	tests := []struct {
		scores, target []float32
		want           float64
	}{
		{[]float32{0, 0}, []float32{1, 0}, math.Log(2)},
		{[]float32{0, 0, 0, 0}, []float32{0, 2, 0, 2}, math.Log(4)}, // unnormalised target
		{[]float32{1000, 0}, []float32{1, 0}, 0},                    // stable at large scores
		{[]float32{float32(math.Log(3)), 0}, []float32{0, 1}, math.Log(4)},
	}
	for _, tc := range tests {
		if got := CrossEntropy(tc.scores, tc.target); math.Abs(got-tc.want) > 1e-6 {
			t.Errorf("CrossEntropy(%v, %v) = %v, want %v", tc.scores, tc.target, got, tc.want)
		}
	}
}

func TestArgmax(t *testing.T) {
	tests := []struct {
		x    []float32
		want int
	}{{nil, -1}, {[]float32{3}, 0}, {[]float32{1, 5, 5, 2}, 1}, {[]float32{-3, -1, -2}, 1}}
	for _, tc := range tests {
		if got := Argmax(tc.x); got != tc.want {
			t.Errorf("Argmax(%v) = %d, want %d", tc.x, got, tc.want)
		}
	}
}

func TestEvaluate(t *testing.T) {
	// A network whose scores are zero everywhere predicts uniform policies:
	// the loss is the mean log(n) and only the first candidate wins ties.
	p, _ := NewParams(small)
	r := rand.New(rand.NewSource(1))
	var data []Sample
	var wantLoss, wantAcc float64
	for i := 0; i < 30; i++ {
		s := randomSample(r, small)
		wantLoss += math.Log(float64(s.NumCands())) / 30
		if s.Target[0] == 1 {
			wantAcc += 1.0 / 30
		}
		data = append(data, s)
	}
	st, err := Evaluate(p, data)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(st.Loss-wantLoss) > 1e-9 || math.Abs(st.Accuracy-wantAcc) > 1e-9 || st.Values != 30 {
		t.Fatalf("Evaluate = %+v, want loss %v accuracy %v", st, wantLoss, wantAcc)
	}
	data[4].Target = nil
	if _, err := Evaluate(p, data); err == nil || !strings.Contains(err.Error(), "sample 4") {
		t.Fatalf("err = %v, want sample 4 named", err)
	}
}

func newTestRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
