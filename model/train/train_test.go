package train

import (
	"bytes"
	"math"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	G "gorgonia.org/gorgonia"

	"cgpolicy/model"
)

// synth makes a task with a known answer: the best candidate is the one whose
// features have the largest dot product with a hidden vector (shifted by the
// agent's first feature so the agent input matters), and the value target is
// tanh of a hidden linear function of the agent features.
func synth(c model.Config, n int, seed int64) []model.Sample {
	r := rand.New(rand.NewSource(seed))
	hidden := rand.New(rand.NewSource(99)) // same task for every seed
	u := make([]float64, c.CandDim)
	for i := range u {
		u[i] = hidden.NormFloat64()
	}
	v := make([]float64, c.AgentDim)
	for i := range v {
		v[i] = hidden.NormFloat64()
	}
	out := make([]model.Sample, n)
	for i := range out {
		k := 2 + r.Intn(c.MaxCands-1)
		s := model.Sample{Agent: make([]float32, c.AgentDim), Cands: make([]float32, k*c.CandDim), Target: make([]float32, k)}
		var va float64
		for j := range s.Agent {
			s.Agent[j] = float32(r.NormFloat64())
			va += v[j] * float64(s.Agent[j])
		}
		best, bestV := 0, math.Inf(-1)
		for ki := 0; ki < k; ki++ {
			var dot float64
			for j := 0; j < c.CandDim; j++ {
				x := float32(r.NormFloat64())
				if r.Intn(4) == 0 {
					x = 0 // exercise the zero-skipping paths
				}
				s.Cands[ki*c.CandDim+j] = x
				dot += u[j] * float64(x)
			}
			dot *= 1 + 0.5*float64(s.Agent[0]) // agent-dependent, still same argmax mostly
			if dot > bestV {
				best, bestV = ki, dot
			}
		}
		s.Target[best] = 1
		if c.HasValue() && i%3 != 0 {
			s.Value, s.HasValue = float32(math.Tanh(va)), true
		}
		out[i] = s
	}
	return out
}

var testCfg = model.Config{AgentDim: 4, CandDim: 6, MaxCands: 8, Hidden1: 32, Hidden2: 16, ValueHidden: 8}

func TestForwardMatchesReference(t *testing.T) {
	for _, c := range []model.Config{testCfg, {AgentDim: 3, CandDim: 5, MaxCands: 20, Hidden1: 24, Hidden2: 12}} {
		p, err := model.Init(c, 7)
		if err != nil {
			t.Fatal(err)
		}
		// Non-zero biases so they are checked too.
		r := rand.New(rand.NewSource(3))
		for _, name := range []string{model.NameB1, model.NameB2, model.NameBv1, model.NameBv2} {
			for i := range p.Tensor(name) {
				p.Tensor(name)[i] = float32(r.NormFloat64() * 0.3)
			}
		}
		data := synth(c, 50, 5)
		scores, values, err := Forward(p, data)
		if err != nil {
			t.Fatal(err)
		}
		net := model.NewNet(p)
		ref := make([]float32, c.MaxCands)
		for i := range data {
			n := data[i].NumCands()
			net.ScoreAll(data[i].Agent, data[i].Cands, n, ref)
			for k := 0; k < n; k++ {
				if d := math.Abs(float64(ref[k] - scores[i][k])); d > 1e-4 {
					t.Fatalf("%v sample %d cand %d: graph %v, reference %v", c, i, k, scores[i][k], ref[k])
				}
			}
			if c.HasValue() {
				if d := math.Abs(float64(net.Value(data[i].Agent) - values[i])); d > 1e-4 {
					t.Fatalf("%v sample %d: graph value %v, reference %v", c, i, values[i], net.Value(data[i].Agent))
				}
			}
		}
		if !c.HasValue() && values != nil {
			t.Fatalf("values %v without a value head", values)
		}
	}
}

// TestGradientMatchesFiniteDifferences checks gorgonia's gradient of the
// hand-built masked log-softmax loss against central differences of the
// reference loss computed in float64.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	c := model.Config{AgentDim: 3, CandDim: 4, MaxCands: 5, Hidden1: 8, Hidden2: 6, ValueHidden: 4}
	p, err := model.Init(c, 11)
	if err != nil {
		t.Fatal(err)
	}
	data := synth(c, 6, 12)
	// Soft targets, so every candidate carries gradient.
	for i := range data {
		for k := range data[i].Target {
			data[i].Target[k] += 0.2 * float32(k+1)
		}
	}
	const valueWeight = 0.5
	gr, err := newGraph(p, len(data), valueWeight)
	if err != nil {
		t.Fatal(err)
	}
	vm := G.NewTapeMachine(gr.g, G.BindDualValues(gr.params...))
	defer vm.Close()
	b := newBatch(c, len(data))
	b.fill(data, []int{0, 1, 2, 3, 4, 5})
	if err := b.bind(gr); err != nil {
		t.Fatal(err)
	}
	if err := vm.RunAll(); err != nil {
		t.Fatal(err)
	}
	refLoss := func(q *model.Params) float64 {
		st, err := model.Evaluate(q, data)
		if err != nil {
			t.Fatal(err)
		}
		return st.Loss + valueWeight*st.ValueMSE
	}
	if got, want := float64(gr.readLoss()), refLoss(p); math.Abs(got-want) > 1e-4 {
		t.Fatalf("graph loss %v, reference %v", got, want)
	}
	checked := 0
	for ti, n := range gr.params {
		g, err := n.Grad()
		if err != nil {
			t.Fatal(err)
		}
		grad := g.Data().([]float32)
		for _, j := range []int{0, len(grad) / 2, len(grad) - 1} {
			const eps = 1e-2
			q := p.Clone()
			q.Tensors[ti][j] += eps
			up := refLoss(q)
			q.Tensors[ti][j] -= 2 * eps
			down := refLoss(q)
			fd := (up - down) / (2 * eps)
			if math.Abs(fd-float64(grad[j])) > 2e-3+0.05*math.Abs(fd) {
				t.Errorf("d loss / d %s[%d]: graph %v, finite difference %v", c.Specs()[ti].Name, j, grad[j], fd)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d gradients", checked)
	}
}

func TestFitLearns(t *testing.T) {
	c := testCfg
	p, err := model.Init(c, 1)
	if err != nil {
		t.Fatal(err)
	}
	train, valid := synth(c, 3000, 1), synth(c, 500, 2)
	before, err := model.Evaluate(p, valid)
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions()
	opt.Epochs, opt.BatchSize, opt.LearnRate, opt.Valid = 8, 32, 3e-3, valid
	var bar bytes.Buffer
	opt.Progress = &bar
	st, err := Fit(p, train, opt)
	if err != nil {
		t.Fatal(err)
	}
	first, last := st.Epochs[0], st.Epochs[len(st.Epochs)-1]
	t.Logf("before: %+v", before)
	for _, e := range st.Epochs {
		t.Logf("epoch %d loss %.4f acc %.3f valid %+v", e.Epoch, e.Loss, e.Accuracy, *e.Valid)
	}
	// Candidates are 2..8, so always guessing would score about 0.27.
	if last.Valid.Accuracy < 0.85 {
		t.Errorf("validation accuracy %.3f, want >= 0.85 (chance ~0.27)", last.Valid.Accuracy)
	}
	if last.Loss > 0.5*first.Loss || last.Valid.Loss > 0.4*before.Loss {
		t.Errorf("loss did not drop enough: train %.4f -> %.4f, valid %.4f -> %.4f", first.Loss, last.Loss, before.Loss, last.Valid.Loss)
	}
	if last.Valid.ValueMSE > 0.5*before.ValueMSE {
		t.Errorf("value MSE %.4f -> %.4f, want at least halved", before.ValueMSE, last.Valid.ValueMSE)
	}
	if st.Steps != 8*((3000+31)/32) {
		t.Errorf("%d steps", st.Steps)
	}
	if !strings.Contains(bar.String(), "epoch 8") {
		t.Errorf("progress output lacks the last epoch: %q", tail(bar.String()))
	}
}

func tail(s string) string {
	if len(s) > 200 {
		return s[len(s)-200:]
	}
	return s
}

func fitBytes(t *testing.T, seed int64, data []model.Sample) []byte {
	t.Helper()
	p, err := model.Init(testCfg, 4)
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions()
	opt.Epochs, opt.BatchSize, opt.Seed = 2, 48, seed // 300 = 6 full batches + a padded one
	if _, err := Fit(p, data, opt); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := model.WriteCheckpoint(&buf, p); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestFitDeterministic(t *testing.T) {
	data := synth(testCfg, 300, 8)
	a, b := fitBytes(t, 5, data), fitBytes(t, 5, data)
	if !bytes.Equal(a, b) {
		t.Fatal("same seed and data gave different weights")
	}
	// Parallel kernels must not change the result: run on one thread too.
	old := runtime.GOMAXPROCS(1)
	c := fitBytes(t, 5, data)
	runtime.GOMAXPROCS(old)
	if !bytes.Equal(a, c) {
		t.Fatal("GOMAXPROCS=1 gave different weights")
	}
	if bytes.Equal(a, fitBytes(t, 6, data)) {
		t.Fatal("another seed gave the same weights: is the seed used?")
	}
}

func TestFitRejects(t *testing.T) {
	good := synth(testCfg, 10, 1)
	bad := synth(testCfg, 10, 1)
	bad[3].Target = append(bad[3].Target, 1) // one target more than candidates
	tests := []struct {
		name string
		data []model.Sample
		mod  func(*Options)
		want string
	}{
		{"epochs", good, func(o *Options) { o.Epochs = 0 }, "Epochs"},
		{"batch", good, func(o *Options) { o.BatchSize = 0 }, "BatchSize"},
		{"lr", good, func(o *Options) { o.LearnRate = 0 }, "LearnRate"},
		{"lr nan", good, func(o *Options) { o.LearnRate = math.NaN() }, "LearnRate"},
		{"l2", good, func(o *Options) { o.L2 = -1 }, "L2"},
		{"value weight", good, func(o *Options) { o.ValueWeight = -1 }, "ValueWeight"},
		{"empty", nil, func(o *Options) {}, "no samples"},
		{"bad sample", bad, func(o *Options) {}, "sample 3"},
		{"bad valid", good, func(o *Options) { o.Valid = bad }, "validation set: model: sample 3"},
		{"diverged", good, func(o *Options) { o.LearnRate = 1e30; o.Epochs = 5; o.BatchSize = 2 }, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := model.Init(testCfg, 1)
			if err != nil {
				t.Fatal(err)
			}
			opt := DefaultOptions()
			tc.mod(&opt)
			_, err = Fit(p, tc.data, opt)
			if tc.want == "" {
				// A wild learning rate must end in an error or finite weights, never a panic or NaN weights.
				if err == nil {
					for _, f := range p.Data {
						if math.IsNaN(float64(f)) {
							t.Fatal("NaN weights without an error")
						}
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
}
