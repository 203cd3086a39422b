package policy

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of one decision: xa holds fcb.DecDim
// features, xc n rows of fcb.CandDim, and dst[:n] receives the scores.
// The generated weights and an in-training model.Net both fit, so the
// trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: one decision per own ship, in order, each its
// top-scoring candidate. The greedy bot's answer is computed first: the
// encoding marks its order among the candidates, and the play-outs use it
// for the ships not yet decided. Net remembers its own shots and mines for
// the cooldowns, so one Net plays one game.
type Net struct {
	enc    fcb.Encoder
	sc     Scorer
	greedy *Greedy
	cd     fcb.Cooldowns
	hint   []cb.Action
	scores [fcb.MaxCands]float32
}

// NewNetWith returns the network policy with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc, greedy: NewGreedy()} }

// Act implements Policy.
func (n *Net) Act(v *cb.View, dst []cb.Action) []cb.Action {
	nd := n.Reset(v)
	for d := 0; d < nd; d++ {
		k := n.Rank(d)
		dst = append(dst, n.Choose(nn.Argmax(n.scores[:k])))
	}
	return dst
}

// Reset starts the turn of the player whose view v is and returns its
// number of decisions, for Rank and Choose.
func (n *Net) Reset(v *cb.View) int {
	n.cd.Begin(v.Turn)
	n.hint = n.greedy.Plan(v, &n.cd, n.hint[:0])
	return n.enc.Reset(v, &n.cd, n.hint)
}

// Hint is the greedy answer of the last Reset.
func (n *Net) Hint() []cb.Action { return n.hint }

// Rank encodes decision d (after Choose fixed the earlier ones) and scores
// its candidates; it returns their number.
func (n *Net) Rank(d int) int {
	k := n.enc.Encode(d)
	if k > 0 {
		n.sc.ScoreAll(n.enc.Dec[:], n.enc.Cands[:k*fcb.CandDim], k, n.scores[:k])
	}
	return k
}

// Choose fixes candidate k of the last Rank and returns it.
func (n *Net) Choose(k int) cb.Action { return n.enc.Choose(k) }

// Candidates are the actions Rank scored last.
func (n *Net) Candidates() []cb.Action { return n.enc.Actions[:n.enc.N] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.enc.N] }

// Encoder exposes the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *fcb.Encoder { return &n.enc }
