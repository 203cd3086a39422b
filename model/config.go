package model

import (
	"errors"
	"fmt"

	"cgpolicy/internal/nn"
)

// MaxParams is the parameter budget: the packed weights use one character per
// parameter and must leave room for the bot's code in CodinGame's 100,000
// character limit.
const MaxParams = 60000

// maxDim bounds every dimension so that corrupt files cannot ask for huge
// allocations.
const maxDim = 1 << 16

// Config fixes the shape of a network. It is comparable with ==.
type Config struct {
	AgentDim    int // features per agent/state (xa)
	CandDim     int // features per candidate action (xc_k)
	MaxCands    int // candidate slots per decision (K) in training batches
	Hidden1     int // width of the first hidden layer
	Hidden2     int // width of the second hidden layer
	ValueHidden int // width of the value head's hidden layer; 0 means no value head
}

// Shape is c as the forward pass (internal/nn) takes it. The conversion
// compiles only while the two types have the same fields.
func (c Config) Shape() nn.Shape { return nn.Shape(c) }

// HasValue reports whether the network has a value head.
func (c Config) HasValue() bool { return c.ValueHidden > 0 }

// Validate reports a config that cannot be built or exceeds MaxParams.
func (c Config) Validate() error {
	dims := []struct {
		name string
		v    int
		min  int
	}{
		{"AgentDim", c.AgentDim, 0},
		{"CandDim", c.CandDim, 1},
		{"MaxCands", c.MaxCands, 1},
		{"Hidden1", c.Hidden1, 1},
		{"Hidden2", c.Hidden2, 1},
		{"ValueHidden", c.ValueHidden, 0},
	}
	for _, d := range dims {
		if d.v < d.min || d.v > maxDim {
			return fmt.Errorf("model: config %s=%d out of range [%d,%d]", d.name, d.v, d.min, maxDim)
		}
	}
	if c.ValueHidden > 0 && c.AgentDim == 0 {
		return errors.New("model: config has a value head but AgentDim=0")
	}
	if n := c.NumParams(); n > MaxParams {
		return fmt.Errorf("model: config has %d parameters, more than the budget of %d", n, MaxParams)
	}
	return nil
}

// NumParams is the total number of float parameters of the network.
func (c Config) NumParams() int {
	n := 0
	for _, s := range c.Specs() {
		n += s.Size()
	}
	return n
}

// String formats the config in the key=value form used by the text formats.
func (c Config) String() string {
	return fmt.Sprintf("agent=%d cand=%d maxcands=%d h1=%d h2=%d value=%d",
		c.AgentDim, c.CandDim, c.MaxCands, c.Hidden1, c.Hidden2, c.ValueHidden)
}

// TensorSpec names one parameter tensor and its shape. Rows×Cols with Rows
// the input size for weight matrices (input-major) and Rows=1 for vectors.
type TensorSpec struct {
	Name string
	Rows int
	Cols int
}

// Size is the number of floats in the tensor.
func (s TensorSpec) Size() int { return s.Rows * s.Cols }

// Tensor names in canonical order. The order is part of every file format.
const (
	NameW1  = "W1"  // [AgentDim+CandDim][Hidden1]
	NameB1  = "b1"  // [Hidden1]
	NameW2  = "W2"  // [Hidden1][Hidden2]
	NameB2  = "b2"  // [Hidden2]
	NameW3  = "w3"  // [Hidden2]
	NameWv1 = "Wv1" // [AgentDim][ValueHidden]
	NameBv1 = "bv1" // [ValueHidden]
	NameWv2 = "wv2" // [ValueHidden]
	NameBv2 = "bv2" // [1]
)

// Specs lists the parameter tensors in canonical order. The policy tensors
// come first; the value head's four follow only when it exists.
func (c Config) Specs() []TensorSpec {
	s := []TensorSpec{
		{NameW1, c.AgentDim + c.CandDim, c.Hidden1},
		{NameB1, 1, c.Hidden1},
		{NameW2, c.Hidden1, c.Hidden2},
		{NameB2, 1, c.Hidden2},
		{NameW3, c.Hidden2, 1},
	}
	if c.ValueHidden > 0 {
		s = append(s,
			TensorSpec{NameWv1, c.AgentDim, c.ValueHidden},
			TensorSpec{NameBv1, 1, c.ValueHidden},
			TensorSpec{NameWv2, c.ValueHidden, 1},
			TensorSpec{NameBv2, 1, 1},
		)
	}
	return s
}
