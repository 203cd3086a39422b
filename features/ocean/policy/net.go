package policy

import (
	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/nn"
)

// Scorer scores the candidates of one decision: xa holds focean.DecDim
// features, xc n rows of focean.CandDim, and dst[:n] receives the scores.
// The generated weights and an in-training model.Net both fit, so the
// trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// Net is the network alone: the turn's decisions (sonar, trigger, torpedo
// before the move, move, torpedo after, silence, mine) are taken in order,
// each its top-scoring candidate. The greedy answer is computed first, because the
// encoding compares every candidate with it; the placement is greedy's.
type Net struct {
	enc    focean.Encoder
	sc     Scorer
	greedy *Greedy
	hint   []ocean.Action
	raw    []ocean.Action
	scores [focean.MaxCands]float32
}

// NewNetWith returns the network planner with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc, greedy: NewGreedy()} }

// Plan implements Planner.
func (n *Net) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return n.greedy.Plan(v, m, dst)
	}
	nd := n.Reset(v, m)
	n.raw = n.raw[:0]
	for d := 0; d < nd; d++ {
		if k := n.Rank(d); k > 0 {
			n.raw = append(n.raw, n.Choose(nn.Argmax(n.scores[:k])))
		}
	}
	return focean.Safe(v, m, n.raw, dst)
}

// Reset starts the turn of view v with memory m and returns its number of
// decisions, for Rank and Choose.
func (n *Net) Reset(v *ocean.View, m *focean.Mind) int {
	n.hint = n.greedy.Plan(v, m, n.hint[:0])
	return n.enc.Reset(v, m, n.hint)
}

// Hint is the greedy answer of the last Reset.
func (n *Net) Hint() []ocean.Action { return n.hint }

// Rank encodes decision d (after Choose fixed the earlier ones) and scores
// its candidates; it returns their number.
func (n *Net) Rank(d int) int {
	k := n.enc.Encode(d)
	if k > 0 {
		n.sc.ScoreAll(n.enc.Dec[:], n.enc.Cands[:k*focean.CandDim], k, n.scores[:k])
	}
	return k
}

// Choose fixes candidate k of the last Rank and returns it (a marker for
// "none").
func (n *Net) Choose(k int) ocean.Action { return n.enc.Choose(k) }

// Candidates are the actions Rank scored last.
func (n *Net) Candidates() []ocean.Action { return n.enc.Actions[:n.enc.N] }

// Scores are the scores Rank computed last, one per candidate.
func (n *Net) Scores() []float32 { return n.scores[:n.enc.N] }

// Encoder exposes the encoding of the last Rank (the trainer records it).
func (n *Net) Encoder() *focean.Encoder { return &n.enc }
