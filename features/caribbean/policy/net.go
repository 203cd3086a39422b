package policy

import (
	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/nn"
)

// memory is a policy's cooldowns split as bot.Memory asks: sent holds the
// orders the bot sent, work is Fork's copy, which a Decide reads and
// records its choices into.
type memory struct {
	sent, work fcb.Cooldowns
}

func (m *memory) observe(v *cb.View) { m.sent.Begin(v.Turn) }

func (m *memory) fork() { m.work.CopyFrom(&m.sent) }

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
// the cooldowns, so one Net plays one game. Its memory is split as
// bot.Memory (internal/bot) asks; Reset, Rank and Choose read and record
// the working copy, which is all the memory a trainer driving them has.
type Net struct {
	enc    fcb.Encoder
	sc     Scorer
	greedy *Greedy
	cd     memory
	hint   []cb.Action
	scores [fcb.MaxCands]float32
}

// NewNetWith returns the network policy with any scorer.
func NewNetWith(sc Scorer) *Net { return &Net{sc: sc, greedy: NewGreedy()} }

// Act implements Policy.
func (n *Net) Act(v *cb.View, dst []cb.Action) []cb.Action {
	return bot.Step[*cb.View, cb.Action](n, v, dst)
}

// Seen implements bot.Memory.
func (n *Net) Seen(v *cb.View) { n.cd.observe(v) }

// Fork implements bot.Memory.
func (n *Net) Fork() { n.cd.fork() }

// Remembered is the cooldowns of the orders sent, for tests.
func (n *Net) Remembered() *fcb.Cooldowns { return &n.cd.sent }

// Working is the working copy of the cooldowns that Reset, Rank and Choose
// read and record, for a search that re-encodes the turn (the old search
// of package baselines).
func (n *Net) Working() *fcb.Cooldowns { return &n.cd.work }

// Sent implements bot.Memory.
func (n *Net) Sent(v *cb.View, sent []cb.Action) { n.cd.sent.RecordAnswer(v, sent) }

// Decide implements bot.Memory.
func (n *Net) Decide(v *cb.View, dst []cb.Action) []cb.Action {
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
	n.cd.work.Begin(v.Turn)
	n.hint = n.greedy.Plan(v, &n.cd.work, n.hint[:0])
	return n.enc.Reset(v, &n.cd.work, n.hint)
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
