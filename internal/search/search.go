// Package search is the one search that every game's bot runs within its
// turn and that the trainer distils into the network (model/expert): a
// decoupled Monte Carlo tree search of the Smitsimax family.
//
// Why decoupled: our games are simultaneous, or have many units a side, so
// a tree over joint moves is far too wide to search in 50 ms. Instead
// every unit of every player (an agent, a ship, a robot group) has a small
// bandit tree of its own, indexed by its own choices only. In an
// iteration each unit picks an arm from its tree by PUCT, the joint choice
// is played on a copy of the game's typed state, several turns deep, and
// the leaf's value is backed up into every unit's tree from its owner's
// point of view. The other players are thus modelled by the same search
// with the same network priors, not by a scripted bot, and an N-player or
// zero-sum game is only a matter of the value vector.
//
// Why network arms at the root only: the root is where the answer is
// chosen, so its arms are the network's best candidates for the unit,
// with the softmax of its scores as priors; deeper, the network would cost
// more than the whole iteration, so a unit picks among a game's cheap
// continuation arms (a step and a stance, say), which are recomputed from
// the state they are played in. A game whose units do not outlive the turn
// (Keep Off The Grass's decisions) has none, and its Step plays its cheap
// policy after the root.
//
// Why so small an interface (Game): every game already has a typed step,
// a value and a network encoder; what it writes for the search is a thin
// adapter, and nothing here knows a rule. Alternating turns need nothing
// more: a unit whose player does not move has no arms there. Hidden
// information needs nothing more either: each iteration starts from a
// state the game draws from the player's own belief with the search's
// seeded generator (Start), so the referee's state is never needed.
//
// The bot searches until the deadline it is given (its game's Think,
// internal/bot), reading the clock every few iterations; the trainer searches a fixed number of
// iterations, whose result depends only on the seed. Nothing else is
// random: in a position symmetric for both sides, their trees grow alike
// and choose alike, as Smitsimax does. All memory is sized
// when the search is made: an iteration allocates nothing. The package is
// bundled into the bots: standard library and Go 1.18 only.
package search

import (
	"math"
	"math/rand"
	"time"
)

// Game is what a game gives the search. S is a typed state (a pointer),
// A one unit's action.
type Game[S, A any] interface {
	// Start makes dst an iteration's first state and returns it: a copy
	// of root, or, with hidden information, a state that player me
	// believes root may be, drawn with rng. dst is the zero S the first
	// time, and Start may then allocate.
	Start(dst, root S, me int, rng *rand.Rand) S
	// Units adds player p's units at s to r, each with its candidates at
	// the root, in the order of the answer and of the trainer's decisions.
	Units(s S, p int, r Roots[A])
	// Later is continuation arm j (below Config.Arms) of unit id at s,
	// deeper than the root; false when the unit does not act at s (it is
	// gone, or its player does not move).
	Later(s S, p, id, j int) (A, bool)
	// Step plays one turn: acts[p] are player p's actions.
	Step(s S, acts [][]A)
	// Done reports whether the game is over at s.
	Done(s S) bool
	// Value writes the worth of s for each player q to v[q]; me is the
	// searching player (a zero-sum game scores me and negates).
	Value(s S, me int, v []float64)
}

// Beginner is a Game that prepares for each Run before its Units: one
// whose Start draws from a belief rebuilds that belief from the new root
// then, once, rather than at every iteration.
type Beginner[S any] interface {
	Begin(root S, me int)
}

// Roots receives a player's units at the root (Game.Units).
type Roots[A any] interface {
	// Add adds the player's next unit: its id, its candidates at the root
	// and their scores, whose softmax is the prior. The slices are read
	// before Add returns. With no scores, arms[0] is its only action,
	// played without a choice; with no arms (its player does not move,
	// say), it does not act at the root. Add reports false when the
	// search has no room for more units, which are then left out.
	Add(id int, arms []A, scores []float32) bool
}

// Config sizes a search and sets its defaults.
type Config struct {
	// Players, Units (all players' together), root arms kept per unit
	// (at least 1), continuation arms and turns an iteration plays.
	Players, Units, K, Arms, Depth int
	// C weighs the prior against the value, normalised to [0, 1] by the
	// range of values seen.
	C float64
	// Seed seeds Start's draws.
	Seed int64
	// Anchor, when positive, raises C past Anchor iterations by the
	// square root of iterations/Anchor, so that the root's visit shares
	// stay about those of Anchor iterations while their values steady.
	// Why: a long search drifts from the network's priors toward the
	// leaf's biases, and a leaf tuned at some thousand iterations is no
	// better run at many more (Code of Kutulu's smConfig gives the
	// measurement).
	Anchor int
	// OthersAnchor, when positive, is the other players' Anchor, so that
	// they can keep nearer their priors than me. Why: the others are
	// modelled by the same search, and a long search makes them play
	// the leaf's best replies, which real opponents do not (Code of
	// Kutulu's smConfig gives the measurement; Ocean of Code's opponent,
	// tried so, was no better nor worse).
	OthersAnchor int
}

// arm is a choice's visits and summed value for its unit's owner.
type arm struct {
	n int32
	w float64
}

func (a *arm) add(r float64) {
	a.n++
	a.w += r
}

// unit is one unit's tree: node i is t[i*(W+1):], its own totals then its
// W arms, with children i*W+1+j (W the widest of K and Arms).
type unit[A any] struct {
	// owner, the game's id, root arms, decisions this iteration
	p, id, k, c int
	root        []A
	prior       []float64
	idx         []int
	t           []arm
	node, pick  []int // each decision's node and arm this iteration
}

// Search is the shared search over one game. C may be changed between
// runs, and Depth lowered.
type Search[S, A any] struct {
	Config
	// Now is the clock, time.Now when nil (tests inject one).
	Now func() time.Time

	g        Game[S, A]
	rng      *rand.Rand
	sim      S
	deadline time.Time
	us       []unit[A]
	acts     [][]A
	roots    *roots[S, A]
	v, lo    []float64
	hi       []float64
	me, n, w int
	iters    int
	c, co    float64 // C for this iteration, me's and the others' (Anchor)
}

// New makes a search of game g with all its memory.
func New[S, A any](g Game[S, A], c Config) *Search[S, A] {
	w := c.K
	if c.Arms > w {
		w = c.Arms
	}
	nodes := 1
	for d, m := 1, 1; d < c.Depth; d++ {
		m *= w
		nodes += m
	}
	s := &Search[S, A]{Config: c, g: g, w: w, rng: rand.New(rand.NewSource(c.Seed)),
		us: make([]unit[A], c.Units), acts: make([][]A, c.Players),
		v: make([]float64, c.Players), lo: make([]float64, c.Players), hi: make([]float64, c.Players)}
	s.roots = &roots[S, A]{s: s}
	for i := range s.us {
		u := &s.us[i]
		u.root, u.prior, u.idx = make([]A, c.K), make([]float64, c.K), make([]int, c.K)
		u.t, u.node, u.pick = make([]arm, nodes*(w+1)), make([]int, c.Depth), make([]int, c.Depth)
	}
	for p := range s.acts {
		s.acts[p] = make([]A, 0, c.Units)
	}
	return s
}

// SetDeadline implements bot.Deadliner (internal/bot): Run stops at t;
// the zero time runs a fixed number of iterations.
func (s *Search[S, A]) SetDeadline(t time.Time) { s.deadline = t }

// Reseed restarts Start's draws from seed. A search is reused for many
// positions, and the trainer reseeds it at each so that its targets do
// not depend on what the search ran before.
func (s *Search[S, A]) Reseed(seed int64) { s.rng.Seed(seed) }

// Iterations is the number of iterations the last Run played.
func (s *Search[S, A]) Iterations() int { return s.iters }

// Run searches player me's turn at root: until the deadline when one is
// set, else for iters iterations (expert.Search).
func (s *Search[S, A]) Run(root S, me, iters int) {
	now := s.Now
	if now == nil {
		now = time.Now
	}
	stop := s.deadline
	s.me, s.n, s.iters = me, 0, 0
	if b, ok := s.g.(Beginner[S]); ok {
		b.Begin(root, me)
	}
	for p := 0; p < s.Players; p++ {
		s.roots.p = p
		s.g.Units(root, p, s.roots)
	}
	for p := range s.lo {
		s.lo[p], s.hi[p] = math.Inf(1), math.Inf(-1)
	}
	for ; stop.IsZero() && s.iters < iters || !stop.IsZero(); s.iters++ {
		if !stop.IsZero() && s.iters&7 == 0 && !now().Before(stop) {
			break
		}
		s.iterate(root)
	}
}

// roots is the search's side of Game.Units: each unit added takes the
// next tree.
type roots[S, A any] struct {
	s *Search[S, A]
	p int
}

// Add implements Roots.
func (r *roots[S, A]) Add(id int, arms []A, scores []float32) bool {
	s := r.s
	if s.n >= len(s.us) {
		return false
	}
	s.start(&s.us[s.n], r.p, id, arms, scores)
	s.n++
	return true
}

// start clears u's tree and takes its K best root candidates, ties to the
// first, with their softmax as priors.
func (s *Search[S, A]) start(u *unit[A], p, id int, arms []A, sc []float32) {
	u.p, u.id, u.k = p, id, 0
	for i := range u.t {
		u.t[i] = arm{}
	}
	if len(sc) == 0 {
		if len(arms) > 0 {
			u.k, u.root[0], u.prior[0], u.idx[0] = 1, arms[0], 1, -1
		}
		return
	}
	sum, m := 0.0, float32(0)
	for b := -1; u.k < s.K; u.k++ {
		// the next is the best after b in the order (score down, index up)
		prev := b
		for c, x := range sc {
			if (prev < 0 || x < sc[prev] || x == sc[prev] && c > prev) && (b == prev || x > sc[b]) {
				b = c
			}
		}
		if b == prev {
			break
		}
		if u.k == 0 {
			m = sc[b]
		}
		u.root[u.k], u.idx[u.k], u.prior[u.k] = arms[b], b, math.Exp(float64(sc[b]-m))
		sum += u.prior[u.k]
	}
	for j := 0; j < u.k; j++ {
		u.prior[j] /= sum
	}
}

// anchored is c raised past anchor iterations by the square root of
// iters/anchor (Config.Anchor); a zero anchor leaves it.
func anchored(c float64, anchor, iters int) float64 {
	if anchor > 0 && iters > anchor {
		return c * math.Sqrt(float64(iters)/float64(anchor))
	}
	return c
}

// iterate plays one sampled line of Depth turns from root and backs up its
// value.
func (s *Search[S, A]) iterate(root S) {
	s.c = anchored(s.C, s.Anchor, s.iters)
	s.co = s.c
	if s.OthersAnchor > 0 {
		s.co = anchored(s.C, s.OthersAnchor, s.iters)
	}
	s.sim = s.g.Start(s.sim, root, s.me, s.rng)
	sim := s.sim
	for i := 0; i < s.n; i++ {
		s.us[i].c = 0
	}
	for d := 0; d < s.Depth && !s.g.Done(sim); d++ {
		for p := range s.acts {
			s.acts[p] = s.acts[p][:0]
		}
		for i := 0; i < s.n; i++ {
			u := &s.us[i]
			k := s.Arms
			if d == 0 {
				k = u.k
			}
			if k == 0 {
				continue
			}
			ni := 0
			if u.c > 0 {
				ni = u.node[u.c-1]*s.w + 1 + u.pick[u.c-1]
			}
			j := s.choose(u.t[ni*(s.w+1):], k, u.prior, d == 0, u.p)
			var a A
			if d == 0 {
				a = u.root[j]
			} else {
				var ok bool
				if a, ok = s.g.Later(sim, u.p, u.id, j); !ok {
					continue
				}
			}
			u.node[u.c], u.pick[u.c] = ni, j
			u.c++
			s.acts[u.p] = append(s.acts[u.p], a)
		}
		s.g.Step(sim, s.acts)
	}
	s.g.Value(sim, s.me, s.v)
	for p, x := range s.v {
		if x < s.lo[p] {
			s.lo[p] = x
		}
		if x > s.hi[p] {
			s.hi[p] = x
		}
	}
	for i := 0; i < s.n; i++ {
		u := &s.us[i]
		r := s.v[u.p]
		for c := 0; c < u.c; c++ {
			t := u.t[u.node[c]*(s.w+1):]
			t[0].add(r)
			t[1+u.pick[c]].add(r)
		}
	}
}

// choose is PUCT over a node's first k arms for player p: the mean value
// normalised to [0, 1] by the values seen (an unvisited arm counts at the
// node's mean), plus C (as Anchor, or OthersAnchor for the other
// players, raises it) times its prior (uniform beyond the root) times
// sqrt(visits+1)/(1+arm visits). Ties go to the lower index.
func (s *Search[S, A]) choose(t []arm, k int, prior []float64, root bool, p int) int {
	span, base := s.hi[p]-s.lo[p], s.lo[p]
	if !(span > 1e-9) {
		span = 1
	}
	fpu := 0.5
	if t[0].n > 0 {
		fpu = (t[0].w/float64(t[0].n) - base) / span
	}
	c := s.c
	if p != s.me {
		c = s.co
	}
	sq := c * math.Sqrt(float64(t[0].n)+1)
	b, bv := 0, math.Inf(-1)
	for j := 0; j < k; j++ {
		a := &t[1+j]
		q := fpu
		if a.n > 0 {
			q = (a.w/float64(a.n) - base) / span
		}
		pr := 1 / float64(s.Arms)
		if root {
			pr = prior[j]
		}
		if v := q + sq*pr/float64(1+a.n); v > bv {
			b, bv = j, v
		}
	}
	return b
}

// Best appends the most visited root arm of each of me's units (the
// first on ties), in Units order.
func (s *Search[S, A]) Best(dst []A) []A {
	for i := 0; i < s.n; i++ {
		if u := &s.us[i]; u.p == s.me && u.k > 0 {
			b := 0
			for j := 1; j < u.k; j++ {
				if u.t[1+j].n > u.t[1+b].n {
					b = j
				}
			}
			dst = append(dst, u.root[b])
		}
	}
	return dst
}

// Visits describes the root of me's d-th unit of the last Run, in Units
// order (expert.Search): for each root arm, its index among the unit's
// candidates and its visits, written to idx and visits; it returns how
// many fit, and false when there is no such unit or it had no choice.
// The trainer distils the search through them.
func (s *Search[S, A]) Visits(d int, idx []int, visits []float32) (int, bool) {
	u := s.root(d)
	if u == nil {
		return 0, false
	}
	n := 0
	for ; n < u.k && n < len(idx) && n < len(visits); n++ {
		idx[n], visits[n] = u.idx[n], float32(u.t[1+n].n)
	}
	return n, true
}

// root is me's d-th unit of the last Run, in Units order, or nil when
// there is no such unit or it had no choice.
func (s *Search[S, A]) root(d int) *unit[A] {
	for i := 0; i < s.n; i++ {
		u := &s.us[i]
		if u.p != s.me {
			continue
		}
		if d > 0 {
			d--
			continue
		}
		if u.k == 0 || u.idx[0] < 0 {
			return nil
		}
		return u
	}
	return nil
}

// Values describes the same root arms as Visits, in the same order: the
// mean value of each for its unit's owner, normalised to [0, 1] by the
// values that player saw in the last Run, with an unvisited arm at its
// node's mean: which arm the search found best, not only how much it
// looked at each.
func (s *Search[S, A]) Values(d int, q []float32) (int, bool) {
	u := s.root(d)
	if u == nil {
		return 0, false
	}
	span, base := s.hi[u.p]-s.lo[u.p], s.lo[u.p]
	if !(span > 1e-9) {
		span = 1
	}
	mean := 0.5
	if t := u.t[0]; t.n > 0 {
		mean = (t.w/float64(t.n) - base) / span
	}
	n := 0
	for ; n < u.k && n < len(q); n++ {
		x := mean
		if a := u.t[1+n]; a.n > 0 {
			x = (a.w/float64(a.n) - base) / span
		}
		q[n] = float32(x)
	}
	return n, true
}
