package model

import (
	"fmt"
	"math"
	"math/rand"
)

// Params holds all weights of one network. Data is every tensor concatenated
// in canonical order (Config.Specs), so a checkpoint or a quantizer can treat
// the network as one flat slice; Tensors are views into Data.
type Params struct {
	Config  Config
	Data    []float32
	Tensors [][]float32 // Tensors[i] has Config.Specs()[i].Size() floats
}

// NewParams returns zeroed params for a valid config.
func NewParams(c Config) (*Params, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return paramsFrom(c, make([]float32, c.NumParams())), nil
}

// ParamsFromData wraps flat canonical-order data (not copied) as Params.
func ParamsFromData(c Config, data []float32) (*Params, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if n := c.NumParams(); len(data) != n {
		return nil, fmt.Errorf("model: %d floats for a config with %d parameters", len(data), n)
	}
	return paramsFrom(c, data), nil
}

func paramsFrom(c Config, data []float32) *Params {
	p := &Params{Config: c, Data: data}
	off := 0
	for _, s := range c.Specs() {
		n := s.Size()
		p.Tensors = append(p.Tensors, data[off:off+n:off+n])
		off += n
	}
	return p
}

// Init returns freshly initialised params: He-normal weights for the ReLU
// layers, a smaller Glorot-normal output layer so that initial scores are
// close to uniform, and zero biases. The only randomness is r's seed.
func Init(c Config, seed int64) (*Params, error) {
	p, err := NewParams(c)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewSource(seed))
	for i, s := range c.Specs() {
		if s.Rows == 1 { // a bias vector
			continue
		}
		std := math.Sqrt(2 / float64(s.Rows)) // He for layers feeding a ReLU
		if s.Cols == 1 {                      // output layers: Glorot
			std = math.Sqrt(2 / float64(s.Rows+s.Cols))
		}
		t := p.Tensors[i]
		for j := range t {
			t[j] = float32(r.NormFloat64() * std)
		}
	}
	return p, nil
}

// Tensor returns the tensor with the given canonical name, or nil.
func (p *Params) Tensor(name string) []float32 {
	for i, s := range p.Config.Specs() {
		if s.Name == name {
			return p.Tensors[i]
		}
	}
	return nil
}

// NumParams is the number of floats in p.
func (p *Params) NumParams() int { return len(p.Data) }

// Clone returns a deep copy of p.
func (p *Params) Clone() *Params {
	d := make([]float32, len(p.Data))
	copy(d, p.Data)
	return paramsFrom(p.Config, d)
}
