package expert

// Ranker is a game's network policy as the trainer reads it between
// decisions: the candidates of the decision it ranked last and their
// scores. Every game's policy.Net is one.
type Ranker[A any] interface {
	Candidates() []A
	Scores() []float32
}

// Ranked is the part of a Net over a Ranker that reads the last decision:
// how many candidates the last Decide ranked, the features of the
// decision and of those candidates, and the candidates themselves. A
// game's Net embeds it beside its policy and writes only Begin, Decide
// (through Ranks) and, where a choice shapes the later decisions, Choose.
type Ranked[A any] struct {
	r          Ranker[A]
	dec, cands []float32
	candDim, n int
}

// NewRanked reads r's decisions: dec and cands are the whole feature
// buffers of r's encoder, which every rank rewrites in place, and candDim
// is the width of a candidate's row.
func NewRanked[A any](r Ranker[A], dec, cands []float32, candDim int) Ranked[A] {
	return Ranked[A]{r: r, dec: dec, cands: cands, candDim: candDim}
}

// Ranks records n, the number of candidates of the decision just ranked,
// and returns it, as Decide does.
func (r *Ranked[A]) Ranks(n int) int {
	r.n = n
	return n
}

// Features implements Net: the decision's features and the rows of the
// candidates the last Decide ranked.
func (r *Ranked[A]) Features() ([]float32, []float32) {
	return r.dec, r.cands[:r.n*r.candDim]
}

// Candidate implements Net.
func (r *Ranked[A]) Candidate(k int) A { return r.r.Candidates()[k] }

// OneRanker is a network policy whose turn is one decision, ranked from
// the whole view: Rank encodes v's decision, scores its candidates and
// returns their number.
type OneRanker[V, A any] interface {
	Policy[V, A]
	Ranker[A]
	Rank(v V) int
}

// OneDecision is the Net over a OneRanker: a turn of one decision, whose
// action is the chosen candidate.
type OneDecision[V, A any] struct {
	Ranked[A]
	net OneRanker[V, A]
	v   V
}

// NewOneDecision is the Net over net, with its encoder's buffers as
// NewRanked takes them.
func NewOneDecision[V, A any](net OneRanker[V, A], dec, cands []float32, candDim int) *OneDecision[V, A] {
	return &OneDecision[V, A]{Ranked: NewRanked[A](net, dec, cands, candDim), net: net}
}

// Act implements Policy: the policy's own answer.
func (o *OneDecision[V, A]) Act(v V, dst []A) []A { return o.net.Act(v, dst) }

// Begin implements Net: one decision.
func (o *OneDecision[V, A]) Begin(v V) int {
	o.v = v
	return 1
}

// Decide implements Net: Rank of the view Begin was given.
func (o *OneDecision[V, A]) Decide(int) int { return o.Ranks(o.net.Rank(o.v)) }

// Scores implements Net.
func (o *OneDecision[V, A]) Scores() []float32 { return o.net.Scores() }

// Choose implements Net: the candidate is the turn's action.
func (o *OneDecision[V, A]) Choose(k int) A { return o.Candidate(k) }
