package baselines

// This file is the network-guided coordinate-descent search that was
// Soak's default bot policy before Smitsimax (features/soak/policy,
// "search"), moved here unchanged but for the package qualifiers: v1
// plays it, and the arena names it "search", so that the bot, which the
// shared search superseded, no longer carries it.

import (
	"math"
	"time"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/nn"
)

// Search defaults: candidates kept per agent, passes of coordinate descent,
// and the weight of the network's log-probability in the evaluation (in
// value points), which breaks near-ties the way the network would.
const (
	searchTopK   = 4
	searchPasses = 3
	searchPrior  = 1.0
	// searchEvals bounds the joint choices judged per turn (about 0.1 ms
	// each), a deterministic cap that keeps turns short even without a
	// deadline, so that in-process games depend only on their seeds.
	searchEvals = 36
	// searchBudget caps a turn's search time even when the deadline is far:
	// a judgement costs up to 0.5 ms in crowded early turns, and a short
	// turn keeps the bot's p99 well inside CodinGame's 50 ms.
	searchBudget = 6 * time.Millisecond
)

// Search is the network-guided search: each own agent keeps the network's
// best few candidates; a joint choice is judged by playing it on a copy of
// the turn against the opponent's predicted orders, then one more turn with
// both sides predicted by the greedy bot, and scoring the result with
// fsoak.Value plus a small bonus for the network's preference. Coordinate
// descent improves one agent at a time, starting from the network's top
// choices, until nothing improves, the passes run out or the deadline
// comes; the best joint choice so far is always ready, and the network's
// own choice is the fallback.
type Search struct {
	net      *policy.Net
	predict  policy.Policy // the opponent's and the second turn's orders
	deadline time.Time
	// Depth is the number of turns simulated, 1 or 2.
	Depth int
	// Budget caps each Act's search time when a deadline is set; 0 means
	// no cap. Without a deadline nothing is timed, so results depend only
	// on the state (in-process games, tests).
	Budget time.Duration

	stop time.Time // the earlier of deadline and the budget's end

	sim   *soak.State
	view  soak.View // a player's view of a simulated state, for predict
	opts  [soak.MaxAgents / 2][searchTopK]soak.Action
	prior [soak.MaxAgents / 2][searchTopK]float64
	nopt  [soak.MaxAgents / 2]int
	pick  [soak.MaxAgents / 2]int
	joint []soak.Action
	opp   []soak.Action
	acts  [2][]soak.Action
	evals int
}

// NewSearch returns the search around net, predicting the opponent with
// the greedy bot.
func NewSearch(net *policy.Net) *Search {
	return &Search{net: net, predict: policy.NewGreedy(), Depth: 2, Budget: searchBudget}
}

// SetDeadline implements bot.Deadliner (internal/bot): Act returns its
// best choice once t has passed. The zero time means no deadline and no
// budget: the passes and the judgement cap alone bound the search, so it
// is deterministic.
func (s *Search) SetDeadline(t time.Time) { s.deadline = t }

// Evals is the number of joint choices the last Act judged.
func (s *Search) Evals() int { return s.evals }

func (s *Search) late() bool { return !s.stop.IsZero() && !time.Now().Before(s.stop) }

// Act implements policy.Policy.
func (s *Search) Act(v *soak.View, dst []soak.Action) []soak.Action {
	st, me := v.State(), v.Me
	s.evals = 0
	s.stop = s.deadline
	if s.Budget > 0 && !s.deadline.IsZero() {
		if end := time.Now().Add(s.Budget); s.stop.IsZero() || end.Before(s.stop) {
			s.stop = end
		}
	}
	s.net.Reset(v)
	na := 0
	for _, a := range st.PlayerAgents(me) {
		if !a.Alive {
			continue
		}
		s.topK(na, a.ID)
		s.pick[na] = 0
		na++
	}
	start := len(dst)
	dst = s.chosen(dst, na)
	if na == 0 || s.late() {
		return dst
	}
	st.ViewInto(1-me, &s.view)
	s.opp = s.predict.Act(&s.view, s.opp[:0])
	if s.sim == nil {
		s.sim = st.Copy()
	}
	best := s.eval(st, me, na)
	for pass := 0; pass < searchPasses; pass++ {
		improved := false
		for i := 0; i < na; i++ {
			keep := s.pick[i]
			for j := 0; j < s.nopt[i]; j++ {
				if j == keep {
					continue
				}
				if s.evals >= searchEvals || s.late() {
					s.pick[i] = keep
					return s.chosen(dst[:start], na)
				}
				s.pick[i] = j
				if v := s.eval(st, me, na); v > best+1e-9 {
					best, keep, improved = v, j, true
				}
			}
			s.pick[i] = keep
		}
		if !improved {
			break
		}
	}
	return s.chosen(dst[:start], na)
}

// topK keeps agent slot i's best candidates by network score, with their
// log-probabilities.
func (s *Search) topK(i, id int) {
	n := s.net.Rank(id)
	if n == 0 {
		s.opts[i][0] = soak.Action{Agent: id, Combat: soak.Hunker}
		s.prior[i][0], s.nopt[i] = 0, 1
		return
	}
	sc := s.net.Scores()
	cands := s.net.Candidates()
	var w [fsoak.MaxCands]float64
	sum, mx := nn.Softmax(sc, 1, w[:])
	logZ := float64(mx) + math.Log(sum)
	k := 0
	var used [fsoak.MaxCands]bool
	for k < searchTopK && k < n {
		b := -1
		for c := 0; c < n; c++ {
			if !used[c] && (b < 0 || sc[c] > sc[b]) {
				b = c
			}
		}
		used[b] = true
		s.opts[i][k] = cands[b]
		s.prior[i][k] = float64(sc[b]) - logZ
		k++
	}
	s.nopt[i] = k
}

// chosen appends the current joint choice.
func (s *Search) chosen(dst []soak.Action, na int) []soak.Action {
	for i := 0; i < na; i++ {
		dst = append(dst, s.opts[i][s.pick[i]])
	}
	return dst
}

// eval plays the current joint choice and scores it.
func (s *Search) eval(st *soak.State, me, na int) float64 {
	s.evals++
	s.joint = s.chosen(s.joint[:0], na)
	s.sim.CopyFrom(st)
	var acts [2][]soak.Action
	acts[me], acts[1-me] = s.joint, s.opp
	s.sim.Step(&acts)
	if s.Depth >= 2 && !s.sim.Done() {
		for p := 0; p < 2; p++ {
			s.sim.ViewInto(p, &s.view)
			s.acts[p] = s.predict.Act(&s.view, s.acts[p][:0])
		}
		s.sim.Step(&s.acts)
	}
	v := fsoak.Value(s.sim, me)
	for i := 0; i < na; i++ {
		v += searchPrior * s.prior[i][s.pick[i]]
	}
	return v
}
