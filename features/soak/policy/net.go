package policy

import (
	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/internal/nn"
	"cgpolicy/internal/registry"
	wsoak "cgpolicy/weights/soak"
)

// Scorer scores the candidates of one agent: xa holds fsoak.AgentDim
// features, xc n rows of fsoak.CandDim, and dst[:n] receives the scores.
// The generated weights (NewNet) and an in-training model.Net both fit, so
// the trainer plays with exactly the bot's policy code.
type Scorer interface {
	ScoreAll(xa, xc []float32, n int, dst []float32)
}

// committed is the network of weights/soak, checked against what
// features/soak encodes.
var committed = registry.Weights[Scorer]{Name: "weights/soak", Features: "features/soak",
	Agent: wsoak.Shape.AgentDim, Cand: wsoak.Shape.CandDim, WantAgent: fsoak.AgentDim, WantCand: fsoak.CandDim,
	New: func() (Scorer, error) { return wsoak.New() }}

// GeneratedScorer returns a new forward pass of the committed network, or
// an error when its shape does not match the feature encoding (weights
// trained for another version of features/soak). Each call has scratch
// buffers of its own, so policies built on different scorers run on
// different goroutines without a lock; one scorer must not be shared
// between goroutines.
func GeneratedScorer() (Scorer, error) { return committed.Scorer() }

// learnedErr keeps the outcome of registering the learned policies for
// the bot and the arena: "net" is the network alone and "smitsi" the
// Smitsimax search. ("search", the network-guided coordinate descent that
// smitsi superseded, is named by package baselines, outside the bot.)
// Weights that do not fit the features (caught by the tests) leave both
// unnamed; the failure is kept here for the tests, and in the registry
// for the bot and the arena (Err).
var learnedErr = Policies.RegisterLearned(committed.Fit(), []registry.Entry[Policy]{
	{Name: "net", New: func(int64) Policy { n, _ := NewNet(); return n }},
	{Name: "smitsi", New: func(int64) Policy { n, _ := NewNet(); return NewSmitsi(n) }},
})

// Net is the network alone: every own agent takes its top-scoring
// candidate, independently of the others.
type Net struct {
	enc    fsoak.Encoder
	sc     Scorer
	scores [fsoak.MaxCands]float32
}

// NewNet returns the network policy with the committed weights and a
// forward pass of its own.
func NewNet() (*Net, error) {
	sc, err := committed.Scorer()
	if err != nil {
		return nil, err
	}
	return NewNetWith(sc), nil
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
