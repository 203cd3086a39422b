package policy

import (
	"math"
	"time"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
)

// Search defaults.
const (
	// searchWidth is the beam width without a deadline: a fixed budget, so
	// that in-process games and the bundle parity test depend on the
	// input only.
	searchWidth = 4
	// searchMaxWidth bounds the widening under a deadline.
	searchMaxWidth = 64
	// searchBudget caps a turn's search when a deadline is set: about 40
	// ms of CodinGame's 50, leaving room for reading and printing.
	searchBudget = 35 * time.Millisecond
	// searchAlts is how many candidates per decision a chain may branch to,
	// the network's best first.
	searchAlts = 3
)

// Search weights, in the value's units (a life is 10).
const (
	netWeight   = 3   // per unit of the network's log-probability
	hitWeight   = 10  // per expected life taken
	killWeight  = 20  // per chance of a kill
	selfWeight  = 12  // per life we lose to our own blast
	infoWeight  = 2   // per bit a sonar is expected to tell
	roomWeight  = 0.2 // per free cell left (up to 40)
	crampWeight = 8   // for fewer than 8 free cells
)

// Search is the network with a search over our own chains: a beam over the
// turn's five decisions, each chain branching to the network's best
// candidates, scored by the network's log-probability of the chain plus
// what the chain is expected to do by the tracker's belief (the torpedo's
// expected damage and kill chance less our own, what a sonar is expected
// to tell, the room left to move). Under a deadline the beam widens
// (1, 2, 4, ...) while time remains and the best chain of the widest
// finished beam is played; without one the width is fixed.
type Search struct {
	net *Net
	// Budget caps each turn's search time when a deadline is set.
	Budget time.Duration

	deadline time.Time
	beam     []chain
	next     []chain
	best     chain
	queue    [focean.Cells]int16
	mass     [10]float64
	// Widths counts the turns by the beam width reached, for the tests
	// and the bot's log.
	Widths [8]int
}

// chain is a partial turn: the encoder after its choices, its actions and
// its score so far.
type chain struct {
	enc   focean.Encoder
	acts  [focean.NumDecisions]ocean.Action
	n     int
	logp  float64
	score float64
}

// NewSearch returns the search around net.
func NewSearch(net *Net) *Search { return &Search{net: net, Budget: searchBudget} }

// SetDeadline implements Deadliner.
func (s *Search) SetDeadline(t time.Time) { s.deadline = t }

// Plan implements Planner.
func (s *Search) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return s.net.greedy.Plan(v, m, dst)
	}
	s.net.Reset(v, m)
	s.mass = m.SectorMass()
	if s.deadline.IsZero() {
		s.run(v, m, searchWidth)
		s.Widths[widthIndex(searchWidth)]++
		return focean.Safe(v, m, s.best.acts[:s.best.n], dst)
	}
	stop := s.deadline
	if s.Budget > 0 {
		if b := time.Now().Add(s.Budget); b.Before(stop) {
			stop = b
		}
	}
	var done chain
	width := 1
	for ; width <= searchMaxWidth; width *= 2 {
		start := time.Now()
		s.run(v, m, width)
		done = s.best
		// the next beam takes about twice as long: stop if it would not fit
		if el := time.Since(start); time.Now().Add(2 * el).After(stop) {
			break
		}
	}
	if width > searchMaxWidth {
		width = searchMaxWidth
	}
	s.Widths[widthIndex(width)]++
	return focean.Safe(v, m, done.acts[:done.n], dst)
}

func widthIndex(w int) int {
	i := 0
	for w > 1 && i < 7 {
		w /= 2
		i++
	}
	return i
}

// run is one beam search of the given width; s.best is its best chain.
func (s *Search) run(v *ocean.View, m *focean.Mind, width int) {
	s.beam = s.beam[:0]
	s.beam = append(s.beam, chain{enc: *s.net.Encoder()})
	var scores [focean.MaxCands]float32
	var order [focean.MaxCands]int
	for d := 0; d < focean.NumDecisions; d++ {
		s.next = s.next[:0]
		for i := range s.beam {
			c := &s.beam[i]
			k := c.enc.Encode(d)
			if k == 0 {
				s.next = append(s.next, *c)
				continue
			}
			s.net.sc.ScoreAll(c.enc.Dec[:], c.enc.Cands[:k*focean.CandDim], k, scores[:k])
			logSoftmax(scores[:k])
			n := topK(scores[:k], order[:], searchAlts)
			for j := 0; j < n; j++ {
				s.next = append(s.next, *c)
				nc := &s.next[len(s.next)-1]
				a := nc.enc.Choose(order[j])
				nc.acts[nc.n] = a
				nc.n++
				nc.logp += float64(scores[order[j]])
			}
		}
		for i := range s.next {
			s.next[i].score = s.judge(v, m, &s.next[i])
		}
		// keep the best width chains
		keep := width
		if keep > len(s.next) {
			keep = len(s.next)
		}
		for i := 0; i < keep; i++ {
			b := i
			for j := i + 1; j < len(s.next); j++ {
				if s.next[j].score > s.next[b].score {
					b = j
				}
			}
			s.next[i], s.next[b] = s.next[b], s.next[i]
		}
		s.beam, s.next = s.next[:keep], s.beam
	}
	s.best = s.beam[0]
}

// judge scores a (partial) chain: the network's log-probability and what
// its actions are expected to do by the belief.
func (s *Search) judge(v *ocean.View, m *focean.Mind, c *chain) float64 {
	score := netWeight * c.logp
	cell := focean.Cell(v.X, v.Y)
	vis := m.Visited
	for i := 0; i < c.n; i++ {
		a := c.acts[i]
		if focean.IsMarker(a) {
			continue
		}
		switch a.Kind {
		case ocean.TorpedoAct:
			sh := m.ShotAt(cell, focean.Cell(a.X, a.Y), v.OppLife)
			score += hitWeight*sh.Expected + killWeight*sh.Kill - selfWeight*float64(sh.Self)
		case ocean.SonarAct:
			p := s.mass[a.Sector]
			score += infoWeight * entropy(p) * math.Log2(float64(m.Tracker.Cells+1))
		case ocean.MoveAct:
			cell = int(m.Map.Next[cell][a.Dir])
			vis.Set(cell)
		case ocean.SurfaceAct:
			vis = focean.Bits{}
			vis.Set(cell)
		case ocean.SilenceAct:
			for j := 0; j < a.Dist; j++ {
				cell = int(m.Map.Next[cell][a.Dir])
				vis.Set(cell)
			}
		}
	}
	area := m.Area(cell, &vis, 40, &s.queue)
	score += roomWeight * float64(area)
	if area < 8 {
		score -= crampWeight
	}
	return score
}

// entropy is the information, in bits, of a yes/no answer with chance p.
func entropy(p float64) float64 {
	if p <= 0 || p >= 1 {
		return 0
	}
	return -p*math.Log2(p) - (1-p)*math.Log2(1-p)
}

// logSoftmax turns scores into log-probabilities in place.
func logSoftmax(x []float32) {
	m := x[0]
	for _, v := range x {
		if v > m {
			m = v
		}
	}
	sum := 0.0
	for _, v := range x {
		sum += math.Exp(float64(v - m))
	}
	ls := float32(math.Log(sum))
	for i := range x {
		x[i] = x[i] - m - ls
	}
}

// topK writes to order the indexes of the k largest of x, largest first
// (the first on ties), and returns how many.
func topK(x []float32, order []int, k int) int {
	if k > len(x) {
		k = len(x)
	}
	var used [focean.MaxCands]bool
	for i := 0; i < k; i++ {
		b := -1
		for j := range x {
			if !used[j] && (b < 0 || x[j] > x[b]) {
				b = j
			}
		}
		used[b] = true
		order[i] = b
	}
	return k
}
