package grass

import eg "cgpolicy/engine/grass"

// Shape of the encoding.
const (
	// MaxCands bounds the candidates of one decision.
	MaxCands = 9
	// MaxBuilds is how many recycler cells the build decision offers,
	// besides building none.
	MaxBuilds = 6
	// MaxSpawnCells is how many cells a spawn decision offers, besides
	// stopping.
	MaxSpawnCells = 8
	// MaxSpawns bounds the spawn decisions of a turn; the affordable units
	// are shared among them.
	MaxSpawns = 5
	// Patch is the side of the square window of planes around a stack.
	Patch = 5

	patchR   = Patch / 2
	numPlane = 6
	far      = Far
)

// Far is the distance of a cell no search reaches (Distances).
const Far = int32(1 << 20)

// Decision kinds, in the order a turn takes them.
const (
	KindBuild = iota
	KindStack
	KindSpawn
)

// Decision feature offsets. The patch planes come last, Patch×Patch each,
// rows from the top, columns from the player's own side outward.
const (
	DBuild        = 0 // one-hot kind
	DStack        = 1
	DSpawn        = 2
	DTurn         = 3
	DMatter       = 4
	DOppMatter    = 5
	DOwnCells     = 6 // per walkable cell
	DOppCells     = 7
	DCellDiff     = 8
	DOwnUnits     = 9
	DOppUnits     = 10
	DOwnRecyclers = 11
	DOppRecyclers = 12
	DFront        = 13 // own and enemy ground still connected
	DNeutral      = 14 // unowned walkable cells, per walkable cell
	DStable       = 15 // turns left before the field counts as stable
	DAmount       = 16 // the stack's units, or the spawn's share
	DThreat       = 17 // enemy units next to the stack
	DDistOpp      = 18 // the stack's distance to enemy ground
	DX            = 19
	DY            = 20
	DDying        = 21 // the stack's cell turns to grass this turn
	DSpawnIndex   = 22
	DPatch        = 23
	// DecDim is the length of a decision feature vector.
	DecDim = DPatch + numPlane*Patch*Patch
)

// Patch planes.
const (
	PlaneWalk = iota
	PlaneOwn
	PlaneOpp
	PlaneOwnUnits
	PlaneOppUnits
	PlaneRecycler // +1 own, -1 enemy
)

// Candidate feature offsets.
const (
	CNone      = iota // stay, build nothing, spawn no more
	CMove             // one-hot kind
	CSpawn            //
	CBuild            //
	CDX               // relative step: +1 is toward the enemy side
	CDY               //
	COwn              // the target cell's owner, one-hot
	COpp              //
	CNeutral          //
	CScrap            // the target's durability
	COppUnits         // enemy units on the target
	COwnUnits         // own units on the target at the start of the turn
	CThreat           // enemy units next to the target
	CDistOpp          // target's distance to enemy ground
	CDistMe           // target's distance to own ground
	CDying            // the target turns to grass this turn
	CInRange          // a recycler wears the target down
	CNeutralNb        // unowned walkable neighbours of the target
	COppNb            // enemy-owned neighbours of the target
	CAmount           // units the candidate commits
	CFraction         // share of the stack it moves
	CPlanned          // own units already sent or spawned onto the target this turn
	CHint             // how far the greedy bot's answer agrees
	CGain             // scrap a recycler there would harvest
	CLost             // cells a recycler there would turn to grass
	CDistDelta        // change of the distance to enemy ground
	CBalance          // own units there after the turn minus enemy units there and next to it
	CX                //
	CY                //
	// CandDim is the length of a candidate feature vector.
	CandDim
)

// Tags of the marker actions that stand for "do nothing" candidates. They
// are WAIT commands, which the referee ignores, so an answer holding them
// is still valid; Strip removes them before printing.
const (
	TagStay    = "stay"
	TagNoBuild = "nobuild"
	TagNoSpawn = "nospawn"
)

// IsMarker reports whether a is a "do nothing" candidate rather than an
// order.
func IsMarker(a eg.Action) bool { return a.Kind == eg.Wait }

// Strip appends the orders of acts to dst, leaving out the markers.
func Strip(dst, acts []eg.Action) []eg.Action {
	for _, a := range acts {
		if !IsMarker(a) {
			dst = append(dst, a)
		}
	}
	return dst
}

// Encoder walks one player's turn decision by decision. Reset it once per
// turn, then Encode each decision in order and Choose one of its
// candidates; the results of an Encode live in the exported arrays until
// the next one.
type Encoder struct {
	// Dec holds the decision features of the last Encode.
	Dec [DecDim]float32
	// Cands holds N candidate feature vectors, row after row.
	Cands [MaxCands * CandDim]float32
	// Actions are the N candidates of the last Encode.
	Actions [MaxCands]eg.Action
	// N is the number of candidates of the last Encode.
	N int

	s      *eg.State
	b      *eg.Board
	cells  []eg.Cell
	w, h   int
	mirror bool
	front  bool
	walk   int
	global [DAmount - DTurn]float32

	cap       int
	dMe, dOpp []int32
	threat    []int32
	planned   []int32 // own units standing on each cell after the choices so far
	spawned   []int32
	hintKeep  []int32
	hintSpawn []int32
	dying     []bool
	blocked   []bool
	hintBuild []bool
	queue     []int32
	stacks    []int32
	hintMoves []eg.Action
	anyBuild  bool
	hintLeft  int // greedy's spawned units not yet matched

	matter     int
	kind       int
	subject    int
	spawnDecs  int // -1 until the first spawn decision
	spawnBase  int
	spawnRem   int
	spawnOff   int
	spawnStop  bool
	rank       [MaxSpawnCells + 1]int32
	rankScore  [MaxSpawnCells + 1]float32
	candTarget [MaxCands]int32
}

// NewEncoder returns an encoder; the zero Encoder works too.
func NewEncoder() *Encoder { return new(Encoder) }

func (e *Encoder) grow(n int) {
	if n > e.cap {
		e.cap = n
		e.dMe, e.dOpp, e.threat = make([]int32, n), make([]int32, n), make([]int32, n)
		e.planned, e.spawned = make([]int32, n), make([]int32, n)
		e.hintKeep, e.hintSpawn = make([]int32, n), make([]int32, n)
		e.dying, e.blocked, e.hintBuild = make([]bool, n), make([]bool, n), make([]bool, n)
		e.queue, e.stacks = make([]int32, 0, n), make([]int32, 0, n)
	}
}

// walkable reports whether units can stand on c.
func walkable(c eg.Cell) bool { return c.Scrap > 0 && !c.Recycler }

// Reset starts the turn of the player whose view v is and returns the
// number of decisions: one build, one per own unit stack, MaxSpawns spawns
// (some of which may turn out to have no candidate). hint is the greedy
// bot's answer for the same view, which candidates are compared with.
func (e *Encoder) Reset(v *eg.View, hint []eg.Action) int {
	s := v.State()
	e.s, e.b, e.cells = s, s.Board(), s.Cells()
	e.w, e.h = s.Width(), s.Height()
	n := len(e.cells)
	e.grow(n)
	e.walk = 0
	var ownX, oppX, ownN, oppN, neutral int
	var ownUnits, oppUnits, ownRec, oppRec int
	for i, c := range e.cells {
		e.threat[i], e.spawned[i], e.hintSpawn[i] = 0, 0, 0
		e.blocked[i], e.hintBuild[i] = false, false
		e.dying[i] = c.Scrap == 1 && s.InRecyclerRange(i)
		e.planned[i] = c.Units[0]
		e.hintKeep[i] = c.Units[0]
		ownUnits += int(c.Units[0])
		oppUnits += int(c.Units[1])
		if walkable(c) {
			e.walk++
		}
		x := i % e.w
		switch c.Owner {
		case 0:
			ownX += x
			ownN++
			if c.Recycler {
				ownRec++
			}
		case 1:
			oppX += x
			oppN++
			if c.Recycler {
				oppRec++
			}
		default:
			if walkable(c) {
				neutral++
			}
		}
	}
	switch {
	case ownN > 0 && oppN > 0:
		e.mirror = ownX*oppN > oppX*ownN
	case ownN > 0:
		e.mirror = 2*ownX > (e.w-1)*ownN
	default:
		e.mirror = false
	}
	for i, c := range e.cells {
		if u := c.Units[1]; u > 0 {
			for _, j := range e.b.Neighbours(i) {
				if j >= 0 {
					e.threat[j] += u
				}
			}
		}
	}
	e.distances(e.dMe, 0)
	e.distances(e.dOpp, 1)
	e.front = false
	for i, c := range e.cells {
		if c.Owner == 0 && e.dOpp[i] < far {
			e.front = true
			break
		}
	}
	walk := float32(e.walk)
	if walk < 1 {
		walk = 1
	}
	g := &e.global
	g[DTurn-DTurn] = float32(s.Turn()) / eg.MaxTurns
	g[DMatter-DTurn] = float32(s.Matter(0)) / 50
	g[DOppMatter-DTurn] = float32(s.Matter(1)) / 50
	g[DOwnCells-DTurn] = float32(ownN) / walk
	g[DOppCells-DTurn] = float32(oppN) / walk
	g[DCellDiff-DTurn] = float32(ownN-oppN) / walk
	g[DOwnUnits-DTurn] = float32(ownUnits) / 30
	g[DOppUnits-DTurn] = float32(oppUnits) / 30
	g[DOwnRecyclers-DTurn] = float32(ownRec) / 5
	g[DOppRecyclers-DTurn] = float32(oppRec) / 5
	g[DFront-DTurn] = b2f(e.front)
	g[DNeutral-DTurn] = float32(neutral) / walk
	g[DStable-DTurn] = float32(s.StableLeft()) / eg.StableTurns

	e.hintMoves = e.hintMoves[:0]
	e.anyBuild, e.hintLeft = false, 0
	for _, a := range hint {
		switch a.Kind {
		case eg.Build:
			if e.b.Inside(a.X, a.Y) {
				e.hintBuild[e.b.Index(a.X, a.Y)] = true
				e.anyBuild = true
			}
		case eg.Spawn:
			if e.b.Inside(a.X, a.Y) && a.N > 0 {
				e.hintSpawn[e.b.Index(a.X, a.Y)] += int32(a.N)
				e.hintLeft += a.N
			}
		case eg.Move:
			if e.b.Inside(a.FromX, a.FromY) && a.N > 0 {
				f := e.b.Index(a.FromX, a.FromY)
				e.hintKeep[f] -= int32(a.N)
				if e.hintKeep[f] < 0 {
					e.hintKeep[f] = 0
				}
				e.hintMoves = append(e.hintMoves, a)
			}
		}
	}

	st := e.stacks[:0]
	for i, c := range e.cells {
		if c.Units[0] > 0 {
			st = append(st, int32(i))
		}
	}
	for a := 1; a < len(st); a++ {
		for k := a; k > 0 && e.dOpp[st[k]] < e.dOpp[st[k-1]]; k-- {
			st[k], st[k-1] = st[k-1], st[k]
		}
	}
	e.stacks = st
	e.matter = s.Matter(0)
	e.spawnDecs, e.spawnOff, e.spawnStop = -1, 0, false
	e.N = 0
	return 1 + len(st) + MaxSpawns
}

// distances is a breadth-first search from every walkable cell seat p owns.
func (e *Encoder) distances(d []int32, p int) { e.queue = Distances(e.b, e.cells, d, p, e.queue) }

// Distances fills d with every cell's steps from the nearest walkable cell
// of cells that seat p owns, through walkable cells of b (Far where none
// reaches): a breadth-first search with q as its queue, which it returns
// emptied, for the next search to reuse.
func Distances(b *eg.Board, cells []eg.Cell, d []int32, p int, q []int32) []int32 {
	return DistancesFrom(b, cells, d, func(c eg.Cell) bool { return int(c.Owner) == p }, q)
}

// DistancesFrom is Distances from the walkable cells that src accepts.
func DistancesFrom(b *eg.Board, cells []eg.Cell, d []int32, src func(eg.Cell) bool, q []int32) []int32 {
	q = q[:0]
	for i, c := range cells {
		d[i] = far
		if walkable(c) && src(c) {
			d[i] = 0
			q = append(q, int32(i))
		}
	}
	for h := 0; h < len(q); h++ {
		i := q[h]
		for _, j := range b.Neighbours(int(i)) {
			if j >= 0 && d[j] == far && walkable(cells[j]) {
				d[j] = d[i] + 1
				q = append(q, j)
			}
		}
	}
	return q[:0]
}

// Stacks is the number of stack decisions of the turn.
func (e *Encoder) Stacks() int { return len(e.stacks) }

// rx is column x as the player sees it.
func (e *Encoder) rx(x int) int {
	if e.mirror {
		return e.w - 1 - x
	}
	return x
}

// sx is a column step as the player sees it.
func (e *Encoder) sx(dx int) int {
	if e.mirror {
		return -dx
	}
	return dx
}

// open reports whether own units may be sent onto cell i this turn.
func (e *Encoder) open(i int) bool { return walkable(e.cells[i]) && !e.blocked[i] }

// Encode fills Dec, Cands, Actions and N for decision d of the turn and
// returns N; 0 means the decision has nothing to choose (no matter, no
// spawn left).
func (e *Encoder) Encode(d int) int {
	e.N = 0
	switch {
	case d == 0:
		e.kind, e.subject = KindBuild, -1
		if e.matter < eg.RecyclerCost {
			return 0
		}
		e.decision(-1, 0)
		e.buildCands()
	case d <= len(e.stacks):
		c := int(e.stacks[d-1])
		e.kind, e.subject = KindStack, c
		e.decision(c, int(e.cells[c].Units[0]))
		e.stackCands(c)
	default:
		j := d - 1 - len(e.stacks)
		e.kind, e.subject = KindSpawn, -1
		if e.spawnDecs < 0 {
			aff := e.matter / eg.UnitCost
			nd := aff
			if nd > MaxSpawns {
				nd = MaxSpawns
			}
			e.spawnDecs = nd
			if nd > 0 {
				e.spawnBase, e.spawnRem = aff/nd, aff%nd
			}
		}
		if e.spawnStop || j >= e.spawnDecs {
			return 0
		}
		amount := e.spawnBase
		if j < e.spawnRem {
			amount++
		}
		e.decision(-1, amount)
		e.Dec[DSpawnIndex] = float32(j) / MaxSpawns
		e.spawnCands(amount)
	}
	return e.N
}

// decision fills the decision features; c is the subject stack or -1.
func (e *Encoder) decision(c, amount int) {
	x := &e.Dec
	for i := range x {
		x[i] = 0
	}
	x[DBuild+e.kind] = 1
	copy(x[DTurn:DAmount], e.global[:])
	x[DAmount] = float32(amount) / 10
	if c < 0 {
		return
	}
	cx, cy := e.b.XY(c)
	x[DThreat] = float32(e.threat[c]) / 10
	x[DDistOpp] = dist(e.dOpp[c])
	x[DX] = float32(e.rx(cx)) / float32(e.w-1)
	x[DY] = float32(cy) / float32(e.h-1)
	x[DDying] = b2f(e.dying[c])
	const area = Patch * Patch
	for py := 0; py < Patch; py++ {
		for px := 0; px < Patch; px++ {
			tx, ty := cx+e.sx(px-patchR), cy+py-patchR
			if !e.b.Inside(tx, ty) {
				continue
			}
			at := DPatch + py*Patch + px
			t := e.cells[e.b.Index(tx, ty)]
			if walkable(t) {
				x[at+PlaneWalk*area] = 1
			}
			switch t.Owner {
			case 0:
				x[at+PlaneOwn*area] = 1
				if t.Recycler {
					x[at+PlaneRecycler*area] = 1
				}
			case 1:
				x[at+PlaneOpp*area] = 1
				if t.Recycler {
					x[at+PlaneRecycler*area] = -1
				}
			}
			x[at+PlaneOwnUnits*area] = float32(t.Units[0]) / 5
			x[at+PlaneOppUnits*area] = float32(t.Units[1]) / 5
		}
	}
}

// dist scales a distance, far counting as 30.
func dist(d int32) float32 {
	if d > 30 {
		d = 30
	}
	return float32(d) / 20
}

// add appends candidate a with target cell t (-1 for none) and returns its
// feature row for the caller to complete.
func (e *Encoder) add(a eg.Action, t int) []float32 {
	k := e.N
	e.N++
	e.Actions[k] = a
	e.candTarget[k] = int32(t)
	f := e.Cands[k*CandDim : (k+1)*CandDim]
	for i := range f {
		f[i] = 0
	}
	switch a.Kind {
	case eg.Move:
		f[CMove] = 1
	case eg.Spawn:
		f[CSpawn] = 1
	case eg.Build:
		f[CBuild] = 1
	default:
		f[CNone] = 1
	}
	if t < 0 {
		return f
	}
	c := e.cells[t]
	tx, ty := e.b.XY(t)
	switch c.Owner {
	case 0:
		f[COwn] = 1
	case 1:
		f[COpp] = 1
	default:
		f[CNeutral] = 1
	}
	f[CScrap] = float32(c.Scrap) / 10
	f[COppUnits] = float32(c.Units[1]) / 10
	f[COwnUnits] = float32(c.Units[0]) / 10
	f[CThreat] = float32(e.threat[t]) / 10
	f[CDistOpp] = dist(e.dOpp[t])
	f[CDistMe] = dist(e.dMe[t])
	f[CDying] = b2f(e.dying[t])
	f[CInRange] = b2f(e.s.InRecyclerRange(t))
	var nb, opp int
	for _, j := range e.b.Neighbours(t) {
		if j < 0 {
			continue
		}
		if nc := e.cells[j]; walkable(nc) {
			switch nc.Owner {
			case -1:
				nb++
			case 1:
				opp++
			}
		}
	}
	f[CNeutralNb] = float32(nb) / 4
	f[COppNb] = float32(opp) / 4
	f[CPlanned] = float32(e.planned[t]-c.Units[0]) / 10
	f[CX] = float32(e.rx(tx)) / float32(e.w-1)
	f[CY] = float32(ty) / float32(e.h-1)
	return f
}

// buildCands offers building nothing and the best recycler cells.
func (e *Encoder) buildCands() {
	f := e.add(eg.Action{Kind: eg.Wait, Text: TagNoBuild}, -1)
	f[CHint] = b2f(!e.anyBuild)
	n := 0
	for i := range e.cells {
		if e.dying[i] || !e.s.CanBuild(0, i) {
			continue
		}
		gain, lost := e.recycler(i)
		h := float32(gain - 5*lost)
		if e.front && e.threat[i] > 0 {
			h += 3 * float32(e.threat[i])
		}
		if e.hintBuild[i] {
			h += 1000
		}
		n = insertRank(e.rank[:], e.rankScore[:], n, MaxBuilds, int32(i), h)
	}
	for r := 0; r < n; r++ {
		i := int(e.rank[r])
		x, y := e.b.XY(i)
		f := e.add(eg.BuildAction(x, y), i)
		gain, lost := e.recycler(i)
		f[CGain] = float32(gain) / 50
		f[CLost] = float32(lost) / 5
		f[CHint] = b2f(e.hintBuild[i])
	}
}

// insertRank keeps the best n (at most max) cells by score, best first,
// and returns the new count.
func insertRank(cells []int32, score []float32, n, max int, c int32, h float32) int {
	if n == max && h <= score[n-1] {
		return n
	}
	k := n
	if n < max {
		n++
	} else {
		k = n - 1
	}
	for k > 0 && h > score[k-1] {
		cells[k], score[k] = cells[k-1], score[k-1]
		k--
	}
	cells[k], score[k] = c, h
	return n
}

// recycler is what a recycler on cell i would harvest (Harvest).
func (e *Encoder) recycler(i int) (gain, lost int) { return Harvest(e.b, e.cells, i) }

// Harvest is what a recycler on cell i of b would harvest over its life
// and how many cells it would turn to grass (the cell itself included).
func Harvest(b *eg.Board, cells []eg.Cell, i int) (gain, lost int) {
	sc := int(cells[i].Scrap)
	gain, lost = sc, 1
	for _, j := range b.Neighbours(i) {
		if j < 0 {
			continue
		}
		v := int(cells[j].Scrap)
		if v == 0 {
			continue
		}
		if v <= sc {
			lost++
		} else {
			v = sc
		}
		gain += v
	}
	return gain, lost
}

// stackCands offers stack c staying, or moving all or half of its units to
// each open neighbour.
func (e *Encoder) stackCands(c int) {
	u := int(e.cells[c].Units[0])
	x, y := e.b.XY(c)
	f := e.add(eg.Action{Kind: eg.Wait, N: u, FromX: x, FromY: y, Text: TagStay}, c)
	f[CHint] = float32(e.hintKeep[c]) / float32(u)
	f[CBalance] = e.balance(c, 0)
	for _, j := range e.b.Neighbours(c) {
		if j < 0 || !e.open(int(j)) {
			continue
		}
		tx, ty := e.b.XY(int(j))
		sent := e.hintSent(x, y, tx, ty)
		for _, n := range [2]int{u, u / 2} {
			if n == 0 {
				continue
			}
			f := e.add(eg.MoveAction(n, x, y, tx, ty), int(j))
			f[CDX] = float32(e.sx(tx - x))
			f[CDY] = float32(ty - y)
			f[CAmount] = float32(n) / 10
			f[CFraction] = float32(n) / float32(u)
			f[CHint] = float32(sent) / float32(u)
			f[CDistDelta] = float32(e.dOpp[j]-e.dOpp[c]) / 2
			if e.dOpp[j] >= far || e.dOpp[c] >= far {
				f[CDistDelta] = 0
			}
			f[CBalance] = e.balance(int(j), n)
			if u == 1 {
				break
			}
		}
	}
}

// hintSent is how many units the greedy answer moves from (x, y) to
// (tx, ty).
func (e *Encoder) hintSent(x, y, tx, ty int) int {
	n := 0
	for _, a := range e.hintMoves {
		if a.FromX == x && a.FromY == y && a.X == tx && a.Y == ty {
			n += a.N
		}
	}
	return n
}

// balance is own units on cell t after adding n more, minus the enemy
// units on it and next to it, scaled.
func (e *Encoder) balance(t, n int) float32 {
	return float32(int(e.planned[t])+n-int(e.cells[t].Units[1])-int(e.threat[t])) / 10
}

// spawnCands offers stopping and the best own cells to spawn amount units
// on.
func (e *Encoder) spawnCands(amount int) {
	f := e.add(eg.Action{Kind: eg.Wait, N: amount, FromX: e.spawnOff, Text: TagNoSpawn}, -1)
	f[CHint] = b2f(e.hintLeft <= 0)
	f[CAmount] = float32(amount) / 10
	n := 0
	for i, c := range e.cells {
		if c.Owner != 0 || c.Recycler || e.blocked[i] || e.dying[i] {
			continue
		}
		border := false
		for _, j := range e.b.Neighbours(i) {
			if j >= 0 && e.open(int(j)) && e.cells[j].Owner != 0 {
				border = true
			}
		}
		h := float32(3*(e.threat[i]-e.planned[i])) - float32(e.spawned[i])
		if border {
			h += 4
		}
		if e.front {
			h -= float32(clamp32(e.dOpp[i], 0, 20)) / 2
		}
		if e.hintSpawn[i] > 0 {
			h += 1000
		}
		n = insertRank(e.rank[:], e.rankScore[:], n, MaxSpawnCells, int32(i), h)
	}
	for r := 0; r < n; r++ {
		i := int(e.rank[r])
		x, y := e.b.XY(i)
		a := eg.SpawnAction(amount, x, y)
		a.FromX = e.spawnOff // the units' place in the turn's spawn order, for Replace
		f := e.add(a, i)
		f[CAmount] = float32(amount) / 10
		h := float32(e.hintSpawn[i]) / float32(amount)
		if h > 1 {
			h = 1
		}
		f[CHint] = h
		f[CBalance] = e.balance(i, amount)
	}
}

// Choose fixes candidate k of the last Encode and returns it; the later
// decisions of the turn see its effect.
func (e *Encoder) Choose(k int) eg.Action {
	a := e.Actions[k]
	t := int(e.candTarget[k])
	switch a.Kind {
	case eg.Build:
		e.matter -= eg.RecyclerCost
		e.blocked[t] = true
		if e.cells[t].Scrap == 1 {
			e.dying[t] = true
		}
		for _, j := range e.b.Neighbours(t) {
			if j >= 0 && e.cells[j].Scrap == 1 {
				e.dying[j] = true
			}
		}
	case eg.Move:
		e.planned[e.subject] -= int32(a.N)
		e.planned[t] += int32(a.N)
	case eg.Spawn:
		e.matter -= eg.UnitCost * a.N
		e.planned[t] += int32(a.N)
		e.spawned[t] += int32(a.N)
		e.spawnOff += a.N
		m := int32(a.N)
		if m > e.hintSpawn[t] {
			m = e.hintSpawn[t]
		}
		e.hintSpawn[t] -= m
		e.hintLeft -= a.N
	default:
		if a.Text == TagNoSpawn {
			e.spawnStop = true
		}
	}
	return a
}

func clamp32(v, lo, hi int32) int32 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
