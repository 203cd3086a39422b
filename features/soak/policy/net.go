package policy

import (
	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of one agent: xa holds fsoak.AgentDim
// features, xc n rows of fsoak.CandDim, and dst[:n] receives the scores.
// The generated weights (NewNet) and an in-training model.Net both fit, so
// the trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: every own agent takes its top-scoring
// candidate, independently of the others.
type Net struct {
	enc    fsoak.Encoder
	sc     Scorer
	scores [fsoak.MaxCands]float32
}

// NewNetWith returns the network policy with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc} }

// Act implements Policy.
func (n *Net) Act(v *soak.View, dst []soak.Action) []soak.Action {
	s, me := v.State(), v.Me
	n.enc.Reset(v)
	for _, a := range s.PlayerAgents(me) {
		if !a.Alive {
			continue
		}
		k := n.Rank(a.ID)
		if k == 0 {
			dst = append(dst, soak.Action{Agent: a.ID, Combat: soak.Hunker})
			continue
		}
		dst = append(dst, n.enc.Actions[nn.Argmax(n.scores[:k])])
	}
	return dst
}

// Rank encodes own agent id of the state last given to Reset and scores its
// candidates; it returns their number. Candidates and Scores then describe
// them until the next Rank.
func (n *Net) Rank(id int) int {
	k := n.enc.Encode(id)
	if k > 0 {
		n.sc.ScoreAll(n.enc.Agent[:], n.enc.Cands[:k*fsoak.CandDim], k, n.scores[:k])
	}
	return k
}

// Reset starts a turn of the player whose view v is, for Rank.
func (n *Net) Reset(v *soak.View) { n.enc.Reset(v) }

// Candidates are the actions Rank scored last.
func (n *Net) Candidates() []soak.Action { return n.enc.Actions[:n.enc.N] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.enc.N] }

// Encoder exposes the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *fsoak.Encoder { return &n.enc }
