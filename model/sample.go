package model

import (
	"fmt"
	"math"
)

// Sample is one agent's decision at one turn, the unit of training data.
// The number of real candidates is len(Target); candidate slots beyond it up
// to Config.MaxCands are padding and masked out.
type Sample struct {
	Agent []float32 // AgentDim features of the agent and state
	Cands []float32 // len(Target)×CandDim candidate features, row after row
	// Target is the wanted distribution over the candidates (soft targets
	// from search or rollouts; one-hot is the special case). It must be
	// non-negative with a positive sum; training normalises it.
	Target []float32
	// Value is the outcome target in [-1,1] for the value head, used only
	// when HasValue is set.
	Value    float32
	HasValue bool
}

// NumCands is the number of real candidates.
func (s *Sample) NumCands() int { return len(s.Target) }

// Check reports why s does not fit config c.
func (s *Sample) Check(c Config) error {
	n := len(s.Target)
	if n < 1 || n > c.MaxCands {
		return fmt.Errorf("%d candidates, want 1..%d", n, c.MaxCands)
	}
	if len(s.Agent) != c.AgentDim {
		return fmt.Errorf("%d agent features, want %d", len(s.Agent), c.AgentDim)
	}
	if len(s.Cands) != n*c.CandDim {
		return fmt.Errorf("%d candidate floats, want %d×%d", len(s.Cands), n, c.CandDim)
	}
	var sum float64
	for _, t := range s.Target {
		if !(t >= 0) || math.IsInf(float64(t), 0) {
			return fmt.Errorf("target %v is not a finite non-negative number", t)
		}
		sum += float64(t)
	}
	if !(sum > 0) {
		return fmt.Errorf("target sums to %v, want > 0", sum)
	}
	if s.HasValue && !(s.Value >= -1 && s.Value <= 1) {
		return fmt.Errorf("value target %v outside [-1,1]", s.Value)
	}
	for _, x := range s.Agent {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("agent feature %v is not finite", x)
		}
	}
	for _, x := range s.Cands {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return fmt.Errorf("candidate feature %v is not finite", x)
		}
	}
	return nil
}

// CheckAll reports the first sample that does not fit c, by index.
func CheckAll(c Config, data []Sample) error {
	for i := range data {
		if err := data[i].Check(c); err != nil {
			return fmt.Errorf("model: sample %d: %w", i, err)
		}
	}
	return nil
}

// Argmax is the index of the largest of x, the first on ties; -1 if empty.
func Argmax(x []float32) int {
	best := -1
	for i, v := range x {
		if best < 0 || v > x[best] {
			best = i
		}
	}
	return best
}

// EvalStats summarises a network on a data set.
type EvalStats struct {
	Samples  int
	Loss     float64 // mean cross-entropy of the policy against the normalised targets
	Accuracy float64 // fraction of samples whose top score is the target's top candidate
	ValueMSE float64 // mean squared value error over samples with HasValue; 0 if none
	Values   int     // number of samples with HasValue
}

// Evaluate runs the forward pass (Net) over data. It is the yardstick
// for validation sets and for checking that training and bot code agree.
func Evaluate(p *Params, data []Sample) (EvalStats, error) {
	c := p.Config
	if err := CheckAll(c, data); err != nil {
		return EvalStats{}, err
	}
	net := NewNet(p)
	scores := make([]float32, c.MaxCands)
	var st EvalStats
	for i := range data {
		s := &data[i]
		n := s.NumCands()
		net.ScoreAll(s.Agent, s.Cands, n, scores)
		st.Loss += CrossEntropy(scores[:n], s.Target)
		if Argmax(scores[:n]) == Argmax(s.Target) {
			st.Accuracy++
		}
		if s.HasValue && c.HasValue() {
			d := float64(net.Value(s.Agent) - s.Value)
			st.ValueMSE += d * d
			st.Values++
		}
	}
	st.Samples = len(data)
	if st.Samples > 0 {
		st.Loss /= float64(st.Samples)
		st.Accuracy /= float64(st.Samples)
	}
	if st.Values > 0 {
		st.ValueMSE /= float64(st.Values)
	}
	return st, nil
}

// CrossEntropy is -Σ t_k·log softmax(scores)_k with t normalised to sum 1,
// computed stably in float64.
func CrossEntropy(scores, target []float32) float64 {
	m := math.Inf(-1)
	for _, s := range scores {
		m = math.Max(m, float64(s))
	}
	var z float64
	for _, s := range scores {
		z += math.Exp(float64(s) - m)
	}
	lse := m + math.Log(z)
	var sum, ce float64
	for k, t := range target {
		sum += float64(t)
		ce -= float64(t) * (float64(scores[k]) - lse)
	}
	return ce / sum
}
