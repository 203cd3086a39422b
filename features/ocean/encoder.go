package ocean

import (
	"math"

	"cgpolicy/engine/ocean"
)

// A turn is seven decisions, in the order of the chain they build: a SONAR
// (or none), a TRIGGER of one of our mines (or none), a TORPEDO before
// moving (or none), the MOVE (SURFACE when no cell is free), a TORPEDO
// after moving (or none), a SILENCE (or none) and a MINE (or none). A
// decision whose power is not charged has no candidate. The MOVE charges
// the first power of Encoder.Charges that is not full, so the network
// decides where to go and which powers to use, not the charges.
const (
	DecSonar = iota
	DecTrigger
	DecTorpedoBefore
	DecMove
	DecTorpedoAfter
	DecSilence
	DecMine
	// NumDecisions is the number of decisions of a turn.
	NumDecisions
)

// Shape of the encoding.
const (
	// MaxCands bounds the candidates of one decision: none and 8 others.
	MaxCands = 9
	// Patch is the side of the window of planes around our cell.
	Patch  = 7
	patchR = Patch / 2
	planes = 3
)

// Decision feature offsets; the patch planes (belief, water, visited)
// come last, rows from the top.
const (
	DKind      = 0 // one-hot, NumDecisions wide
	DLife      = DKind + NumDecisions
	DOppLife   = DLife + 1
	DLifeDiff  = DOppLife + 1
	DCooldown  = DLifeDiff + 1 // torpedo, sonar, silence, mine: 4 wide
	DCells     = DCooldown + 4 // log2 of the tracker's cells, /8
	DThreat    = DCells + 1    // belief within our torpedo's reach
	DDist      = DThreat + 1   // mean distance to the belief, /15
	DFired     = DDist + 1
	DTurn      = DFired + 1
	DArea      = DTurn + 1
	DHinted    = DArea + 1 // the greedy answer has an action of this kind
	DPatch     = DHinted + 1
	DecDim     = DPatch + planes*Patch*Patch
	sonarKinds = 4
)

// Candidate feature offsets.
const (
	CNone      = iota
	CSonar     // kind, one-hot
	CTorpedo   //
	CMove      //
	CSurface   //
	CSilence   //
	CMine      //
	CTrigger   //
	CDir       // direction one-hot, 4 wide
	CDist      = CDir + 4
	CArea      = CDist + 1 // free room after, /40
	CRangeGap  = CArea + 1
	CExpected  = CRangeGap + 1
	CKill      = CExpected + 1
	CSelf      = CKill + 1
	CShot      = CSelf + 1 // the greedy shot score, /2
	CSplit     = CShot + 1 // how evenly a sonar splits the belief
	CReachMass = CSplit + 1
	CHint      = CReachMass + 1 // the greedy bot's choice
	CDX        = CHint + 1
	CDY        = CDX + 1
	CDistMean  = CDY + 1 // mean distance to the belief from the resulting cell, /15
	CandDim    = CDistMean + 1
)

// Encoder walks one player's turn decision by decision. Reset it once per
// turn, then Encode each decision in order and Choose one of its
// candidates; the results of an Encode live in the exported arrays until
// the next one. It does not allocate.
type Encoder struct {
	// Dec holds the decision features of the last Encode.
	Dec [DecDim]float32
	// Cands holds N candidate feature vectors, row after row.
	Cands [MaxCands * CandDim]float32
	// Actions are the candidates of the last Encode; N their number.
	Actions [MaxCands]ocean.Action
	N       int
	// Charges is the order in which MOVEs charge the powers; the zero
	// value is DefaultCharges, or WideCharges while the opponent may be in
	// more than SonarWide cells. It survives Reset, so a planner sets it
	// once.
	Charges Charges

	v    *ocean.View
	m    *Mind
	hint []ocean.Action
	// the turn so far
	cell    int
	visited Bits
	mines   Bits
	cd      [5]int
	fired   bool
	dec     int
	shots   [MaxCands - 1]Shot
	queue   [Cells]int16
}

// Charges is an order of the four powers: a MOVE charges the first one
// that is not full.
type Charges [4]ocean.Power

// DefaultCharges charges the torpedo, then the silence, the sonar and the
// mines last. A silent submarine is hard to track, and the game is won by
// the side that finds the other first: with silence second instead of
// last (LegacyCharges), smitsi scored 0.650-0.745 per seed instead of
// 0.550-0.685 against the members of the pool (v1 0.672 instead of
// 0.550, hunter 0.650 instead of 0.608), and the network alone 0.695
// instead of 0.522 against greedy (400 games each, in-process). Mines
// second rather than last scored about the same for the search and 0.623
// for the network; silence before the torpedo 0.352.
var DefaultCharges = Charges{ocean.Torpedo, ocean.Silence, ocean.Sonar, ocean.Mine}

// WideCharges is DefaultCharges with the sonar before the silence: while
// we hardly know where the opponent is, a torpedo has nothing to aim at
// and a sonar rules out a sector or all but one. A hunter that sonars
// found us first and shot first; charged so while the belief spans more
// than SonarWide cells, smitsi scored 0.705-0.782 instead of
// 0.672-0.745 against the pool (hunter 0.743 instead of 0.650; 400 games
// a member on each of three seed sets, in-process). 7 cells was about as
// good, 40 cells with the sonar first of all worse.
var WideCharges = Charges{ocean.Torpedo, ocean.Sonar, ocean.Silence, ocean.Mine}

// SonarWide is the belief's width (Tracker.Cells) above which the zero
// Charges is WideCharges.
const SonarWide = 10

// LegacyCharges is the order before DefaultCharges, which the frozen v1
// keeps: torpedo, mines, sonar, and silence only when the rest are full.
var LegacyCharges = Charges{ocean.Torpedo, ocean.Mine, ocean.Sonar, ocean.Silence}

// charge is the power the turn's MOVE charges, NoPower when all are full.
func (e *Encoder) charge() ocean.Power {
	order := &e.Charges
	if order[0] == ocean.NoPower {
		order = &DefaultCharges
		if e.m.Tracker.Cells > SonarWide {
			order = &WideCharges
		}
	}
	return Charge(&e.cd, order[:]...)
}

// Charge is the first power of order that is not full by the cooldowns
// cd (NoPower in order is skipped), or NoPower: the one rule for what a
// MOVE charges, which the encoder, greedy and the scripted styles each
// apply in their own order.
func Charge(cd *[5]int, order ...ocean.Power) ocean.Power {
	for _, p := range order {
		if p != ocean.NoPower && cd[p] > 0 {
			return p
		}
	}
	return ocean.NoPower
}

// Reset starts the turn of view v with memory m; hint is the greedy
// answer, which the features compare candidates with. It returns the
// number of decisions.
func (e *Encoder) Reset(v *ocean.View, m *Mind, hint []ocean.Action) int {
	e.v, e.m, e.hint = v, m, hint
	e.cell = Cell(v.X, v.Y)
	e.visited = m.Visited
	e.mines = m.Mines
	e.cd = v.Cooldown
	e.fired = false
	e.N = 0
	return NumDecisions
}

// Encode builds decision d's features and candidates and returns their
// number (0: the decision does not arise this turn).
func (e *Encoder) Encode(d int) int {
	e.dec = d
	e.N = 0
	v, m := e.v, e.m
	switch d {
	case DecSonar:
		if e.cd[ocean.Sonar] == 0 && m.Tracker.Cells > 1 {
			e.add(Marker(d))
			mass := m.SectorMass()
			// the sectors that split best, most even first
			var used [10]bool
			for k := 0; k < sonarKinds; k++ {
				best, gap := 0, 2.0
				for s := 1; s <= 9; s++ {
					if used[s] || mass[s] <= 0 || mass[s] >= 1 {
						continue
					}
					if g := math.Abs(mass[s] - 0.5); g < gap {
						best, gap = s, g
					}
				}
				if best == 0 {
					break
				}
				used[best] = true
				e.add(ocean.Action{Kind: ocean.SonarAct, Sector: best})
			}
		}
	case DecTrigger:
		if e.mines != (Bits{}) {
			e.add(Marker(d))
			e.triggers()
		}
	case DecMine:
		if e.cd[ocean.Mine] == 0 {
			e.add(Marker(d))
			for dir := ocean.Dir(0); dir < 4; dir++ {
				if t := int(m.Map.Next[e.cell][dir]); t >= 0 && !e.mines.Has(t) {
					e.add(ocean.Action{Kind: ocean.MineAct, Dir: dir})
				}
			}
		}
	case DecTorpedoBefore, DecTorpedoAfter:
		if e.cd[ocean.Torpedo] == 0 && !e.fired {
			e.add(Marker(d))
			n := m.TopShots(e.cell, v.Life, v.OppLife, e.shots[:])
			for i := 0; i < n; i++ {
				t := e.shots[i].Target
				a := ocean.Action{Kind: ocean.TorpedoAct, X: t % Size, Y: t / Size}
				if d == DecTorpedoBefore {
					a.Sector = Before
				}
				e.add(a)
			}
		}
	case DecMove:
		charge := e.charge()
		for dir := ocean.Dir(0); dir < 4; dir++ {
			n := int(m.Map.Next[e.cell][dir])
			if n >= 0 && !e.visited.Has(n) {
				e.add(ocean.Action{Kind: ocean.MoveAct, Dir: dir, Charge: charge})
			}
		}
		if e.N == 0 {
			e.add(ocean.Action{Kind: ocean.SurfaceAct})
		}
	case DecSilence:
		if e.cd[ocean.Silence] == 0 {
			e.add(Marker(d))
			e.silences()
		}
	}
	if e.N > 0 {
		e.encodeDecision()
		for k := 0; k < e.N; k++ {
			e.encodeCand(k)
		}
	}
	return e.N
}

// silences adds the SILENCE runs that leave the most room, up to the
// candidate limit.
func (e *Encoder) silences() {
	type run struct {
		d    ocean.Dir
		n    int
		area int
	}
	var runs [16]run
	nr := 0
	for d := ocean.Dir(0); d < 4; d++ {
		vis := e.visited
		at := e.cell
		for n := 1; n <= 4; n++ {
			nx := int(e.m.Map.Next[at][d])
			if nx < 0 || vis.Has(nx) {
				break
			}
			at = nx
			vis.Set(at)
			runs[nr] = run{d, n, e.m.Area(at, &vis, 40, &e.queue)}
			nr++
		}
	}
	for k := 0; k < MaxCands-1 && k < nr; k++ {
		best := k
		for i := k + 1; i < nr; i++ {
			if runs[i].area > runs[best].area || runs[i].area == runs[best].area && runs[i].n > runs[best].n {
				best = i
			}
		}
		runs[k], runs[best] = runs[best], runs[k]
		e.add(ocean.Action{Kind: ocean.SilenceAct, Dir: runs[k].d, Dist: runs[k].n})
	}
}

// triggers adds our mines whose blast promises the most, best first, up
// to the candidate limit; a mine that would kill us is left out.
func (e *Encoder) triggers() {
	var best [MaxCands - 1]Shot
	n := 0
	for t := 0; t < Cells; t++ {
		if !e.mines.Has(t) || Damage(t, e.cell) >= e.v.Life {
			continue
		}
		sh := e.m.ShotAt(e.cell, t, e.v.OppLife)
		i := n
		if n < len(best) {
			n++
		} else if sh.Score() <= best[n-1].Score() {
			continue
		} else {
			i = n - 1
		}
		for i > 0 && best[i-1].Score() < sh.Score() {
			best[i] = best[i-1]
			i--
		}
		best[i] = sh
	}
	for i := 0; i < n; i++ {
		e.add(ocean.Action{Kind: ocean.TriggerAct, X: best[i].Target % Size, Y: best[i].Target / Size})
	}
}

func (e *Encoder) add(a ocean.Action) {
	if e.N < MaxCands {
		e.Actions[e.N] = a
		e.N++
	}
}

// Choose fixes candidate k of the last Encode as the decision's action
// and returns it (a marker for "none").
func (e *Encoder) Choose(k int) ocean.Action {
	a := e.Actions[k]
	switch a.Kind {
	case ocean.SonarAct:
		e.cd[ocean.Sonar] = ocean.Sonar.Max()
	case ocean.TorpedoAct:
		e.fired = true
		e.cd[ocean.Torpedo] = ocean.Torpedo.Max()
	case ocean.MoveAct:
		e.cell = int(e.m.Map.Next[e.cell][a.Dir])
		e.visited.Set(e.cell)
		if a.Charge != ocean.NoPower && e.cd[a.Charge] > 0 {
			e.cd[a.Charge]--
		}
	case ocean.SurfaceAct:
		e.visited = Bits{}
		e.visited.Set(e.cell)
	case ocean.SilenceAct:
		for i := 0; i < a.Dist; i++ {
			e.cell = int(e.m.Map.Next[e.cell][a.Dir])
			e.visited.Set(e.cell)
		}
		e.cd[ocean.Silence] = ocean.Silence.Max()
	case ocean.MineAct:
		e.mines.Set(int(e.m.Map.Next[e.cell][a.Dir]))
		e.cd[ocean.Mine] = ocean.Mine.Max()
	case ocean.TriggerAct:
		if !IsMarker(a) {
			e.mines.Unset(Cell(a.X, a.Y))
		}
	}
	return a
}

func (e *Encoder) hinted(kind ocean.Kind) (ocean.Action, bool) {
	for _, a := range e.hint {
		if a.Kind == kind {
			return a, true
		}
	}
	return ocean.Action{}, false
}

func (e *Encoder) encodeDecision() {
	x := e.Dec[:]
	for i := range x {
		x[i] = 0
	}
	v, m := e.v, e.m
	x[DKind+e.dec] = 1
	x[DLife] = float32(v.Life) / 6
	x[DOppLife] = float32(v.OppLife) / 6
	x[DLifeDiff] = float32(v.Life-v.OppLife) / 6
	for p := ocean.Torpedo; p <= ocean.Mine; p++ {
		x[DCooldown+int(p)-1] = float32(e.cd[p]) / float32(p.Max())
	}
	x[DCells] = float32(math.Log2(float64(m.Tracker.Cells+1))) / 8
	x[DThreat] = float32(m.ReachMass(e.cell))
	x[DDist] = float32(m.MeanDist(e.cell)) / 15
	if e.fired {
		x[DFired] = 1
	}
	x[DTurn] = float32(v.Request) / 300
	x[DArea] = float32(m.Area(e.cell, &e.visited, 40, &e.queue)) / 40
	if _, ok := e.hinted(decisionKind(e.dec)); ok {
		x[DHinted] = 1
	}
	cx, cy := e.cell%Size, e.cell/Size
	tr := &m.Tracker
	i := DPatch
	for dy := -patchR; dy <= patchR; dy++ {
		for dx := -patchR; dx <= patchR; dx++ {
			px, py := cx+dx, cy+dy
			if Inside(px, py) {
				c := Cell(px, py)
				p := tr.Prob(c) * 10
				if p > 1 {
					p = 1
				}
				x[i] = float32(p)
				if !m.Map.Island[c] {
					x[i+Patch*Patch] = 1
				}
				if e.visited.Has(c) {
					x[i+2*Patch*Patch] = 1
				}
			}
			i++
		}
	}
}

// decisionKind is the action kind decision d is about.
func decisionKind(d int) ocean.Kind {
	switch d {
	case DecSonar:
		return ocean.SonarAct
	case DecTorpedoBefore, DecTorpedoAfter:
		return ocean.TorpedoAct
	case DecMove:
		return ocean.MoveAct
	case DecTrigger:
		return ocean.TriggerAct
	case DecMine:
		return ocean.MineAct
	}
	return ocean.SilenceAct
}

func (e *Encoder) encodeCand(k int) {
	x := e.Cands[k*CandDim : (k+1)*CandDim]
	for i := range x {
		x[i] = 0
	}
	a := e.Actions[k]
	m, v := e.m, e.v
	end := e.cell
	if h, ok := e.hinted(decisionKind(e.dec)); ok && sameChoice(h, a) {
		x[CHint] = 1
	} else if !ok && IsMarker(a) {
		x[CHint] = 1
	}
	if IsMarker(a) {
		x[CNone] = 1
	} else {
		switch a.Kind {
		case ocean.SonarAct:
			x[CSonar] = 1
			mass := m.SectorMass()
			x[CSplit] = float32(1 - 2*math.Abs(mass[a.Sector]-0.5))
		case ocean.MineAct:
			x[CMine] = 1
			x[CDir+int(a.Dir)] = 1
			// what the mine would do were it triggered now
			t := int(m.Map.Next[e.cell][a.Dir])
			x[CExpected] = float32(m.ShotAt(e.cell, t, v.OppLife).Expected) / 2
		case ocean.TriggerAct, ocean.TorpedoAct:
			if a.Kind == ocean.TriggerAct {
				x[CTrigger] = 1
			} else {
				x[CTorpedo] = 1
				x[CDX] = float32(a.X-e.cell%Size) / 4
				x[CDY] = float32(a.Y-e.cell/Size) / 4
			}
			sh := m.ShotAt(e.cell, Cell(a.X, a.Y), v.OppLife)
			x[CExpected] = float32(sh.Expected) / 2
			x[CKill] = float32(sh.Kill)
			x[CSelf] = float32(sh.Self) / 2
			x[CShot] = float32(sh.Score()) / 2
		case ocean.MoveAct:
			x[CMove] = 1
			x[CDir+int(a.Dir)] = 1
			end = int(m.Map.Next[e.cell][a.Dir])
		case ocean.SurfaceAct:
			x[CSurface] = 1
		case ocean.SilenceAct:
			x[CSilence] = 1
			x[CDir+int(a.Dir)] = 1
			x[CDist] = float32(a.Dist) / 4
			end = m.SilenceEnd(e.cell, a.Dir, a.Dist, &e.visited)
		}
	}
	if end < 0 {
		end = e.cell
	}
	vis := e.visited
	if a.Kind == ocean.SilenceAct && !IsMarker(a) {
		at := e.cell
		for i := 0; i < a.Dist; i++ {
			at = int(m.Map.Next[at][a.Dir])
			vis.Set(at)
		}
	}
	if a.Kind == ocean.SurfaceAct {
		vis = Bits{}
	}
	vis.Set(end)
	x[CArea] = float32(m.Area(end, &vis, 40, &e.queue)) / 40
	x[CRangeGap] = float32(m.RangeGap(end)) / 5
	x[CReachMass] = float32(m.ReachMass(end))
	x[CDistMean] = float32(m.MeanDist(end)) / 15
}

// sameChoice reports whether the greedy's action h is candidate a.
func sameChoice(h, a ocean.Action) bool {
	if h.Kind != a.Kind {
		return false
	}
	switch a.Kind {
	case ocean.SonarAct:
		return h.Sector == a.Sector
	case ocean.TorpedoAct:
		return h.X == a.X && h.Y == a.Y && (h.Sector == Before) == (a.Sector == Before)
	case ocean.MoveAct:
		return h.Dir == a.Dir
	case ocean.SilenceAct:
		return h.Dir == a.Dir && h.Dist == a.Dist
	case ocean.MineAct:
		return h.Dir == a.Dir
	case ocean.TriggerAct:
		return h.X == a.X && h.Y == a.Y
	}
	return true
}
