package policy

import (
	"math/rand"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/search"
)

// Smitsimax shape and tuning, checked on seeds 7001 and up with the pool
// tool (TestSmitsiPool in smitsi_pool_test.go).
const (
	// smK is the network's candidates kept per decision at the root.
	smK = 6
	// smArms is the stances a commander picks from on later turns.
	smArms = 3
	// smDepth is the turns an iteration plays: the searched turn, then
	// scripted ones.
	smDepth = 3
	// smMaxDec bounds the decisions searched per player (one build, the
	// stacks, the spawns); a turn with more stacks leaves the last ones
	// where they stand.
	smMaxDec = 1 + 64 + fgrass.MaxSpawns
	// smCmds is the commanders per player: the army and the economy.
	smCmds = 2
	// smIters is the iterations of a turn without a deadline (in-process
	// games, the bundle's parity test): a fifth of what the bot's 28 ms
	// give, so that whole recorded games replay in a second. Strength is
	// measured with Iters set to what the turn gives (smitsi_pool_test.go).
	smIters = 100
	// cmdBase is the first commander id, above every decision's.
	cmdBase = 1 << 16
	// kindStance marks a commander's order: not a referee command, Step
	// expands it into the player's scripted orders.
	kindStance = grass.Kind(200)
	// smWin is a finished game's worth beyond its cell lead: a few cells,
	// so that one decided line does not flatten the search's value range.
	smWin = 30
)

// smConfig is the search's shape. In the bot it stops at the deadline the
// bot gives it, Bot.Think into the turn.
var smConfig = search.Config{Players: 2, Units: 2 * (smMaxDec + smCmds), K: smK, Arms: smArms,
	Depth: smDepth, C: 1.5}

// Smitsi is the Smitsimax search: the shared decoupled search
// (internal/search) over Keep Off The Grass. Both players are searched.
// Each of a player's network decisions (the recycler, each stack's move,
// each spawn) is a unit whose root arms are the network's best candidates
// on that player's own view, with the softmax of their scores as priors.
// Two commanders per player, the army and the economy, pick a stance for
// every later turn (spread, push or hold; spawn at the front, build then
// spawn, or save), which a cheap script expands into orders for all the
// player's stacks and matter. Depth turns are played on the engine's typed
// path and scored by fgrass.Value. It runs until the deadline
// (SetDeadline), or for Iters iterations
// when there is none, so that in-process games depend only on their seeds.
// Nothing is allocated per iteration.
type Smitsi = search.Policy[*grass.State, *grass.View, grass.Action]

// NewSmitsi returns the search around net with its tuned defaults: the
// view's game, searched as player 0 (the view's own seat), and the most
// visited candidate of each decision, markers left out.
func NewSmitsi(net *Net) *Smitsi {
	g, c := SmitsiGame(net)
	p := search.NewPolicy[*grass.State, *grass.View, grass.Action](g, c, smIters, func(v *grass.View) (*grass.State, int, bool) { return v.State(), 0, true })
	p.Finish = func(_ *grass.View, best, dst []grass.Action) []grass.Action { return fgrass.Strip(dst, best) }
	return p
}

// SmitsiGame is Keep Off The Grass for the shared search, guided by net,
// and the search's shape: the trainer's expert (features/grass/learn) is
// the same search as the bot's. The searching player's units come in the
// network's decision order, and each root arm is the candidate of that
// index among the decision's, as Search.Visits reports them.
func SmitsiGame(net *Net) (search.Game[*grass.State, grass.Action], search.Config) {
	return newSmGame(net), smConfig
}

// smGame implements search.Game for grass.
type smGame struct {
	net  *Net
	view grass.View
	// nd is each player's decisions at the root; cands and scores their
	// candidates, found by the network deciding in order, each decision
	// on its argmax (as Net.Act and the trainer decide).
	nd     [2]int
	ncand  [2][smMaxDec]int
	cands  [2][smMaxDec][fgrass.MaxCands]grass.Action
	scores [2][smMaxDec][fgrass.MaxCands]float32
	orders [2][]grass.Action
	sc     script
	// Temp divides the network's scores before the softmax.
	temp float32
	buf  [fgrass.MaxCands]float32
}

func newSmGame(net *Net) *smGame {
	g := &smGame{net: net, temp: 1}
	for p := range g.orders {
		g.orders[p] = make([]grass.Action, 0, 64)
	}
	return g
}

// Start is an iteration's first state: full information, so a copy.
func (*smGame) Start(dst, root *grass.State, _ int, _ *rand.Rand) *grass.State {
	if dst == nil {
		return root.Copy()
	}
	dst.CopyFrom(root)
	return dst
}

// Units are player p's network decisions in order, each with its
// candidates and scores, then its commanders, which have none, so that
// they do not act on the searched turn.
func (g *smGame) Units(s *grass.State, p int, r search.Roots[grass.Action]) {
	s.ViewInto(p, &g.view)
	nd := g.net.Reset(&g.view)
	if lim := smConfig.Units/2 - smCmds; nd > lim {
		nd = lim
	}
	if nd < 0 {
		nd = 0
	}
	g.nd[p] = nd
	for d := 0; d < nd; d++ {
		k := g.net.Rank(d)
		g.ncand[p][d] = k
		if k == 0 {
			continue
		}
		copy(g.cands[p][d][:], g.net.Candidates())
		copy(g.scores[p][d][:], g.net.Scores())
		b := 0
		for j := 1; j < k; j++ {
			if g.scores[p][d][j] > g.scores[p][d][b] {
				b = j
			}
		}
		g.net.Choose(b)
	}
	for d := 0; d < nd; d++ {
		arms, scores := g.root(p, d)
		r.Add(d, arms, scores)
	}
	for c := 0; c < smCmds; c++ {
		r.Add(cmdBase+c, nil, nil)
	}
}

// root is decision d's candidates and scores, the scores divided by the
// temperature.
func (g *smGame) root(p, d int) ([]grass.Action, []float32) {
	k := g.ncand[p][d]
	if k == 0 {
		return nil, nil
	}
	if g.temp == 1 {
		return g.cands[p][d][:k], g.scores[p][d][:k]
	}
	for j := 0; j < k; j++ {
		g.buf[j] = g.scores[p][d][j] / g.temp
	}
	return g.cands[p][d][:k], g.buf[:k]
}

// Later is commander id's stance j; the decisions' stacks have moved by
// then, and the commanders move them.
func (*smGame) Later(_ *grass.State, _, id, j int) (grass.Action, bool) {
	if id < cmdBase {
		return grass.Action{}, false
	}
	return grass.Action{Kind: kindStance, N: j, FromX: id - cmdBase}, true
}

// Step plays one turn: the players' orders, markers dropped, and each
// commander's stance expanded by the script on the state before the turn.
func (g *smGame) Step(s *grass.State, acts [][]grass.Action) {
	for p := range g.orders {
		o := g.orders[p][:0]
		st := [smCmds]int{-1, -1}
		for _, a := range acts[p] {
			switch a.Kind {
			case kindStance:
				st[a.FromX] = a.N
			case grass.Wait:
			default:
				o = append(o, a)
			}
		}
		if st[0] >= 0 || st[1] >= 0 {
			o = g.sc.plan(s, p, st[0], st[1], o)
		}
		g.orders[p] = o
	}
	_ = s.Step(g.orders[0], g.orders[1])
}

// Done implements search.Game.
func (*smGame) Done(s *grass.State) bool { return s.Done() }

// Value is fgrass.Value for me, negated for the opponent; a finished game
// is its cell lead plus smWin for the winner.
func (*smGame) Value(s *grass.State, me int, v []float64) {
	x := 0.0
	if s.Done() {
		c := s.Cells()
		var own [2]int
		for i := range c {
			if c[i].Owner >= 0 {
				own[c[i].Owner]++
			}
		}
		x = float64(own[me] - own[1-me])
		switch {
		case x > 0:
			x += smWin
		case x < 0:
			x -= smWin
		}
	} else {
		x = fgrass.Value(s, me)
	}
	v[me] = x
	v[1-me] = -x
}

// Stances of the army commander.
const (
	armySpread = iota // claim the cells next to each stack, the rest to the nearest unclaimed
	armyPush          // every stack one step toward the enemy
	armyHold          // stay, claiming only free neighbours with units to spare
)

// Stances of the economy commander.
const (
	econSpawn = iota // all matter on the border cells nearest the enemy
	econBuild        // the best recycler first, then spawn
	econSave         // keep the matter
)

// script is the continuation policy of the later turns, for either seat:
// two breadth-first searches (to the nearest cell not ours, to the enemy)
// then a rule per stack and for the matter. Its buffers fit the map once.
type script struct {
	dT, dE []int32
	queue  []int32
	threat []int32
}

func (c *script) grow(n int) {
	if len(c.dT) < n {
		c.dT, c.dE, c.threat = make([]int32, n), make([]int32, n), make([]int32, n)
		c.queue = make([]int32, 0, n)
	}
}

// bfs fills d with each walkable cell's distance to the nearest source.
func (c *script) bfs(b *grass.Board, cells []grass.Cell, d []int32, src func(grass.Cell) bool) {
	c.queue = fgrass.DistancesFrom(b, cells, d, src, c.queue)
}

// plan appends player p's scripted orders at s for the two stances (-1
// for a commander that gave none: the army holds, the economy saves).
func (c *script) plan(s *grass.State, p, army, econ int, dst []grass.Action) []grass.Action {
	cells, b := s.Cells(), s.Board()
	c.grow(len(cells))
	q := 1 - p
	pp, qq := int8(p), int8(q)
	c.bfs(b, cells, c.dT, func(x grass.Cell) bool { return x.Owner != pp })
	c.bfs(b, cells, c.dE, func(x grass.Cell) bool { return x.Owner == qq || x.Units[q] > 0 })
	for i := range cells {
		c.threat[i] = 0
	}
	for i := range cells {
		if u := cells[i].Units[q]; u > 0 {
			for _, j := range b.Neighbours(i) {
				if j >= 0 {
					c.threat[j] += u
				}
			}
		}
	}
	if army < 0 {
		army = armyHold
	}
	for i := range cells {
		if u := int(cells[i].Units[p]); u > 0 {
			dst = c.stack(s, p, i, u, army, dst)
		}
	}
	matter := s.Matter(p)
	if econ == econBuild && matter >= grass.RecyclerCost {
		if i := c.recycler(s, p); i >= 0 {
			x, y := b.XY(i)
			dst = append(dst, grass.BuildAction(x, y))
			matter -= grass.RecyclerCost
		}
	}
	if (econ == econSpawn || econ == econBuild) && matter >= grass.UnitCost {
		dst = c.spawn(s, p, matter/grass.UnitCost, dst)
	}
	return dst
}

// stack appends the orders of p's u units on cell i.
func (c *script) stack(s *grass.State, p, i, u, army int, dst []grass.Action) []grass.Action {
	cells, b := s.Cells(), s.Board()
	q := 1 - p
	x, y := b.XY(i)
	move := func(n int, j int32) {
		tx, ty := b.XY(int(j))
		dst = append(dst, grass.MoveAction(n, x, y, tx, ty))
		u -= n
	}
	if army == armyPush {
		// onto a weaker enemy stack next door, else down the enemy's distance
		best, bd := int32(-1), c.dE[i]
		for _, j := range b.Neighbours(i) {
			if j < 0 || !walkable(cells[j]) {
				continue
			}
			if e := int(cells[j].Units[q]); e > 0 && e < u {
				best, bd = j, -1
				break
			}
			if c.dE[j] < bd {
				best, bd = j, c.dE[j]
			}
		}
		if best >= 0 {
			move(u, best)
			return dst
		}
		army = armySpread
	}
	keep := int(c.threat[i])
	if army == armyHold {
		keep = u
		if t := int(c.threat[i]); t < u {
			keep = t
		}
	}
	// one unit onto each free cell next door that is not ours, nearest
	// the enemy first
	for u > keep {
		best := int32(-1)
		for _, j := range b.Neighbours(i) {
			if j < 0 || !walkable(cells[j]) || int(cells[j].Owner) == p || cells[j].Units[q] > 0 || c.taken(dst, x, y, j, b) {
				continue
			}
			if army == armyHold && cells[j].Owner >= 0 {
				continue
			}
			if best < 0 || c.dE[j] < c.dE[best] {
				best = j
			}
		}
		if best < 0 {
			break
		}
		move(1, best)
	}
	if army == armyHold || u <= keep {
		return dst
	}
	// the rest toward the nearest cell not ours, the enemy breaking ties
	best := int32(-1)
	for _, j := range b.Neighbours(i) {
		if j < 0 || !walkable(cells[j]) || c.dT[j] >= c.dT[i] {
			continue
		}
		if best < 0 || c.dT[j] < c.dT[best] || c.dT[j] == c.dT[best] && c.dE[j] < c.dE[best] {
			best = j
		}
	}
	if best >= 0 && c.dT[i] > 0 {
		move(u-keep, best)
	}
	return dst
}

// taken reports whether an order of dst already sends units from (x, y)
// to cell j.
func (*script) taken(dst []grass.Action, x, y int, j int32, b *grass.Board) bool {
	tx, ty := b.XY(int(j))
	for k := len(dst) - 1; k >= 0 && k >= len(dst)-4; k-- {
		if a := dst[k]; a.FromX == x && a.FromY == y && a.X == tx && a.Y == ty {
			return true
		}
	}
	return false
}

// recycler is p's best recycler cell away from the front (its harvest
// less five per cell it turns to grass, at least 10), or -1.
func (c *script) recycler(s *grass.State, p int) int {
	cells, b := s.Cells(), s.Board()
	best, bv := -1, 9
	for i := range cells {
		if !s.CanBuild(p, i) || c.dE[i] < 2 || s.InRecyclerRange(i) {
			continue
		}
		gain, lost := fgrass.Harvest(b, cells, i)
		if v := gain - 5*lost; v > bv {
			best, bv = i, v
		}
	}
	return best
}

// spawn appends p's n new units on its two best cells: threatened ones
// first, then those on the border nearest the enemy.
func (c *script) spawn(s *grass.State, p, n int, dst []grass.Action) []grass.Action {
	cells, b := s.Cells(), s.Board()
	var top [2]int
	var ts [2]int32
	k := 0
	for i := range cells {
		cl := cells[i]
		if int(cl.Owner) != p || cl.Recycler || cl.Scrap == 0 {
			continue
		}
		border := false
		for _, j := range b.Neighbours(i) {
			if j >= 0 && walkable(cells[j]) && int(cells[j].Owner) != p {
				border = true
				break
			}
		}
		if !border && c.threat[i] == 0 {
			continue
		}
		d := c.dE[i]
		if d > 40 {
			d = 40
		}
		h := 4*(c.threat[i]-cl.Units[p]) - d
		switch {
		case k < 2:
			top[k], ts[k] = i, h
			k++
			if k == 2 && ts[1] > ts[0] {
				top[0], top[1], ts[0], ts[1] = top[1], top[0], ts[1], ts[0]
			}
		case h > ts[0]:
			top[1], ts[1] = top[0], ts[0]
			top[0], ts[0] = i, h
		case h > ts[1]:
			top[1], ts[1] = i, h
		}
	}
	for r := 0; r < k; r++ {
		m := n
		if r == 0 && k == 2 {
			m = (n + 1) / 2
		}
		if m <= 0 {
			continue
		}
		x, y := b.XY(top[r])
		dst = append(dst, grass.SpawnAction(m, x, y))
		n -= m
	}
	return dst
}
