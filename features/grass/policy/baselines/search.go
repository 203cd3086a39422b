package baselines

// This file is the network-guided one-ply search that was Keep Off The
// Grass's default bot policy before the shared search
// (features/grass/policy, "search"), moved here unchanged but for the
// package qualifiers and the Net's accessors in place of its fields: v1
// plays it, and the arena names it "search", so that the bot, which the
// shared search superseded, no longer carries it.

import (
	_ "embed" // the frozen weights
	"slices"
	"time"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/nn"
	"cgpolicy/internal/search"
	"cgpolicy/model"
)

// Search defaults.
const (
	// searchEvals bounds the joint answers judged per turn, a deterministic
	// cap that keeps turns short even without a deadline, so that
	// in-process games depend only on their seeds.
	searchEvals = 64
	// searchBudget caps a turn's search time when a deadline is set: about
	// 40 ms of CodinGame's 50, leaving room for reading and printing.
	searchBudget = 35 * time.Millisecond
	// searchAlts is how many alternatives per decision the search may try,
	// the network's next best.
	searchAlts = 2
)

// Search is the network-guided search. It starts from the network's
// answer and tries, most uncertain decision first, forcing the network's
// next-best candidates one at a time (the later decisions re-decided by the
// network around the forced one). Each joint answer is judged by playing it
// on a copy of the turn against the opponent's predicted answer (the
// greedy bot on its view), then Depth-1 more turns with both sides
// predicted by greedy, and scoring with fgrass.Value. A change is kept when
// it improves the value. The greedy answer itself is judged too, as a
// fallback the network must beat. The best answer so far is always ready.
type Search struct {
	net     *policy.Net
	predict *policy.Greedy
	// Depth is the number of turns simulated, 1 or more.
	Depth int
	// Budget caps each Act's search time when a deadline is set; 0 means
	// no cap. Without a deadline nothing is timed, so results depend only
	// on the view (in-process games, tests).
	Budget time.Duration
	// MaxEvals bounds the joint answers judged per turn.
	MaxEvals int

	deadline time.Time
	stop     time.Time

	sim    *grass.State
	view   grass.View
	opp    []grass.Action
	acts   [2][]grass.Action
	joint  []grass.Action
	best   []grass.Action
	forced []grass.Action
	has    []bool
	// noReplay re-scores every decision of every pass (the tests check
	// that replaying the unchanged prefix gives the same answers).
	noReplay bool
	cur      []int // each decision's candidate in the best answer, -1 for none
	trial    []int // the same for the answer being judged
	alts     []search.Alt[grass.Action]
	evals    int
}

// NewSearch returns the search around net, predicting the opponent with
// the greedy bot.
func NewSearch(net *policy.Net) *Search {
	return &Search{net: net, predict: policy.NewGreedy(), Depth: 2, Budget: searchBudget, MaxEvals: searchEvals}
}

// SetDeadline implements bot.Deadliner (internal/bot).
func (s *Search) SetDeadline(t time.Time) { s.deadline = t }

// Evals is the number of joint answers the last Act judged.
func (s *Search) Evals() int { return s.evals }

func (s *Search) late() bool {
	return s.evals >= s.MaxEvals || !s.stop.IsZero() && !time.Now().Before(s.stop)
}

// Act implements policy.Policy.
func (s *Search) Act(v *grass.View, dst []grass.Action) []grass.Action {
	s.evals = 0
	s.stop = s.deadline
	if s.Budget > 0 && !s.deadline.IsZero() {
		if end := time.Now().Add(s.Budget); end.Before(s.stop) {
			s.stop = end
		}
	}
	nd := s.net.Reset(v)
	if cap(s.has) < nd {
		s.has = make([]bool, nd)
		s.forced = make([]grass.Action, nd)
		s.cur, s.trial = make([]int, nd), make([]int, nd)
	}
	s.has, s.forced = s.has[:nd], s.forced[:nd]
	s.cur, s.trial = s.cur[:nd], s.trial[:nd]
	for d := range s.has {
		s.has[d] = false
	}
	s.alts = s.alts[:0]
	s.joint = s.pass(v, s.joint[:0], 0, true)
	s.best = append(s.best[:0], s.joint...)
	copy(s.cur, s.trial)
	if s.late() {
		return append(dst, s.best...)
	}
	st := v.State()
	st.ViewInto(1, &s.view)
	s.opp = s.predict.Act(&s.view, s.opp[:0])
	if s.sim == nil {
		s.sim = st.Copy()
	}
	bestV := s.eval(st, s.joint)
	search.SortAlts(s.alts)
	for _, al := range s.alts {
		if s.late() {
			break
		}
		prev, had := s.forced[al.D], s.has[al.D]
		s.forced[al.D], s.has[al.D] = al.A, true
		from := al.D
		if s.noReplay {
			from = 0
		}
		s.joint = s.pass(v, s.joint[:0], from, false)
		if val := s.eval(st, s.joint); val > bestV+1e-9 {
			bestV = val
			s.best = append(s.best[:0], s.joint...)
			copy(s.cur, s.trial)
			continue
		}
		s.forced[al.D], s.has[al.D] = prev, had
	}
	if !s.late() {
		hint := s.net.Hint()
		if val := s.eval(st, hint); val > bestV+1e-9 {
			s.best = append(s.best[:0], hint...)
		}
	}
	return append(dst, s.best...)
}

// pass runs the network's decisions in order, forced ones excepted, and
// appends the orders to dst; with record it lists each decision's
// alternatives. The decisions before from are those of the best answer
// (nothing before them changed), replayed without scoring.
func (s *Search) pass(v *grass.View, dst []grass.Action, from int, record bool) []grass.Action {
	n := s.net
	nd := n.Encoder().Reset(v, n.Hint())
	for d := 0; d < nd && d < len(s.has); d++ {
		s.trial[d] = -1
		if d < from {
			if k := n.Encoder().Encode(d); k > 0 && s.cur[d] >= 0 && s.cur[d] < k {
				s.trial[d] = s.cur[d]
				if a := n.Choose(s.cur[d]); !fgrass.IsMarker(a) {
					dst = append(dst, a)
				}
			}
			continue
		}
		k := n.Rank(d)
		if k == 0 {
			continue
		}
		sc := n.Scores()
		c := nn.Argmax(sc)
		if s.has[d] {
			if j := slices.Index(n.Candidates(), s.forced[d]); j >= 0 {
				c = j
			}
		}
		if record {
			s.alts = search.AddAlts(s.alts, d, sc, s.net.Candidates(), c, searchAlts)
		}
		s.trial[d] = c
		if a := n.Choose(c); !fgrass.IsMarker(a) {
			dst = append(dst, a)
		}
	}
	return dst
}

// eval plays joint for seat 0 of the view's game against the predicted
// opponent, then Depth-1 greedy turns, and scores the result.
func (s *Search) eval(st *grass.State, joint []grass.Action) float64 {
	s.evals++
	s.sim.CopyFrom(st)
	_ = s.sim.Step(joint, s.opp)
	for t := 1; t < s.Depth && !s.sim.Done(); t++ {
		for p := 0; p < 2; p++ {
			s.sim.ViewInto(p, &s.view)
			s.acts[p] = s.predict.Act(&s.view, s.acts[p][:0])
		}
		_ = s.sim.Step(s.acts[0], s.acts[1])
	}
	return fgrass.Value(s.sim, 0)
}

// v1Weights are the compact weights of weights/grass as committed before
// the shared search (commit 5698a54). Keeping them here, rather than
// pointing v1 at weights/grass, freezes the opponent: retraining moves the
// bot, never the yardstick it is measured against.
//
//go:embed v1.txt
var v1Weights string

// v1 is v1's frozen network; v1Err, why it does not parse, leaves v1
// unregistered.
var v1, v1Err = model.Frozen("grass v1", "baselines/v1.txt", v1Weights, model.Config{AgentDim: fgrass.DecDim, CandDim: fgrass.CandDim, MaxCands: fgrass.MaxCands, Hidden1: 64, Hidden2: 32})

// NewV1 returns the committed bot of 5698a54: its default policy, the
// network-guided one-ply search (NewSearch), over the frozen
// weights, with a forward pass of its own.
func NewV1() policy.Policy { return NewSearch(policy.NewNetWith(model.NewNet(v1))) }
