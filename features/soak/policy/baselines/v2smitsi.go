package baselines

// This file is the Smitsimax search as committed before issue 21 (commit
// 5698a54), frozen: v2 plays it, so that neither a change of the shared
// search (internal/search) nor a retraining moves the opponent, and the
// tests check that policy's smitsi, now an instance of the shared search,
// still plays as this one does. Only names were changed.

import (
	"math"
	"time"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/nn"
)

// Smitsimax shape: root candidates per agent (the network's best), arms of
// the later turns (5 steps × attack or hunker), turns simulated at most,
// and nodes per agent's tree (root, one per root arm, one per pair of arms).
const (
	v2K     = 8
	v2A     = 10
	v2Depth = 3
	v2Nodes = 1 + v2K + v2K*v2A
	// v2Safety is kept back from the bot's deadline (itself 12 ms before
	// the limit): the guard drops a reply that comes after the deadline
	// whole, and a CPU-bound search on a loaded machine can go unscheduled
	// for several milliseconds just before it.
	v2Safety = 12 * time.Millisecond
)

// v2Arm is one choice's statistics: visits and summed value, from the
// point of view of the agent's owner.
type v2Arm struct {
	n int32
	w float64
}

type v2Node struct {
	n    int32
	w    float64
	arms [v2A]v2Arm
}

// v2Unit is one agent's own tree. Smitsimax gives every agent, ours and
// the opponent's, a tree indexed by its own choices only: the agents
// choose independently, each from its bandit, and learn from the joint
// outcome, so the opponent is modelled by the same search with the
// network's priors rather than by a scripted bot.
type v2Unit struct {
	id, side, k int
	root        [v2K]soak.Action
	prior       [v2K]float64
	idx         [v2K]int // root[j]'s index in the network's ranking
	nodes       [v2Nodes]v2Node
	pick        [v2Depth]int
	node        [v2Depth]int
}

// v2Smitsi is the Smitsimax search (decoupled UCT with one tree per agent).
// An iteration plays Depth turns from the current state on the engine's
// typed path: on the first turn every agent of both sides picks one of its
// network candidates by PUCT with softmax priors; on later turns it picks
// a step and either hunkering or its best attack from that state. The end
// state is scored by fsoak.Value and the score, normalised by the range
// seen so far, updates every tree along its agent's own path. It runs until
// the deadline (capped by Budget), or for Iters iterations when there is
// none, so that games without deadlines depend only on their seeds. Each
// own agent plays its most visited root candidate. Nothing is allocated
// per iteration.
type v2Smitsi struct {
	net      *policy.Net
	deadline time.Time
	// Depth is the number of turns an iteration simulates, 1 to 3.
	Depth int
	// Budget caps each Act's time when a deadline is set (the first turn's
	// deadline is a second away).
	Budget time.Duration
	// Iters is the iteration count without a deadline.
	Iters int
	// C weighs exploration against the normalised value.
	C float64

	iters  int
	me     int
	lo, hi float64
	sim    *soak.State
	view   soak.View
	nu     int
	units  [soak.MaxAgents]v2Unit
	acts   [2][]soak.Action
}

// newV2Smitsi returns the search around net with its tuned defaults.
func newV2Smitsi(net *policy.Net) *v2Smitsi {
	return &v2Smitsi{net: net, Depth: 3, Budget: 36 * time.Millisecond, Iters: 100, C: 1.5,
		acts: [2][]soak.Action{make([]soak.Action, 0, soak.MaxAgents), make([]soak.Action, 0, soak.MaxAgents)}}
}

// SetDeadline implements bot.Deadliner (internal/bot); the zero time
// switches to the fixed iteration count.
func (s *v2Smitsi) SetDeadline(t time.Time) { s.deadline = t }

// Iterations is the number of iterations the last Act ran.
func (s *v2Smitsi) Iterations() int { return s.iters }

// Act implements Policy.
func (s *v2Smitsi) Act(v *soak.View, dst []soak.Action) []soak.Action {
	st, me := v.State(), v.Me
	s.me = me
	stop := s.deadline
	if !stop.IsZero() {
		stop = stop.Add(-v2Safety)
		if end := time.Now().Add(s.Budget); s.Budget > 0 && end.Before(stop) {
			stop = end
		}
	}
	s.nu, s.iters = 0, 0
	for p := 0; p < 2; p++ {
		pv := v
		if p != me {
			st.ViewInto(p, &s.view)
			pv = &s.view
		}
		s.net.Reset(pv)
		for _, a := range st.PlayerAgents(p) {
			if a.Alive {
				s.rootArms(&s.units[s.nu], a.ID, p)
				s.nu++
			}
		}
	}
	if s.sim == nil {
		s.sim = st.Copy()
	}
	s.lo, s.hi = math.Inf(1), math.Inf(-1)
	for !(stop.IsZero() && s.iters >= s.Iters) {
		if !stop.IsZero() && !time.Now().Before(stop) {
			break
		}
		s.iterate(st, me)
		s.iters++
	}
	for i := 0; i < s.nu; i++ {
		u := &s.units[i]
		if u.side != me {
			continue
		}
		b, arms := 0, &u.nodes[0].arms
		for j := 1; j < u.k; j++ {
			if arms[j].n > arms[b].n {
				b = j
			}
		}
		dst = append(dst, u.root[b])
	}
	return dst
}

// RootVisits describes the last Act's root of the d-th living agent of
// the acting player, in id order (the order of Act's answer and of the
// trainer's decisions): for each root candidate, its index among the
// network's candidates for that agent (Net.Rank) and its visit count,
// written to idx and visits; it returns how many fit. The trainer distils
// the search into the network through them (the visit shares are the
// targets). ok is false when there is no such agent or it had no
// candidate to choose.
func (s *v2Smitsi) RootVisits(d int, idx []int, visits []float32) (int, bool) {
	for i := 0; i < s.nu; i++ {
		u := &s.units[i]
		if u.side != s.me {
			continue
		}
		if d > 0 {
			d--
			continue
		}
		if u.idx[0] < 0 {
			return 0, false
		}
		n := 0
		for j := 0; j < u.k && n < len(idx) && n < len(visits); j++ {
			idx[n], visits[n] = u.idx[j], float32(u.nodes[0].arms[j].n)
			n++
		}
		return n, true
	}
	return 0, false
}

// rootArms fills u with agent id's best network candidates and their
// softmax priors, and clears its tree.
func (s *v2Smitsi) rootArms(u *v2Unit, id, side int) {
	u.id, u.side = id, side
	u.nodes = [v2Nodes]v2Node{}
	n := s.net.Rank(id)
	if n == 0 {
		u.k, u.root[0], u.prior[0], u.idx[0] = 1, soak.Action{Agent: id, Combat: soak.Hunker}, 1, -1
		return
	}
	sc, cands := s.net.Scores(), s.net.Candidates()
	var w [fsoak.MaxCands]float64
	var used [fsoak.MaxCands]bool
	nn.Softmax(sc, 1, w[:])
	sum := 0.0
	u.k = 0
	for u.k < v2K && u.k < n {
		b := -1
		for c := 0; c < n; c++ {
			if !used[c] && (b < 0 || sc[c] > sc[b]) {
				b = c
			}
		}
		used[b] = true
		u.root[u.k], u.prior[u.k], u.idx[u.k] = cands[b], w[b], b
		sum += w[b]
		u.k++
	}
	for j := 0; j < u.k; j++ {
		u.prior[j] /= sum
	}
}

// iterate plays one sampled line of Depth turns from st and backs up its
// value.
func (s *v2Smitsi) iterate(st *soak.State, me int) {
	sim := s.sim
	sim.CopyFrom(st)
	var reached [soak.MaxAgents]int
	for d := 0; d < s.Depth && d < v2Depth && !sim.Done(); d++ {
		s.acts[0], s.acts[1] = s.acts[0][:0], s.acts[1][:0]
		for i := 0; i < s.nu; i++ {
			u := &s.units[i]
			a, ok := sim.AgentByID(u.id)
			if !ok || !a.Alive {
				continue
			}
			ni := 0
			switch d {
			case 1:
				ni = 1 + u.pick[0]
			case 2:
				ni = 1 + v2K + u.pick[0]*v2A + u.pick[1]
			}
			k := v2A
			if d == 0 {
				k = u.k
			}
			j := s.choose(&u.nodes[ni], k, u.prior[:], d == 0, u.side != me)
			u.node[d], u.pick[d] = ni, j
			reached[i] = d + 1
			var act soak.Action
			if d == 0 {
				act = u.root[j]
			} else {
				act = v2Later(sim, &a, j)
			}
			s.acts[u.side] = append(s.acts[u.side], act)
		}
		sim.Step(&s.acts)
	}
	v := fsoak.Value(sim, me)
	if v < s.lo {
		s.lo = v
	}
	if v > s.hi {
		s.hi = v
	}
	for i := 0; i < s.nu; i++ {
		u := &s.units[i]
		r := v
		if u.side != me {
			r = -v
		}
		for d := 0; d < reached[i]; d++ {
			nd := &u.nodes[u.node[d]]
			nd.n++
			nd.w += r
			nd.arms[u.pick[d]].n++
			nd.arms[u.pick[d]].w += r
		}
	}
}

// choose is PUCT over a node's first k arms: the mean value normalised to
// [0, 1] by the values seen so far (an unvisited arm counts at the node's
// mean), plus C times its prior (uniform beyond the root) times
// sqrt(visits+1)/(1+arm visits). Ties go to the lower index.
func (s *v2Smitsi) choose(nd *v2Node, k int, prior []float64, root, opp bool) int {
	span := s.hi - s.lo
	if !(span > 1e-9) {
		span = 1
	}
	base := s.lo
	if opp {
		base = -s.hi
	}
	fpu := 0.5
	if nd.n > 0 {
		fpu = (nd.w/float64(nd.n) - base) / span
	}
	sq := s.C * math.Sqrt(float64(nd.n)+1)
	b, bv := 0, math.Inf(-1)
	for j := 0; j < k; j++ {
		a := &nd.arms[j]
		q := fpu
		if a.n > 0 {
			q = (a.w/float64(a.n) - base) / span
		}
		p := 1.0 / v2A
		if root {
			p = prior[j]
		}
		if v := q + sq*p/float64(1+a.n); v > bv {
			b, bv = j, v
		}
	}
	return b
}

// v2Steps are the later turns' moves: stay, then the four neighbours,
// forward (toward the enemy's side) before back.
var v2Steps = [5][2]int{{0, 0}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// v2Step is arm j's column step for player p, mirrored for player 1 so
// that ties between unvisited arms break the same way on both sides.
func v2Step(p, j int) int {
	if p == 1 {
		return -v2Steps[j/2][0]
	}
	return v2Steps[j/2][0]
}

// later turns arm j of agent a into orders in sim: step j/2 (onto floor
// only), then the best attack from there when j is even, else hunker.
func v2Later(sim *soak.State, a *soak.Agent, j int) soak.Action {
	act := soak.Action{Agent: a.ID, Combat: soak.Hunker}
	x, y := a.X+v2Step(a.Owner, j), a.Y+v2Steps[j/2][1]
	if j >= 2 && sim.Tile(x, y) == soak.Floor {
		act.Move, act.MoveX, act.MoveY = true, x, y
	} else {
		x, y = a.X, a.Y
	}
	if j%2 == 1 {
		return act
	}
	best := 0
	for _, t := range sim.Agents() {
		if !t.Alive || t.Owner == a.Owner {
			continue
		}
		d := iabs(t.X-x) + iabs(t.Y-y)
		if a.Bombs > 0 && d <= soak.ThrowRange {
			if v := v2Splash(sim, a.Owner, t.X, t.Y); v > best {
				best, act.Combat, act.ThrowX, act.ThrowY = v, soak.Throw, t.X, t.Y
			}
		}
		if a.Cooldown == 0 {
			if v := v2Hit(fsoak.Damage(sim, a.Class, x, y, t.X, t.Y, false), t.Wetness); v > best {
				best, act.Combat, act.ShootID = v, soak.Shoot, t.ID
			}
		}
	}
	return act
}

// hit values wetness dmg added to an agent at wet: what it takes of the
// agent's remaining 100, with a bonus for a kill.
func v2Hit(dmg, wet int) int {
	if dmg >= 100-wet {
		return 100 - wet + 30
	}
	return dmg
}

// splash values a bomb at (x, y) for player p: enemies hit minus twice
// the own agents hit.
func v2Splash(sim *soak.State, p, x, y int) int {
	v := 0
	for _, t := range sim.Agents() {
		if t.Alive && iabs(t.X-x) <= 1 && iabs(t.Y-y) <= 1 {
			if h := v2Hit(soak.ThrowDamage, t.Wetness); t.Owner == p {
				v -= 2 * h
			} else {
				v += h
			}
		}
	}
	return v
}
