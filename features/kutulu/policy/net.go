package policy

import (
	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of one decision: xa holds fk.DecDim
// features, xc n rows of fk.CandDim, and dst[:n] receives the scores. The
// generated weights and an in-training model.Net both fit, so the trainer
// plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: the turn's one decision, its top-scoring
// candidate. The greedy bot's choice is part of the encoding (a hint), so
// the network starts from the greedy survivor and learns where to differ.
type Net struct {
	enc    fk.Encoder
	sc     Scorer
	n      int
	scores [fk.MaxCands]float32
}

// NewNetWith returns the network policy with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc} }

// Act implements Policy.
func (n *Net) Act(v *ek.View, dst []ek.Action) []ek.Action {
	k := n.Rank(v)
	return append(dst, n.enc.A.Action(nn.Argmax(n.scores[:k])))
}

// Rank encodes v and scores its candidates; it returns their number.
func (n *Net) Rank(v *ek.View) int {
	n.n = n.enc.Encode(v)
	n.sc.ScoreAll(n.enc.Dec[:], n.enc.Cands[:n.n*fk.CandDim], n.n, n.scores[:n.n])
	return n.n
}

// Candidates are the actions Rank scored last.
func (n *Net) Candidates() []ek.Action { return n.enc.A.Acts[:n.n] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.n] }

// Encoder exposes the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *fk.Encoder { return &n.enc }
