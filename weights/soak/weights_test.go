package soak

import (
	"bytes"
	"math"
	"math/rand"
	"os"
	"testing"

	"cgpolicy/model"
	"cgpolicy/model/codegen"
	"cgpolicy/model/train"
)

func committed(t *testing.T) *model.Compact {
	t.Helper()
	w, err := model.LoadCompact(codegen.WeightsFile, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestRegenerateNoDiff: weights.go is exactly what weights.txt generates,
// so nobody edited either by hand.
func TestRegenerateNoDiff(t *testing.T) {
	want, err := codegen.Generate("soak", committed(t))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(codegen.CodeFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("weights.go differs from what weights.txt generates: run go generate ./weights/soak")
	}
}

// TestForwardMatchesReference runs the generated code, the reference pass
// and the gorgonia graph on the committed weights with random inputs.
func TestForwardMatchesReference(t *testing.T) {
	w := committed(t)
	p, err := w.Params()
	if err != nil {
		t.Fatal(err)
	}
	c := p.Config
	if c.AgentDim != AgentDim || c.CandDim != CandDim || c.Hidden1 != Hidden1 || c.Hidden2 != Hidden2 {
		t.Fatalf("weights.txt has %v, weights.go other dimensions", c)
	}
	ref := model.NewNet(p)
	rng := rand.New(rand.NewSource(1))
	var data []model.Sample
	for i := 0; i < 24; i++ {
		n := 1 + rng.Intn(MaxCands)
		s := model.Sample{Agent: make([]float32, AgentDim), Cands: make([]float32, n*CandDim), Target: make([]float32, n)}
		for j := range s.Agent {
			if rng.Intn(3) == 0 { // sparse, like real encodings
				s.Agent[j] = float32(rng.NormFloat64())
			}
		}
		for j := range s.Cands {
			s.Cands[j] = float32(rng.NormFloat64())
		}
		s.Target[0] = 1
		data = append(data, s)
	}
	graph, _, err := train.Forward(p, data)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float32, MaxCands)
	want := make([]float32, MaxCands)
	for i, s := range data {
		n := s.NumCands()
		ScoreAll(s.Agent, s.Cands, n, got)
		ref.ScoreAll(s.Agent, s.Cands, n, want)
		for k := 0; k < n; k++ {
			tol := 1e-4 * math.Max(1, math.Abs(float64(want[k])))
			if d := math.Abs(float64(got[k] - want[k])); d > tol {
				t.Fatalf("sample %d cand %d: generated %v, reference %v", i, k, got[k], want[k])
			}
			if d := math.Abs(float64(got[k] - graph[i][k])); d > tol {
				t.Fatalf("sample %d cand %d: generated %v, gorgonia %v", i, k, got[k], graph[i][k])
			}
		}
	}
}
