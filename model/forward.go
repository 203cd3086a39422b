package model

import "cgpolicy/internal/nn"

// Net is the forward pass, internal/nn's: the one the bots play, so what
// training measures and what the tests check is what a bot computes. A Net
// owns scratch buffers: it makes no allocations per call, and each
// goroutine needs its own Net (several Nets may share one Params).
type Net = nn.Net

// NewNet wraps p (not copied: later changes to p show through).
func NewNet(p *Params) *Net {
	w, err := nn.NewWeights(p.Config.Shape(), p.Data)
	if err != nil {
		// Params are only made by paramsFrom, with Data sized by Config.
		panic("model: params do not match their config: " + err.Error())
	}
	return nn.NewNet(w)
}

// Scorer scores the candidates of one decision: xa holds the decision's
// AgentDim features, xc n rows of CandDim, and dst[:n] receives the scores.
// Both a Net in training and a generated weights package fit, so the
// trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

var _ Scorer = (*Net)(nil)
