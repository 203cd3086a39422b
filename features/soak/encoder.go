package soak

import (
	"cgpolicy/engine"
	es "cgpolicy/engine/soak"
)

// Shape of the encoding.
const (
	// MaxCands is how many candidate actions an agent keeps (K).
	MaxCands = 40
	// Patch is the side of the square window of planes around an agent.
	Patch = 5

	patchR   = Patch / 2
	numPlane = 10
	maxCells = es.MaxWidth * es.MaxHeight
	// maxLegal bounds LegalActions: 5 destinations × (stay, hunker, 5
	// shots, 41 throw cells).
	maxLegal = 5 * (2 + es.MaxAgents/2 + 41)
)

// Agent feature offsets. The patch planes come last, Patch×Patch each,
// rows from the top, columns from the agent's own side outward.
const (
	AClass       = 0 // 5 floats, one-hot
	AWet         = 5
	AWet50       = 6
	ACooldown    = 7
	AReady       = 8
	ABombs       = 9
	APower       = 10
	ARange       = 11
	AX           = 12 // relative column
	AY           = 13
	AThreat      = 14 // summed damage ready enemies could deal here
	AThreatMax   = 15
	ABombThreat  = 16
	ANearest     = 17 // distance to the nearest enemy
	APoints      = 18 // own points minus enemy points
	ATurn        = 19
	AOwnAlive    = 20
	AEnemyAlive  = 21
	AOwnWet      = 22
	AEnemyWet    = 23
	AControl     = 24 // own minus enemy controlled cells, per map cell
	AOwnBombs    = 25
	AEnemyBombs  = 26
	AFriendsNear = 27
	APatch       = 28
	// AgentDim is the length of an agent feature vector.
	AgentDim = APatch + numPlane*Patch*Patch
)

// Patch planes.
const (
	PlaneLow = iota
	PlaneHigh
	PlaneOff
	PlaneFriend
	PlaneEnemy
	PlaneWet
	PlaneWet50
	PlaneEnemyReady
	PlaneEnemyBomb
	PlaneControl
)

// Candidate feature offsets.
const (
	CStay = iota
	CDX   // relative step: +1 is toward the enemy side
	CDY
	CNone
	CHunker
	CShoot
	CThrow
	CShotDmg      // expected damage, capped at what the target has left
	CShotWetAfter // target's wetness after the shot
	CShotKill
	CShotCross50
	CShotHalf // beyond optimal range
	CShotTargetPower
	CShotTargetReady
	CThrowHits // enemies in the splash
	CThrowDmg
	CThrowKills
	CThrowCross50
	CThrowOwnHits // own agents in the splash, the thrower included
	CThrowOwnBad  // own agents the splash takes past 50 or kills
	CThreat       // summed damage ready enemies could deal at the destination
	CThreatMax
	CThreatDelta
	CBombThreat
	CCovered // ready enemies whose shots the destination's cover weakens
	CDeathRisk
	CNearest
	CNearestDelta
	CControlDelta // cells own team gains by the move, others standing still
	CFriendsNear
	CInRange
	CInMaxRange
	CDestX
	CTargetDist
	CHeur
	// CandDim is the length of a candidate feature vector.
	CandDim
)

// Encoder encodes agents of one player. Reset it once per turn, then Encode
// each agent; the results live in the exported arrays until the next Encode.
// All buffers are fixed arrays, so encoding allocates nothing.
type Encoder struct {
	// Agent holds the agent features of the last Encode.
	Agent [AgentDim]float32
	// Cands holds N candidate feature vectors, row after row.
	Cands [MaxCands * CandDim]float32
	// Actions are the N candidates as engine actions, in canonical
	// (mirror-independent) order.
	Actions [MaxCands]es.Action
	// Heur is each candidate's heuristic score, the pruning criterion.
	Heur [MaxCands]float32
	// N is the number of candidates of the last Encode.
	N int

	s      *es.State
	me     int
	w, h   int
	mirror bool

	occ        [maxCells]int8 // agent index+1 standing there, 0 if none
	control    [maxCells]int8 // +1 own, -1 enemy, 0 nobody
	threatSum  [maxCells]float32
	threatMax  [maxCells]float32
	covered    [maxCells]uint8
	bombThreat [maxCells]uint8
	ctl        int // own minus enemy cells now
	global     [APatch - APoints]float32

	legal [maxLegal]es.Action
	feat  [maxLegal * CandDim]float32
	heur  [maxLegal]float32
	key   [maxLegal]int32
	order [maxLegal]int16
	pick  [MaxCands]int16
}

// NewEncoder returns an encoder; the zero Encoder works too.
func NewEncoder() *Encoder { return new(Encoder) }

// Mirror reports whether player me sees the map mirrored.
func Mirror(me int) bool { return me == 1 }

// Reset prepares the per-turn tables for the player whose view v is.
func (e *Encoder) Reset(v *es.View) {
	s, me := v.State(), v.Me
	e.s, e.me = s, me
	e.w, e.h = s.Width(), s.Height()
	e.mirror = Mirror(me)
	n := e.w * e.h
	for c := 0; c < n; c++ {
		e.occ[c] = 0
		e.threatSum[c], e.threatMax[c] = 0, 0
		e.covered[c], e.bombThreat[c] = 0, 0
	}
	agents := s.Agents()
	var ownWet, enemyWet, ownBombs, enemyBombs float32
	for i := range agents {
		a := &agents[i]
		if !a.Alive {
			continue
		}
		e.occ[a.Y*e.w+a.X] = int8(i + 1)
		if a.Owner == me {
			ownWet += float32(a.Wetness)
			ownBombs += float32(a.Bombs)
			continue
		}
		enemyWet += float32(a.Wetness)
		enemyBombs += float32(a.Bombs)
		st := a.Class.Stats()
		for y := 0; y < e.h; y++ {
			for x := 0; x < e.w; x++ {
				c := y*e.w + x
				if s.Tile(x, y) != es.Floor {
					continue
				}
				if a.Bombs > 0 && engine.Abs(x-a.X)+engine.Abs(y-a.Y) <= es.ThrowRange+2 {
					e.bombThreat[c]++
				}
				if a.Cooldown > 0 {
					continue
				}
				d := Damage(s, a.Class, a.X, a.Y, x, y, false)
				if d <= 0 {
					continue
				}
				e.threatSum[c] += float32(d)
				if float32(d) > e.threatMax[c] {
					e.threatMax[c] = float32(d)
				}
				full := st.Power
				if engine.Abs(x-a.X)+engine.Abs(y-a.Y) > st.Range {
					full = (st.Power + 1) / 2
				}
				if d < full {
					e.covered[c]++
				}
			}
		}
	}
	own, enemy := controlMap(s, me, &e.control)
	e.ctl = own - enemy
	opp := 1 - me
	g := &e.global
	g[APoints-APoints] = clamp(float32(s.Points(me)-s.Points(opp))/100, -6, 6)
	g[ATurn-APoints] = float32(s.Turn()) / es.MaxTurns
	g[AOwnAlive-APoints] = float32(s.Alive(me)) / 5
	g[AEnemyAlive-APoints] = float32(s.Alive(opp)) / 5
	g[AOwnWet-APoints] = ownWet / 500
	g[AEnemyWet-APoints] = enemyWet / 500
	g[AControl-APoints] = float32(e.ctl) / float32(n)
	g[AOwnBombs-APoints] = ownBombs / 8
	g[AEnemyBombs-APoints] = enemyBombs / 8
}

// rx is column x as player me sees it.
func (e *Encoder) rx(x int) int {
	if e.mirror {
		return e.w - 1 - x
	}
	return x
}

// sx is a relative column step as player me sees it.
func (e *Encoder) sx(dx int) int {
	if e.mirror {
		return -dx
	}
	return dx
}

// Encode fills Agent, Cands, Actions, Heur and N for own agent id and
// returns N. It returns 0 for an agent that is dead or not player me's.
func (e *Encoder) Encode(id int) int {
	e.N = 0
	a, ok := e.s.AgentByID(id)
	if !ok || !a.Alive || a.Owner != e.me {
		return 0
	}
	e.encodeAgent(&a)
	legal := e.s.LegalActions(id, e.legal[:0])
	e.encodeCands(&a, legal)
	return e.N
}

func (e *Encoder) encodeAgent(a *es.Agent) {
	x := &e.Agent
	for i := range x {
		x[i] = 0
	}
	st := a.Class.Stats()
	x[AClass+int(a.Class)] = 1
	x[AWet] = float32(a.Wetness) / 100
	if a.Wetness >= 50 {
		x[AWet50] = 1
	}
	x[ACooldown] = float32(a.Cooldown) / 6
	if a.Cooldown == 0 {
		x[AReady] = 1
	}
	x[ABombs] = float32(a.Bombs) / 3
	x[APower] = float32(st.Power) / 32
	x[ARange] = float32(st.Range) / 6
	x[AX] = float32(e.rx(a.X)) / float32(e.w-1)
	x[AY] = float32(a.Y) / float32(e.h-1)
	c := a.Y*e.w + a.X
	x[AThreat] = e.threatSum[c] / 100
	x[AThreatMax] = e.threatMax[c] / 100
	x[ABombThreat] = float32(e.bombThreat[c]) / 3
	x[ANearest] = float32(e.nearestEnemy(a.X, a.Y)) / 20
	copy(x[APoints:APatch], e.global[:])
	x[AFriendsNear] = float32(e.friendsNear(a.ID, a.X, a.Y)) / 4
	agents := e.s.Agents()
	const area = Patch * Patch
	for py := 0; py < Patch; py++ {
		for px := 0; px < Patch; px++ {
			cx, cy := a.X+e.sx(px-patchR), a.Y+py-patchR
			at := APatch + py*Patch + px
			t := e.s.Tile(cx, cy)
			switch t {
			case es.NoTile:
				x[at+PlaneOff*area] = 1
				continue
			case es.LowCover:
				x[at+PlaneLow*area] = 1
			case es.HighCover:
				x[at+PlaneHigh*area] = 1
			}
			cell := cy*e.w + cx
			x[at+PlaneControl*area] = float32(e.control[cell])
			o := e.occ[cell]
			if o == 0 || int(o)-1 == a.ID-1 {
				continue
			}
			b := &agents[o-1]
			if b.Owner == e.me {
				x[at+PlaneFriend*area] = 1
			} else {
				x[at+PlaneEnemy*area] = 1
				if b.Cooldown == 0 {
					x[at+PlaneEnemyReady*area] = 1
				}
				if b.Bombs > 0 {
					x[at+PlaneEnemyBomb*area] = 1
				}
			}
			x[at+PlaneWet*area] = float32(b.Wetness) / 100
			if b.Wetness >= 50 {
				x[at+PlaneWet50*area] = 1
			}
		}
	}
}

// nearestEnemy is the Manhattan distance from (x, y) to the closest living
// enemy, 40 if there is none.
func (e *Encoder) nearestEnemy(x, y int) int {
	best := 40
	for _, b := range e.s.Agents() {
		if b.Alive && b.Owner != e.me {
			if d := engine.Abs(b.X-x) + engine.Abs(b.Y-y); d < best {
				best = d
			}
		}
	}
	return best
}

// friendsNear counts own living agents other than id in the 3x3 around
// (x, y): the ones one splash bomb would hit together with it.
func (e *Encoder) friendsNear(id, x, y int) int {
	k := 0
	for _, b := range e.s.Agents() {
		if b.Alive && b.Owner == e.me && b.ID != id && engine.Abs(b.X-x) <= 1 && engine.Abs(b.Y-y) <= 1 {
			k++
		}
	}
	return k
}

func (e *Encoder) encodeCands(a *es.Agent, legal []es.Action) {
	s := e.s
	agents := s.Agents()
	st := a.Class.Stats()
	cur := a.Y*e.w + a.X
	curNear := e.nearestEnemy(a.X, a.Y)
	// control gained per destination, others standing still
	var ctlAt [5]int
	var ctlX, ctlY [5]int
	nCtl := 0
	base := controlWith(s, e.me, a.ID, a.X, a.Y)
	nKeep := 0
	nRest := 0
	for i := range legal {
		act := &legal[i]
		f := e.feat[i*CandDim : (i+1)*CandDim]
		for j := range f {
			f[j] = 0
		}
		x, y := a.X, a.Y
		if act.Move {
			x, y = act.MoveX, act.MoveY
		} else {
			f[CStay] = 1
		}
		dest := y*e.w + x
		f[CDX] = float32(e.sx(x - a.X))
		f[CDY] = float32(y - a.Y)
		var heur float32
		tcode := 0
		switch act.Combat {
		case es.NoCombat:
			f[CNone] = 1
		case es.Hunker:
			f[CHunker] = 1
		case es.Shoot:
			f[CShoot] = 1
			t := &agents[act.ShootID-1]
			tcode = act.ShootID - 1 - (1-e.me)*len(agents)/2
			dmg := Damage(s, a.Class, x, y, t.X, t.Y, false)
			left := 100 - t.Wetness
			eff := dmg
			if eff > left {
				eff = left
			}
			f[CShotDmg] = float32(eff) / 32
			after := t.Wetness + dmg
			if after > 100 {
				after = 100
			}
			f[CShotWetAfter] = float32(after) / 100
			kill := t.Wetness+dmg >= 100
			cross := !kill && t.Wetness < 50 && t.Wetness+dmg >= 50
			f[CShotKill] = b2f(kill)
			f[CShotCross50] = b2f(cross)
			d := engine.Abs(t.X-x) + engine.Abs(t.Y-y)
			f[CShotHalf] = b2f(d > st.Range)
			f[CShotTargetPower] = float32(t.Class.Stats().Power) / 32
			f[CShotTargetReady] = b2f(t.Cooldown <= 1)
			f[CTargetDist] = float32(d) / 12
			heur = float32(eff) + 30*b2f(kill) + 10*b2f(cross)
		case es.Throw:
			f[CThrow] = 1
			tcode = act.ThrowY*es.MaxWidth + e.rx(act.ThrowX)
			var hits, dmg, kills, cross, own, bad int
			for j := range agents {
				b := &agents[j]
				if !b.Alive {
					continue
				}
				bx, by := b.X, b.Y
				if b.ID == a.ID {
					bx, by = x, y
				}
				if engine.Abs(bx-act.ThrowX) > 1 || engine.Abs(by-act.ThrowY) > 1 {
					continue
				}
				k := b.Wetness+es.ThrowDamage >= 100
				c50 := !k && b.Wetness < 50 && b.Wetness+es.ThrowDamage >= 50
				if b.Owner == e.me {
					own++
					if k || c50 {
						bad++
					}
					continue
				}
				hits++
				eff := es.ThrowDamage
				if eff > 100-b.Wetness {
					eff = 100 - b.Wetness
				}
				dmg += eff
				if k {
					kills++
				}
				if c50 {
					cross++
				}
			}
			f[CThrowHits] = float32(hits) / 3
			f[CThrowDmg] = float32(dmg) / 100
			f[CThrowKills] = float32(kills) / 2
			f[CThrowCross50] = float32(cross) / 2
			f[CThrowOwnHits] = float32(own) / 2
			f[CThrowOwnBad] = float32(bad) / 2
			f[CTargetDist] = float32(engine.Abs(act.ThrowX-x)+engine.Abs(act.ThrowY-y)) / 4
			heur = float32(dmg) + 30*float32(kills) + 10*float32(cross) - 30*float32(own) - 40*float32(bad)
		}
		f[CThreat] = e.threatSum[dest] / 100
		f[CThreatMax] = e.threatMax[dest] / 100
		f[CThreatDelta] = (e.threatSum[dest] - e.threatSum[cur]) / 100
		f[CBombThreat] = float32(e.bombThreat[dest]) / 3
		f[CCovered] = float32(e.covered[dest]) / 5
		f[CDeathRisk] = b2f(float32(a.Wetness)+e.threatSum[dest] >= 100)
		near := e.nearestEnemy(x, y)
		f[CNearest] = float32(near) / 20
		f[CNearestDelta] = float32(near - curNear)
		// control: computed once per destination
		k := 0
		for k < nCtl && (ctlX[k] != x || ctlY[k] != y) {
			k++
		}
		if k == nCtl {
			ctlX[k], ctlY[k] = x, y
			ctlAt[k] = controlWith(s, e.me, a.ID, x, y) - base
			nCtl++
		}
		f[CControlDelta] = float32(ctlAt[k]) / 10
		f[CFriendsNear] = float32(e.friendsNear(a.ID, x, y)) / 4
		var inR, inMax int
		for j := range agents {
			b := &agents[j]
			if b.Alive && b.Owner != e.me {
				d := engine.Abs(b.X-x) + engine.Abs(b.Y-y)
				if d <= st.Range {
					inR++
				}
				if d <= 2*st.Range {
					inMax++
				}
			}
		}
		f[CInRange] = float32(inR) / 5
		f[CInMaxRange] = float32(inMax) / 5
		f[CDestX] = float32(e.rx(x)) / float32(e.w-1)
		f[CHeur] = heur / 50
		e.heur[i] = heur
		dcode := (y-a.Y+1)*3 + e.sx(x-a.X) + 1
		e.key[i] = int32(dcode*10000 + int(act.Combat)*1000 + tcode)
		if act.Combat == es.NoCombat || act.Combat == es.Hunker {
			e.pick[nKeep] = int16(i)
			nKeep++
		} else {
			e.order[nRest] = int16(i)
			nRest++
		}
	}
	// the most promising attacks fill the slots the plain moves leave
	for i := 1; i < nRest; i++ {
		v := e.order[i]
		j := i
		for j > 0 && e.better(v, e.order[j-1]) {
			e.order[j] = e.order[j-1]
			j--
		}
		e.order[j] = v
	}
	n := nKeep
	for i := 0; i < nRest && n < MaxCands; i++ {
		e.pick[n] = e.order[i]
		n++
	}
	// canonical order, so that mirrored states list the same candidates
	for i := 1; i < n; i++ {
		v := e.pick[i]
		j := i
		for j > 0 && e.key[v] < e.key[e.pick[j-1]] {
			e.pick[j] = e.pick[j-1]
			j--
		}
		e.pick[j] = v
	}
	for k := 0; k < n; k++ {
		i := int(e.pick[k])
		copy(e.Cands[k*CandDim:(k+1)*CandDim], e.feat[i*CandDim:(i+1)*CandDim])
		e.Actions[k] = legal[i]
		e.Heur[k] = e.heur[i]
	}
	e.N = n
}

// better orders attacks: higher heuristic first, then canonical key.
func (e *Encoder) better(i, j int16) bool {
	if e.heur[i] != e.heur[j] {
		return e.heur[i] > e.heur[j]
	}
	return e.key[i] < e.key[j]
}

// Damage is the wetness a shot by an agent of class c at (ax, ay) would add
// to an agent at (tx, ty), by the engine's formula, or 0 when out of reach.
func Damage(s *es.State, c es.Class, ax, ay, tx, ty int, hunkered bool) int {
	d, _ := s.ShotDamage(c, ax, ay, tx, ty, hunkered)
	return d
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

func clamp(v, lo, hi float32) float32 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
