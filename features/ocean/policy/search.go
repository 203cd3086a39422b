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
	// searchMaxWidth bounds the widening under a deadline. Against greedy
	// over 1,000 seeds, widths 4, 8, 16 and 64 all scored 0.797-0.799
	// (width 2: 0.771), so wider beams only spend CPU time, and a long
	// turn is the one a busy machine stalls past the limit.
	searchMaxWidth = 16
	// searchBudget caps a turn's search when a deadline is set. The beam
	// reaches width 16 in about a millisecond, so 15 ms of CodinGame's 50
	// lose nothing and leave room for a busy machine.
	searchBudget = 15 * time.Millisecond
	// searchAlts is how many candidates per decision a chain may branch to,
	// the network's best first.
	searchAlts = 3
)

// Search weights, in the value's units (a life is 10).
const (
	netWeight   = 2   // per unit of the network's log-probability (2 beat 1, 0.5, 3 and 4)
	hitWeight   = 10  // per expected life taken
	killWeight  = 20  // per chance of a kill
	selfWeight  = 12  // per life we lose to our own blast
	infoWeight  = 2   // per bit a sonar is expected to tell
	roomWeight  = 0.5 // per free cell left (up to 40)
	crampWeight = 20  // for fewer than 8 free cells
	// exposeWeight is per life the opponent's best shot next turn is
	// expected to take, by what our orders tell it (Mind.Self).
	exposeWeight = 8
	// fireCost is what firing costs besides its blast: the torpedo is
	// spent and the shot tells the opponent we are within range.
	fireCost = 11
	// trigCost is what triggering a mine costs besides its blast.
	trigCost = 2
	// mineWorth is what a mine laid is worth for later.
	mineWorth = 2
	// rangeWeight is per step the end cell is from firing distance of the
	// belief (Mind.RangeGap).
	rangeWeight = 1.6
	// mineWeight is per life the opponent's possible mines around the end
	// cell threaten (Tracker.MineDanger). Against the miner baseline over
	// 120 games: 0 scored 0.51 (207 lives lost to its mines), 6 0.55 (165),
	// 12 0.64 (139), 20 0.62 (147).
	mineWeight = 12
)

// Search is the network with a search over our own chains: a beam over the
// turn's seven decisions, each chain branching to the network's best
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
	self     [focean.Cells]float64 // the opponent's belief about our cell
	tmp      [focean.Cells]float64
	scores   [focean.MaxCands]float32 // a decision's scores: a field, as they escape to the scorer
	order    [focean.MaxCands]int
	stop     time.Time
	oppReach focean.Bits // cells the opponent's torpedo may reach
	ready    float64     // the chance its torpedo is charged
	// Widths counts the turns by the beam width reached, for the tests
	// and the bot's log.
	Widths [8]int
}

// chain is a partial turn: the encoder after its choices, its actions and
// its score so far.
type chain struct {
	enc  focean.Encoder
	acts [focean.NumDecisions]ocean.Action
	n    int
	// dec is each decision's candidate index, -1 for none (the trainer
	// distils smitsi's chains decision by decision)
	dec   [focean.NumDecisions]int8
	logp  float64
	score float64
}

// NewSearch returns the search around net.
func NewSearch(net *Net) *Search { return &Search{net: net, Budget: searchBudget} }

// SetDeadline implements bot.Deadliner (internal/bot).
func (s *Search) SetDeadline(t time.Time) { s.deadline = t }

// Plan implements Planner.
func (s *Search) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return s.net.greedy.Plan(v, m, dst)
	}
	s.begin(v, m)
	s.stop = time.Time{}
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
	s.stop = stop
	var done chain
	width := 1
	for ; width <= searchMaxWidth; width *= 2 {
		start := time.Now()
		if !s.run(v, m, width) {
			width /= 2
			break
		}
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

// begin readies a turn's beams: the network's encoder at view v, and what
// judge reads of the belief.
func (s *Search) begin(v *ocean.View, m *focean.Mind) {
	s.net.Reset(v, m)
	s.mass = m.SectorMass()
	s.oppReach = focean.Bits{}
	for c := 0; c < focean.Cells; c++ {
		if m.Tracker.Count[c] > 0 {
			for w := range s.oppReach {
				s.oppReach[w] |= m.Map.Reach[c][w]
			}
		}
	}
	s.ready = 0.3
	if m.OppSinceTorpedo >= 2 {
		s.ready = 1
	}
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
// A beam wider than 1 gives up when the clock passes s.stop (it returns
// false, and s.best is not set).
func (s *Search) run(v *ocean.View, m *focean.Mind, width int) bool {
	s.beam = s.beam[:0]
	s.beam = append(s.beam, chain{enc: *s.net.Encoder()})
	for d := range s.beam[0].dec {
		s.beam[0].dec[d] = -1
	}
	scores, order := &s.scores, &s.order
	for d := 0; d < focean.NumDecisions; d++ {
		s.next = s.next[:0]
		for i := range s.beam {
			if width > 1 && !s.stop.IsZero() && time.Now().After(s.stop) {
				return false
			}
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
				nc.dec[d] = int8(order[j])
				nc.logp += float64(scores[order[j]])
			}
		}
		for i := range s.next {
			s.next[i].score = s.judge(v, m, &s.next[i], d >= focean.DecMove)
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
	return true
}

// judge scores a (partial) chain: the network's log-probability and what
// its actions are expected to do by the belief.
func (s *Search) judge(v *ocean.View, m *focean.Mind, c *chain, expose bool) float64 {
	score := netWeight * c.logp
	if expose {
		for c := range s.self {
			s.self[c] = m.Self.Prob(c)
		}
	}
	cell := focean.Cell(v.X, v.Y)
	vis := m.Visited
	for i := 0; i < c.n; i++ {
		a := c.acts[i]
		if focean.IsMarker(a) {
			continue
		}
		if expose {
			s.tell(m, a, focean.Sector(cell%focean.Size, cell/focean.Size))
		}
		switch a.Kind {
		case ocean.TorpedoAct:
			sh := m.ShotAt(cell, focean.Cell(a.X, a.Y), v.OppLife)
			score += hitWeight*sh.Expected + killWeight*sh.Kill - selfWeight*float64(sh.Self) - fireCost
		case ocean.TriggerAct:
			sh := m.ShotAt(cell, focean.Cell(a.X, a.Y), v.OppLife)
			score += hitWeight*sh.Expected + killWeight*sh.Kill - selfWeight*float64(sh.Self) - trigCost
		case ocean.MineAct:
			score += mineWorth
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
	if expose {
		score -= exposeWeight * s.ready * s.threat(v.Life)
	}
	area := m.Area(cell, &vis, 40, &s.queue)
	score += roomWeight*float64(area) - rangeWeight*m.RangeGap(cell) - mineWeight*m.Tracker.MineDanger(cell)
	if area < 8 {
		score -= crampWeight
	}
	return score
}

// tell moves s.self, the opponent's belief about our cell, by what our
// action a tells it (sector: where a SURFACE happens). It works on cells
// alone, forgetting the visited cells, which is cheap enough for every
// chain the beam judges.
func (s *Search) tell(m *focean.Mind, a ocean.Action, sector int) {
	mp := m.Map
	switch a.Kind {
	case ocean.MoveAct:
		s.tmp = [focean.Cells]float64{}
		for c, p := range s.self {
			if p > 0 {
				if n := mp.Next[c][a.Dir]; n >= 0 {
					s.tmp[n] += p
				}
			}
		}
		s.self = s.tmp
	case ocean.SilenceAct:
		s.tmp = [focean.Cells]float64{}
		for c, p := range s.self {
			if p <= 0 {
				continue
			}
			// the stay and every straight run of 1 to 4 cells, alike
			var ends [17]int16
			k := 0
			ends[k] = int16(c)
			k++
			for d := 0; d < 4; d++ {
				at := c
				for i := 0; i < 4; i++ {
					n := mp.Next[at][d]
					if n < 0 {
						break
					}
					at = int(n)
					ends[k] = n
					k++
				}
			}
			for i := 0; i < k; i++ {
				s.tmp[ends[i]] += p / float64(k)
			}
		}
		s.self = s.tmp
	case ocean.SurfaceAct:
		for c := range s.self {
			if focean.Sector(c%focean.Size, c/focean.Size) != sector {
				s.self[c] = 0
			}
		}
	case ocean.TorpedoAct:
		t := focean.Cell(a.X, a.Y)
		for c := range s.self {
			if !mp.Reach[c].Has(t) {
				s.self[c] = 0
			}
		}
	default:
		return
	}
	sum := 0.0
	for _, p := range s.self {
		sum += p
	}
	if sum > 0 {
		for c := range s.self {
			s.self[c] /= sum
		}
	}
}

// threat is the damage the opponent's best shot is expected to do to us
// by s.self's belief about our cell, among the targets its torpedo may
// reach; a shot that kills counts double.
func (s *Search) threat(life int) float64 {
	best := 0.0
	for t := 0; t < focean.Cells; t++ {
		if !s.oppReach.Has(t) {
			continue
		}
		tx, ty := t%focean.Size, t/focean.Size
		e := 0.0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if !focean.Inside(tx+dx, ty+dy) {
					continue
				}
				c := focean.Cell(tx+dx, ty+dy)
				if p := s.self[c]; p > 0 {
					dmg := focean.Damage(t, c)
					e += p * float64(dmg)
					if dmg >= life {
						e += p * float64(dmg)
					}
				}
			}
		}
		if e > best {
			best = e
		}
	}
	return best
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
