package policy

import (
	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of one decision: xa holds fgrass.DecDim
// features, xc n rows of fgrass.CandDim, and dst[:n] receives the scores.
// The generated weights and an in-training model.Net both fit, so the
// trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: the turn's decisions (a recycler, each stack's
// move, the spawns) are taken in order, each its top-scoring candidate. The
// greedy bot's answer is computed first, because the encoding compares
// every candidate with it.
type Net struct {
	enc    fgrass.Encoder
	sc     Scorer
	greedy *Greedy
	hint   []grass.Action
	scores [fgrass.MaxCands]float32
}

// NewNetWith returns the network policy with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc, greedy: NewGreedy()} }

// Act implements Policy.
func (n *Net) Act(v *grass.View, dst []grass.Action) []grass.Action {
	nd := n.Reset(v)
	for d := 0; d < nd; d++ {
		k := n.Rank(d)
		if k == 0 {
			continue
		}
		if a := n.Choose(nn.Argmax(n.scores[:k])); !fgrass.IsMarker(a) {
			dst = append(dst, a)
		}
	}
	return dst
}

// Reset starts the turn of the player whose view v is and returns its
// number of decisions, for Rank and Choose.
func (n *Net) Reset(v *grass.View) int {
	n.hint = n.greedy.Act(v, n.hint[:0])
	return n.enc.Reset(v, n.hint)
}

// Hint is the greedy answer of the last Reset.
func (n *Net) Hint() []grass.Action { return n.hint }

// Rank encodes decision d (after Choose fixed the earlier ones) and scores
// its candidates; it returns their number.
func (n *Net) Rank(d int) int {
	k := n.enc.Encode(d)
	if k > 0 {
		n.sc.ScoreAll(n.enc.Dec[:], n.enc.Cands[:k*fgrass.CandDim], k, n.scores[:k])
	}
	return k
}

// Choose fixes candidate k of the last Rank and returns it (a marker for
// the "do nothing" candidates).
func (n *Net) Choose(k int) grass.Action { return n.enc.Choose(k) }

// Candidates are the actions Rank scored last.
func (n *Net) Candidates() []grass.Action { return n.enc.Actions[:n.enc.N] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.enc.N] }

// Encoder exposes the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *fgrass.Encoder { return &n.enc }

// Begin, Decide, Features and Candidate are Net as the trainer drives it
// (expert.Net), decision by decision: Begin is Reset, Decide is Rank, and
// Features and Candidate are the last Rank's encoding and candidates.
func (n *Net) Begin(v *grass.View) int { return n.Reset(v) }

// Decide is Rank (expert.Net).
func (n *Net) Decide(d int) int { return n.Rank(d) }

// Features are the last Rank's decision and candidate features
// (expert.Net).
func (n *Net) Features() (dec, cands []float32) {
	return n.enc.Dec[:], n.enc.Cands[:n.enc.N*fgrass.CandDim]
}

// Candidate is candidate k of the last Rank (expert.Net).
func (n *Net) Candidate(k int) grass.Action { return n.Candidates()[k] }
