package policy

import (
	"cgpolicy/internal/games/toy/engine/nim"
	fnim "cgpolicy/internal/games/toy/features/nim"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of the decision: xa holds fnim.DecDim
// features, xc n rows of fnim.CandDim, and dst[:n] receives the scores.
// The generated weights and an in-training model.Net both fit, so the
// trainer plays with the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: the move it scores highest.
type Net struct {
	enc    fnim.Encoder
	sc     Scorer
	scores [fnim.MaxCands]float32
}

// NewNetWith returns the network policy over any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc} }

// Act implements Policy.
func (n *Net) Act(v *nim.View, dst []nim.Action) []nim.Action {
	k := n.Rank(v)
	if k == 0 {
		return First(v, dst)
	}
	return append(dst, n.enc.Actions[nn.Argmax(n.scores[:k])])
}

// Rank encodes the decision of v and scores its candidates; it returns
// their number.
func (n *Net) Rank(v *nim.View) int {
	k := n.enc.Encode(v)
	if k > 0 {
		n.sc.ScoreAll(n.enc.Dec[:], n.enc.Cands[:k*fnim.CandDim], k, n.scores[:k])
	}
	return k
}

// Candidates are the moves Rank scored last.
func (n *Net) Candidates() []nim.Action { return n.enc.Actions[:n.enc.N] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.enc.N] }

// Encoder is the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *fnim.Encoder { return &n.enc }
