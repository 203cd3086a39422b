package policy

import (
	"math/rand"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/search"
)

// Smitsimax shape: our root chains (the beam's best), continuation arms
// (smScript, and the opponent's network chains at its first turn) and
// plies an iteration plays: ours, its, three times. Six plies rather than
// four, with the replies (Smitsi.Reply), keep the search from getting
// worse with more iterations: in-process against hunter and v1 (400
// games each, seed 1001), four plies without replies took 0.755 / 0.752
// at 3,000 iterations and 0.725 / 0.705 at 17,000 (about the bot's
// turn); six with replies 0.770 / 0.743 at 3,000 and 0.770 / 0.740 at
// 11,000 (more than the bot's turn at six plies). Two or three plies did
// worse (0.733 / 0.698, 0.703 / 0.713), eight no better (0.767 / 0.730).
const (
	smK     = 6
	smArms  = 4
	smDepth = 6
)

// smConfig is the search's shape and tuning. In the bot it stops at the
// deadline the bot gives it, Bot.Think into the turn.
var smConfig = search.Config{Players: 2, Units: 1 + smK, K: smK, Arms: smArms, Depth: smDepth,
	C: 1.5}

// smIters is the iteration count without a deadline. BenchmarkSmitsi
// measured about 700,000 iterations a second on a quiet machine at four
// plies without replies, and six plies with replies run at about 0.45 of
// that (one run, 244,000 against 574,000), so the bot's 28 ms give some
// 8,000 (the turn's two beams included); 3,000
// keep in-process matches affordable on two cores (TestSmitsiPool: 3,000
// iterations scored 0.51 against today's search over seeds 1-50, 1,000
// scored 0.46).
const smIters = 3000

// Leaf weights, in the value's units (a life is 10): smInfo per step
// (up to smInfoCap) the opponent's aim at us is off, less ours at it.
// The leaf borrows the beam's room weights (search.go): roomWeight per
// free cell (counted up to smRoomArea) we have more than the opponent,
// crampWeight for a side with fewer than smCrampArea.
const (
	// smWin is a won game's worth besides the lives lead: a kill counts
	// as a few lives more, not as a thousand, so that a few lines ending
	// in one do not flatten every other difference the normalised values
	// show.
	smWin = 50
	// smInfo makes being hard to find worth up to two lives (five steps
	// of 4), where it was worth a quarter of one (0.5): the hunter found us
	// first and shot first while our torpedo waited charged. In-process
	// at 4,000 iterations, 400 games a point, 4 against 0.5: hunter
	// +0.020, +0.055 and +0.003 on seeds 1, 201 and 401 (0.734 to
	// 0.760), v1 +0.045, greedy +0.022, stalker and miner within 0.01;
	// 2 gave the hunter +0.013, 8 +0.020.
	smInfo = 4
	// smJudge weighs our root chain's beam score (Search.judge: the
	// network, the shot's expectation less its cost, the exposure, the
	// room, range and mines) in the leaf: the lines played after it add
	// what they show.
	smJudge     = 1
	smInfoCap   = 5
	smCrampArea = 8
	// smLoaded is per turn a player's torpedo needs to charge less than
	// its opponent's: a shot spent must buy more than that.
	smLoaded   = 2
	smRoomArea = 30
	// smTemp divides the beam's chain scores (value units) into the
	// root's softmax priors. Flatter priors than 2 let the lines overrule
	// the beam more often now that a sonar finds the opponent sooner: 4
	// scored 0.725-0.818 against the pool where 2 scored 0.688-0.802 (400
	// games a member on seeds 1001 and 3001, in-process; v1 +0.03, greedy
	// +0.02, the rest within 0.01); 8 did no better.
	smTemp = 4
)

// Chain is one player's whole turn, the search's unit action: Ocean of
// Code is played in alternating turns, and a submarine's order chain is
// one choice of the turn's owner.
type Chain struct {
	Acts [focean.NumDecisions + 1]ocean.Action
	N    int
	// judge is the beam's score of one of our root chains (0 for the
	// others), which the leaf counts (smJudge); dec is its candidate
	// index at each decision of the network (-1 for none), by which the
	// trainer distils the search (Distil).
	judge float32
	dec   [focean.NumDecisions]int8
	arm   int8 // 1 + its index among our root chains, 0 for the others
}

func (c *Chain) set(acts []ocean.Action) {
	c.N = copy(c.Acts[:], acts)
}

func (c *Chain) add(a ocean.Action) {
	if c.N < len(c.Acts) {
		c.Acts[c.N] = a
		c.N++
	}
}

// Smitsi is the Smitsimax search on Ocean of Code: the shared search
// (internal/search) with one bandit tree per player over its order
// chains. Our root arms are the best chains of today's beam (Search) with
// the softmax of their scores as priors. An iteration plays the two
// sides' turns in alternation, smDepth in all, on the engine's typed path
// and scores the leaf by the lives, the room and who knows better where
// the other is. With Reply the opponent's first turn is chosen in a tree
// of its own for each of our root chains, so its answer can depend on
// what we did.
//
// Hidden information: the search starts from the view and the mind,
// never from the referee's state. Each iteration draws, with the
// search's seeded generator, one of the tracker's paths for the
// opponent (its cell and the cells it may not cross), its live mines
// among that path's possible ones, the cell we aim at (another draw of
// the belief, so our later shots are not clairvoyant) and the cell the
// opponent aims at (a draw of our self-tracker, Mind.Self, what our
// orders told it). The opponent's first turn chooses among its
// network's chains on the view we believe it has (its likeliest path,
// its tracker of us being our self-tracker), made legal from the drawn
// cell; later turns among cheap scripted chains (smScript).
//
// It runs until the deadline (SetDeadline), or for
// Iters iterations without one, so that games without deadlines depend
// only on their seeds. The placement is greedy's. Nothing is allocated
// per iteration.
type Smitsi struct {
	*search.Search[*smState, Chain]
	// Iters is the iteration count without a deadline.
	Iters int
	// Temp divides the beam's chain scores into the root's priors
	// (smTemp by default).
	Temp float64
	// Reply gives the opponent one tree for each of our root chains, so
	// that its first turn answers the chain we played, as it does in the
	// game (its turn comes after ours), instead of one answer to all of
	// them (true by default). Without it the opponent's single tree
	// converges on its best answer to our likeliest chain, and the other
	// root chains are scored against an answer made for another.
	Reply bool
	// Info weighs the leaf's info term (smInfo by default): the trainer
	// keeps the weight its committed network was distilled at.
	Info float64

	g    *smGame
	best []Chain
}

// NewSmitsi returns the search around net with its tuned defaults.
func NewSmitsi(net *Net) *Smitsi {
	g := newSmGame(net)
	return &Smitsi{Search: search.New[*smState, Chain](g, smConfig), Iters: smIters, Temp: smTemp, Reply: true, Info: smInfo, g: g, best: make([]Chain, 0, 1)}
}

// Plan implements Planner.
func (s *Smitsi) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		// the placement has a second: the map's state and the
		// opponent's mind are made now, not in the first 50 ms turn
		if m.Map != nil {
			s.g.init(v, m)
		}
		return s.g.beam.net.greedy.Plan(v, m, dst)
	}
	root := s.g.Prepare(v, m, s.Temp, s.Reply, s.Info)
	if s.g.nMine == 0 {
		return focean.Safe(v, m, s.g.beam.net.greedy.Plan(v, m, nil), dst)
	}
	s.Run(root, v.Me, s.Iters)
	s.best = s.Best(s.best[:0])
	if len(s.best) == 0 {
		return append(dst, s.g.mine[0].Acts[:s.g.mine[0].N]...)
	}
	return append(dst, s.best[0].Acts[:s.best[0].N]...)
}

// smState is a searched position: the engine's state with the hidden
// parts drawn from the belief, and the cell each player aims at (where
// it believes its opponent is).
type smState struct {
	st    ocean.State
	aim   [2]int
	ply   int
	judge float32 // our root chain's judge
	arm   int8    // our root chain's arm (Chain.arm)
	rnd   uint64  // the iteration's own generator (xorshift) for Step
}

// smGame implements search.Game over smState and Chain.
type smGame struct {
	beam *Search
	m    *focean.Map
	me   int
	// reply: the opponent has a tree per root chain of ours
	// (Smitsi.Reply)
	reply bool
	info  float64 // Smitsi.Info
	root  *smState
	// the belief: our tracker of the opponent, its tracker of us (our
	// self-tracker) and the opponent's live mines
	tr, self *focean.Tracker
	live     int
	oppSeat  ocean.Seat
	mine     [smK]Chain
	mineSc   [smK]float32
	nMine    int
	opp      [smArms]Chain
	nOpp     int
	oppView  ocean.View
	oppMind  *focean.Mind
	buf      []ocean.Action
	acts     [focean.NumDecisions + 1]ocean.Action
	queue    [focean.Cells]int16
	// at[p][c] is what cell c is worth to player p by the root's belief:
	// the beam's range and mine terms (judge)
	at [2][focean.Cells]float64
}

func newSmGame(net *Net) *smGame {
	return &smGame{beam: NewSearch(net), buf: make([]ocean.Action, 0, 16)}
}

// Prepare makes the search's root from view v and mind m, with our
// root chains (their priors the softmax of the beam's scores over temp)
// and the opponent's network chains, and returns it; reply and info are
// Smitsi.Reply and Smitsi.Info.
func (g *smGame) Prepare(v *ocean.View, m *focean.Mind, temp float64, reply bool, info float64) *smState {
	g.init(v, m)
	g.me, g.reply, g.info = v.Me, reply, info
	opp := 1 - v.Me
	r := g.root
	r.st.SetTurn(v.Me, v.Request)
	me := ocean.Seat{X: v.X, Y: v.Y, Life: v.Life, Visited: m.Visited, Mines: m.Mines, Cooldown: v.Cooldown}
	r.st.SetSeat(v.Me, &me)
	g.tr, g.self, g.live = &m.Tracker, &m.Self, m.Tracker.Live()

	// the opponent as we believe it most likely is: its likeliest cell's
	// first path
	rep := 0
	for i := 0; i < g.tr.Paths(); i++ {
		c, _, _ := g.tr.PathAt(i)
		b, _, _ := g.tr.PathAt(rep)
		if g.tr.Count[c] > g.tr.Count[b] {
			rep = i
		}
	}
	g.oppSeat = ocean.Seat{Life: v.OppLife}
	g.oppSeat.Cooldown[ocean.Torpedo] = 3 - m.OppSinceTorpedo
	if g.oppSeat.Cooldown[ocean.Torpedo] < 0 {
		g.oppSeat.Cooldown[ocean.Torpedo] = 0
	}
	g.oppSeat.Cooldown[ocean.Sonar] = 4
	g.oppSeat.Cooldown[ocean.Silence] = 2
	g.oppSeat.Cooldown[ocean.Mine] = 1
	st := g.oppSeat
	if g.tr.Paths() > 0 {
		c, vis, _ := g.tr.PathAt(rep)
		st.X, st.Y, st.Visited = c%focean.Size, c/focean.Size, vis
	}
	r.st.SetSeat(opp, &st)
	r.aim = [2]int{}
	r.ply = 0

	// the cells' worth: ours by our belief of the opponent and its
	// mines, its by its belief of us
	for c := 0; c < focean.Cells; c++ {
		g.at[v.Me][c], g.at[opp][c] = 0, 0
		if !m.Map.Island[c] {
			g.at[v.Me][c] = -rangeWeight*m.RangeGap(c) - mineWeight*m.Tracker.MineDanger(c)
		}
	}

	// our arms: the beam's best chains, made safe, repeats dropped
	g.beam.begin(v, m)
	g.beam.run(v, m, smK)
	g.nMine = 0
	for i := range g.beam.beam {
		c := &g.beam.beam[i]
		g.buf = focean.Safe(v, m, c.acts[:c.n], g.buf[:0])
		if g.has(g.mine[:g.nMine], g.buf) {
			continue
		}
		g.mine[g.nMine].set(g.buf)
		g.mineSc[g.nMine] = float32(c.score / temp)
		g.mine[g.nMine].judge = float32(c.score)
		g.mine[g.nMine].dec = c.dec
		g.mine[g.nMine].arm = int8(g.nMine + 1)
		g.nMine++
	}

	// the opponent's arms at its first turn: its network's chains on the
	// view we believe it has
	g.oppView = ocean.View{Me: opp, Request: v.Request, Island: v.Island, X: st.X, Y: st.Y,
		Life: v.OppLife, OppLife: v.Life, Cooldown: st.Cooldown, Sonar: "NA"}
	om := g.oppMind
	om.Tracker.CopyFrom(&m.Self)
	om.Self.CopyFrom(&m.Tracker)
	om.Visited, om.Mines = st.Visited, focean.Bits{}
	om.OppSinceTorpedo = 3
	for _, a := range m.Last {
		if a.Kind == ocean.TorpedoAct {
			om.OppSinceTorpedo = 0
		}
	}
	for c := 0; c < focean.Cells; c++ {
		if !m.Map.Island[c] {
			g.at[opp][c] = -rangeWeight * om.RangeGap(c)
		}
	}
	g.nOpp = 0
	if g.tr.Paths() > 0 {
		g.beam.begin(&g.oppView, om)
		g.beam.run(&g.oppView, om, smArms)
		for i := range g.beam.beam {
			c := &g.beam.beam[i]
			g.buf = focean.Safe(&g.oppView, om, c.acts[:c.n], g.buf[:0])
			if g.has(g.opp[:g.nOpp], g.buf) {
				continue
			}
			g.opp[g.nOpp].set(g.buf)
			g.nOpp++
		}
	}
	return r
}

// init makes the root state on v's map and the opponent's mind, once a
// game.
func (g *smGame) init(v *ocean.View, m *focean.Mind) {
	if g.root == nil || g.m != m.Map {
		g.root = &smState{st: *ocean.NewOn(&v.Island)}
		g.m = m.Map
		g.oppMind = focean.NewMindOn(m.Map)
	}
}

// has reports whether acts is one of cs.
func (g *smGame) has(cs []Chain, acts []ocean.Action) bool {
	for i := range cs {
		if cs[i].N != len(acts) {
			continue
		}
		same := true
		for j, a := range acts {
			if cs[i].Acts[j] != a {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// Start draws an iteration's state from the belief: root with the
// opponent on a path drawn from our tracker and its mines drawn among
// that path's possible ones, the cell we aim at drawn from the tracker
// again, and the cell it aims at drawn from our self-tracker.
func (g *smGame) Start(dst, root *smState, me int, rng *rand.Rand) *smState {
	if dst == nil {
		dst = new(smState)
	}
	*dst = *root
	opp := 1 - me
	x, y := root.st.Position(me)
	dst.aim = [2]int{focean.Cell(x, y), focean.Cell(x, y)}
	if n := g.tr.Paths(); n > 0 {
		c, vis, mines := g.tr.PathAt(rng.Intn(n))
		st := g.oppSeat
		st.X, st.Y, st.Visited = c%focean.Size, c/focean.Size, vis
		if g.live > 0 {
			var drawn focean.Bits
			focean.DrawMines(&mines, g.live, rng, &drawn)
			st.Mines = drawn
		}
		dst.st.SetSeat(opp, &st)
		a, _, _ := g.tr.PathAt(rng.Intn(n))
		dst.aim[me] = a
	}
	if n := g.self.Paths(); n > 0 {
		a, _, _ := g.self.PathAt(rng.Intn(n))
		dst.aim[opp] = a
	}
	dst.rnd = rng.Uint64() | 1
	dst.judge, dst.arm = 0, 0
	return dst
}

// Units implements search.Game: our one unit, with our chains at the
// root, whose turn it is; the opponent's one, or with replies one for
// each of our root chains (id i answers chain i, Later), which do not act
// at the root.
func (g *smGame) Units(_ *smState, p int, r search.Roots[Chain]) {
	if p == g.me {
		r.Add(0, g.mine[:g.nMine], g.mineSc[:g.nMine])
		return
	}
	n := 1
	if g.reply {
		n = g.nMine
	}
	for i := 0; i < n; i++ {
		r.Add(i, nil, nil)
	}
}

// Later implements search.Game: the opponent's network chains at its
// first turn, then the scripted chains (smScript) of whoever's turn it
// is. With replies only the opponent's unit that answers the root chain
// played acts.
func (g *smGame) Later(s *smState, p, id, j int) (Chain, bool) {
	if s.st.Done() || s.st.ActivePlayer() != p || g.reply && p != g.me && int(s.arm) != id+1 {
		return Chain{}, false
	}
	if p != g.me && s.ply == 1 && j < g.nOpp {
		return g.opp[j], true
	}
	var c Chain
	g.script(s, p, j, &c)
	return c, true
}

// Step implements search.Game: the player to move plays its chain, made
// legal from its cell, and the aims follow what the chain tells.
func (g *smGame) Step(s *smState, acts [][]Chain) {
	p := s.st.ActivePlayer()
	if s.st.Done() || p < 0 {
		return
	}
	var c Chain
	if len(acts[p]) > 0 {
		c = acts[p][0]
	} else {
		g.script(s, p, 0, &c)
	}
	if s.ply == 0 {
		s.judge, s.arm = c.judge, c.arm
	}
	n := g.legal(s, p, &c)
	_ = s.st.AnswerActions(p, g.acts[:n])
	g.tell(s, p, g.acts[:n])
	_ = s.st.Advance()
	for s.st.Step() {
	}
	s.ply++
}

// legal writes c to g.acts made legal for player p at s: a move onto an
// island or a visited cell turns to the first free direction (or a
// surface), a silence stops short of one. A chain made for another cell
// (the opponent's, planned on its likeliest one) so never removes it.
func (g *smGame) legal(s *smState, p int, c *Chain) int {
	seat := s.st.Seat(p)
	vis := focean.Bits(seat.Visited)
	cell := focean.Cell(seat.X, seat.Y)
	n := 0
	moved := false
	for i := 0; i < c.N; i++ {
		a := c.Acts[i]
		switch a.Kind {
		case ocean.MoveAct:
			nx := int(g.m.Next[cell][a.Dir&3])
			if nx < 0 || vis.Has(nx) {
				a.Dir, nx = g.freeDir(cell, &vis)
				if nx < 0 {
					a = ocean.Action{Kind: ocean.SurfaceAct}
					if moved {
						continue
					}
					vis = focean.Bits{}
					vis.Set(cell)
					moved = true
					break
				}
			}
			cell = nx
			vis.Set(cell)
			moved = true
		case ocean.SurfaceAct:
			if moved {
				continue
			}
			vis = focean.Bits{}
			vis.Set(cell)
			moved = true
		case ocean.TorpedoAct:
			if p != g.me && s.ply == 1 {
				// the opponent's network chain fires where it now
				// believes we are
				a.X, a.Y = s.aim[p]%focean.Size, s.aim[p]/focean.Size
			}
		case ocean.SilenceAct:
			k := 0
			for at := cell; k < a.Dist; k++ {
				nx := int(g.m.Next[at][a.Dir&3])
				if nx < 0 || vis.Has(nx) {
					break
				}
				at = nx
			}
			a.Dist = k
			for i := 0; i < k; i++ {
				cell = int(g.m.Next[cell][a.Dir&3])
				vis.Set(cell)
			}
		}
		g.acts[n] = a
		n++
	}
	return n
}

// freeDir is the first direction from cell to a free cell, and that cell
// (-1 with none).
func (g *smGame) freeDir(cell int, vis *focean.Bits) (ocean.Dir, int) {
	for d := ocean.Dir(0); d < 4; d++ {
		if nx := int(g.m.Next[cell][d]); nx >= 0 && !vis.Has(nx) {
			return d, nx
		}
	}
	return 0, -1
}

// tell moves the opponent's aim at player p by p's chain: along its
// moves, a random run for a silence, onto p's cell for a surface (its
// sector is told).
func (g *smGame) tell(s *smState, p int, acts []ocean.Action) {
	o := 1 - p
	for _, a := range acts {
		switch a.Kind {
		case ocean.MoveAct:
			if nx := g.m.Next[s.aim[o]][a.Dir&3]; nx >= 0 {
				s.aim[o] = int(nx)
			}
		case ocean.SilenceAct:
			d := ocean.Dir(s.next() & 3)
			for k := int(s.next() % 5); k > 0; k-- {
				if nx := g.m.Next[s.aim[o]][d]; nx >= 0 {
					s.aim[o] = int(nx)
				}
			}
		case ocean.SurfaceAct:
			x, y := s.st.Position(p)
			s.aim[o] = focean.Cell(x, y)
		case ocean.TorpedoAct:
			// the shot tells that p is within range of its target: an aim
			// out of it is wrong, and the opponent looks where p is
			if t := focean.Cell(a.X, a.Y); !s.st.InRange(t, s.aim[o]) {
				x, y := s.st.Position(p)
				s.aim[o] = focean.Cell(x, y)
			}
		}
	}
}

// next is xorshift64.
func (s *smState) next() uint64 {
	s.rnd ^= s.rnd << 13
	s.rnd ^= s.rnd >> 7
	s.rnd ^= s.rnd << 17
	return s.rnd
}

// script writes player p's scripted chain j at s to c: 0 hunts (moves
// toward its aim, charging the torpedo), 1 keeps room (moves where the
// most free cells are next, charging silence), 2 hunts and silences a
// step when it can, 3 keeps room and lays a mine. Every arm fires at its
// aim when the torpedo is charged and the aim is in range and not next
// to it, and triggers a mine of its next to the aim; with no free cell
// it surfaces.
func (g *smGame) script(s *smState, p, j int, c *Chain) {
	seat := s.st.Seat(p)
	vis := focean.Bits(seat.Visited)
	mines := focean.Bits(seat.Mines)
	cell := focean.Cell(seat.X, seat.Y)
	aim := s.aim[p]
	c.N = 0
	if seat.Mines != ([4]uint64{}) {
		if t := g.trigger(&mines, cell, aim); t >= 0 {
			c.add(ocean.Action{Kind: ocean.TriggerAct, X: t % focean.Size, Y: t / focean.Size})
		}
	}
	best, bd, bs := -1, ocean.Dir(0), 0
	for d := ocean.Dir(0); d < 4; d++ {
		nx := int(g.m.Next[cell][d])
		if nx < 0 || vis.Has(nx) {
			continue
		}
		free := 0
		for e := 0; e < 4; e++ {
			if nn := int(g.m.Next[nx][e]); nn >= 0 && !vis.Has(nn) && nn != nx {
				free++
			}
		}
		sc := 4 * free
		if j == 0 || j == 2 {
			sc = free - 4*chebyshev(nx, aim)
		}
		if best < 0 || sc > bs {
			best, bd, bs = nx, d, sc
		}
	}
	if best < 0 {
		c.add(ocean.Action{Kind: ocean.SurfaceAct})
		best = cell
	} else {
		charge := ocean.Torpedo
		switch {
		case seat.Cooldown[ocean.Torpedo] > 0:
		case j == 1 && seat.Cooldown[ocean.Silence] > 0 || j == 2 && seat.Cooldown[ocean.Silence] > 0:
			charge = ocean.Silence
		case j == 3 && seat.Cooldown[ocean.Mine] > 0:
			charge = ocean.Mine
		case seat.Cooldown[ocean.Silence] > 0:
			charge = ocean.Silence
		default:
			charge = ocean.Sonar
		}
		c.add(ocean.Action{Kind: ocean.MoveAct, Dir: bd, Charge: charge})
		vis.Set(best)
	}
	if seat.Cooldown[ocean.Torpedo] == 0 && s.st.InRange(best, aim) && chebyshev(best, aim) > 1 {
		c.add(ocean.Action{Kind: ocean.TorpedoAct, X: aim % focean.Size, Y: aim / focean.Size})
	}
	switch {
	case j == 2 && seat.Cooldown[ocean.Silence] == 0:
		if d, nx := g.freeDir(best, &vis); nx >= 0 {
			c.add(ocean.Action{Kind: ocean.SilenceAct, Dir: d, Dist: 1})
		}
	case j == 3 && seat.Cooldown[ocean.Mine] == 0:
		for d := ocean.Dir(0); d < 4; d++ {
			if nx := int(g.m.Next[best][d]); nx >= 0 && !mines.Has(nx) {
				c.add(ocean.Action{Kind: ocean.MineAct, Dir: d})
				break
			}
		}
	}
}

// trigger is a mine of mines within one cell of aim (diagonals too) and
// not within one cell of cell, or -1.
func (g *smGame) trigger(mines *focean.Bits, cell, aim int) int {
	ax, ay := aim%focean.Size, aim/focean.Size
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if !focean.Inside(ax+dx, ay+dy) {
				continue
			}
			t := focean.Cell(ax+dx, ay+dy)
			if mines.Has(t) && chebyshev(t, cell) > 1 {
				return t
			}
		}
	}
	return -1
}

// chebyshev is the king's-move distance between two cells.
func chebyshev(a, b int) int {
	dx, dy := a%focean.Size-b%focean.Size, a/focean.Size-b/focean.Size
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if dx > dy {
		return dx
	}
	return dy
}

// Done implements search.Game.
func (g *smGame) Done(s *smState) bool { return s.st.Done() }

// Value implements search.Game: focean.Value's terms on the engine's
// state: a life is 10, a finished game ±smWin plus the lives lead, the
// room lead and a cramped side's crampWeight, each side's cell by the
// beam's range and mine terms (g.at), the torpedo charges, and
// Smitsi.Info per step the opponent's aim at us is farther off than ours
// at it.
func (g *smGame) Value(s *smState, me int, v []float64) {
	opp := 1 - me
	lead := float64(s.st.Life(me) - s.st.Life(opp))
	val := 10 * lead
	if s.st.Done() {
		switch w := s.st.Winner(); {
		case w == me:
			val += smWin
		case w == opp:
			val -= smWin
		}
	} else {
		mx, my := s.st.Position(me)
		ox, oy := s.st.Position(opp)
		mc, oc := focean.Cell(mx, my), focean.Cell(ox, oy)
		rm, ro := g.room(s, me, mc), g.room(s, opp, oc)
		if rm < smCrampArea {
			val -= crampWeight
		}
		if ro < smCrampArea {
			val += crampWeight
		}
		val += roomWeight*float64(rm-ro) + g.at[me][mc] - g.at[opp][oc]
		val += smLoaded * float64(s.st.Cooldown(opp, ocean.Torpedo)-s.st.Cooldown(me, ocean.Torpedo))
		val += g.info * float64(capped(chebyshev(s.aim[opp], mc))-capped(chebyshev(s.aim[me], oc)))
	}
	val += smJudge * float64(s.judge)
	v[me], v[opp] = val, -val
}

func capped(d int) int {
	if d > smInfoCap {
		return smInfoCap
	}
	return d
}

// room counts the free cells reachable from player p's cell c, up to
// smRoomArea.
func (g *smGame) room(s *smState, p, c int) int {
	seen := focean.Bits(s.st.Seat(p).Visited)
	return g.m.Area(c, &seen, smRoomArea, &g.queue)
}

// RootChain is our i-th root chain of the last Plan (Visits' index) with
// its candidate index at each of the network's decisions (-1 for none):
// the trainer distils the search's chains decision by decision.
func (s *Smitsi) RootChain(i int) (Chain, bool) {
	if i < 0 || i >= s.g.nMine {
		return Chain{}, false
	}
	return s.g.mine[i], true
}

// Decision is the chain's candidate index at decision d, -1 for none.
func (c *Chain) Decision(d int) int {
	if d < 0 || d >= len(c.dec) {
		return -1
	}
	return int(c.dec[d])
}
