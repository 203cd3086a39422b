package caribbean

import cb "cgpolicy/engine/caribbean"

// MaxCands bounds the candidates of one decision: five steering orders,
// a shot at each of three enemy ships, a mine.
const MaxCands = 9

// Decision feature offsets.
const (
	DTurn       = iota // turn / 200
	DOwnRum            // own total rum / 300
	DOppRum            // enemy total rum / 300
	DOwnShips          // / 3
	DOppShips          // / 3
	DRum               // the ship's rum / 100
	DSpeed             // / 2
	DCannon            // 1 when the cannon is ready
	DMine              // 1 when a mine can be laid
	DBarrelDist        // nearest barrel from the bow / 20 (1 for none)
	DBarrels           // barrels / 30
	DBarrelRum         // their rum / 300
	DEnemyDist         // nearest enemy centre / 20
	DBalls             // cannonballs in flight / 10
	DNearMines         // visible mines within 3 of the centre / 3
	DIndex             // the decision's place in the turn / 3
	DLead              // +1 ahead in rum, -1 behind, 0 level
	DX                 // centre column / 22
	DY                 // centre row / 20
	DOnBarrel          // 1 when the target is a barrel
	// DecDim is the length of a decision feature vector.
	DecDim
)

// Candidate feature offsets.
const (
	CWait      = iota // one-hot kind: WAIT
	CFaster           // FASTER
	CSlower           // SLOWER
	CPort             // PORT
	CStarboard        // STARBOARD
	CFire             // FIRE
	CMine             // MINE
	CHint             // 1 when the greedy bot gives this order
	CAuto             // 1 when MOVE to the target gives this order
	CGain             // the ship's rum change over the play-out / 25
	CDist             // cells left to the target / 10
	CEndSpeed         // speed at the end / 2
	CSunk             // 1 when the ship sank
	COppLoss          // enemy rum lost to shots and mines / 50
	COwnLoss          // other own ships' rum lost / 50
	CEnemyEnd         // nearest enemy at the end / 20
	CShotDist         // FIRE: cells from the bow to the target / 10
	CShotSpeed        // FIRE: the target ship's speed / 2
	CShotRum          // FIRE: the target ship's rum / 100
	CMineEnemy        // MINE: nearest enemy centre to the mine cell / 5
	// CandDim is the length of a candidate feature vector.
	CandDim
)

// steer are the steering orders, in candidate order.
var steer = [5]cb.Kind{cb.Wait, cb.Faster, cb.Slower, cb.Port, cb.Starboard}

// Encoder encodes a player's turn decision by decision. Reset starts a
// turn, Encode(d) fills Dec, Cands and Actions for own ship d, and Choose
// fixes its order, which the play-outs of later decisions use.
type Encoder struct {
	T       Turn
	Dec     [DecDim]float32
	Cands   [MaxCands * CandDim]float32
	Actions [MaxCands]cb.Action
	N       int // candidates of the last Encode

	d    int
	cd   *Cooldowns
	hint [cb.MaxShips]cb.Action
}

// Reset starts the turn of view v with the cooldowns cd remembers (nil:
// all ready; Choose records into it) and the greedy answer hint (one order
// per own ship; the other ships' orders in play-outs until they are
// chosen). It returns the number of decisions.
func (e *Encoder) Reset(v *cb.View, cd *Cooldowns, hint []cb.Action) int {
	e.cd = cd
	e.T.Reset(v, cd)
	for i := 0; i < e.T.N; i++ {
		if i < len(hint) {
			e.hint[i] = hint[i]
			e.T.Plan[i] = hint[i]
		} else {
			e.hint[i] = cb.Action{Kind: cb.Wait}
		}
	}
	e.N = 0
	return e.T.N
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Encode fills the features of decision d (own ship d) and its candidates
// and returns their number.
func (e *Encoder) Encode(d int) int {
	e.d, e.N = d, 0
	if d < 0 || d >= e.T.N {
		return 0
	}
	t := &e.T
	v := t.V
	sh := t.Ship(d)
	e.decision(d, sh)
	for _, k := range steer {
		if k == cb.Faster && sh.Speed >= cb.MaxSpeed || k == cb.Slower && sh.Speed == 0 {
			continue
		}
		e.add(cb.Action{Kind: k}, nil)
	}
	if sh.CannonCD <= 1 {
		for k := range v.Ships {
			en := &v.Ships[k]
			if en.Owner == 0 {
				continue
			}
			c, ok := FireTarget(v, sh, en)
			if !ok || e.has(cb.Action{Kind: cb.Fire, X: c.X, Y: c.Y}) {
				continue
			}
			e.add(cb.Action{Kind: cb.Fire, X: c.X, Y: c.Y}, en)
		}
	}
	if sh.MineCD <= 1 {
		if _, ok := MineCell(v, sh); ok && e.N < MaxCands {
			e.add(cb.Action{Kind: cb.LayMine}, nil)
		}
	}
	return e.N
}

func (e *Encoder) has(a cb.Action) bool {
	for _, b := range e.Actions[:e.N] {
		if a == b {
			return true
		}
	}
	return false
}

// decision fills Dec for ship sh, own ship d.
func (e *Encoder) decision(d int, sh *cb.Ship) {
	v := e.T.V
	x := &e.Dec
	own, opp := Rum(v, 0), Rum(v, 1)
	nOpp := len(v.Ships) - e.T.N
	x[DTurn] = float32(v.Turn) / cb.MaxTurns
	x[DOwnRum], x[DOppRum] = float32(own)/300, float32(opp)/300
	x[DOwnShips], x[DOppShips] = float32(e.T.N)/3, float32(nOpp)/3
	x[DRum], x[DSpeed] = float32(sh.Rum)/100, float32(sh.Speed)/2
	x[DCannon], x[DMine] = b2f(sh.CannonCD <= 1), b2f(sh.MineCD <= 1)
	bd, rum := 20, 0
	for _, b := range v.Barrels {
		rum += b.Rum
		if dd := sh.Bow().Distance(b.Pos); dd < bd {
			bd = dd
		}
	}
	x[DBarrelDist], x[DBarrels], x[DBarrelRum] = float32(bd)/20, float32(len(v.Barrels))/30, float32(rum)/300
	ed := NearestEnemy(v, sh.Pos)
	if ed > 20 {
		ed = 20
	}
	x[DEnemyDist] = float32(ed) / 20
	x[DBalls] = float32(len(v.Balls)) / 10
	nm := 0
	for _, m := range v.Mines {
		if m.Pos.Distance(sh.Pos) <= 3 {
			nm++
		}
	}
	x[DNearMines] = float32(nm) / 3
	x[DIndex] = float32(d) / 3
	switch {
	case own > opp:
		x[DLead] = 1
	case own < opp:
		x[DLead] = -1
	default:
		x[DLead] = 0
	}
	x[DX], x[DY] = float32(sh.Pos.X)/(cb.Width-1), float32(sh.Pos.Y)/(cb.Height-1)
	x[DOnBarrel] = b2f(e.T.OnBarrel[d])
}

// kindCol is each order kind's one-hot column (CWait to CMine); MOVE,
// which the autopilot turns into one of the others, has none.
var kindCol = [...]int{cb.Wait: CWait, cb.Move: -1, cb.Faster: CFaster, cb.Slower: CSlower, cb.Port: CPort,
	cb.Starboard: CStarboard, cb.Fire: CFire, cb.LayMine: CMine}

// add appends candidate a (target the enemy ship a FIRE aims at) with its
// play-out's features.
func (e *Encoder) add(a cb.Action, target *cb.Ship) {
	if e.N >= MaxCands {
		return
	}
	t := &e.T
	sh := t.Ship(e.d)
	row := e.Cands[e.N*CandDim : (e.N+1)*CandDim]
	for i := range row {
		row[i] = 0
	}
	if k := int(a.Kind); k < len(kindCol) && kindCol[k] >= 0 {
		row[kindCol[k]] = 1
	}
	h := e.hint[e.d]
	if h.Kind == cb.Move {
		h = cb.Action{Kind: sh.Autopilot(cb.Coord{X: h.X, Y: h.Y})}
	}
	row[CHint] = b2f(h == a)
	row[CAuto] = b2f(a.Kind != cb.Fire && a.Kind != cb.LayMine && sh.Autopilot(t.Target[e.d]) == a.Kind)
	o := t.PlayOut(e.d, a)
	row[CGain] = float32(o.Gain) / 25
	row[CDist] = float32(o.Dist) / 10
	row[CEndSpeed] = float32(o.Speed) / 2
	row[CSunk] = b2f(o.Sunk)
	row[COppLoss] = float32(o.OppLoss) / 50
	row[COwnLoss] = float32(o.OwnLoss) / 50
	en := o.Enemy
	if en > 20 {
		en = 20
	}
	row[CEnemyEnd] = float32(en) / 20
	if target != nil {
		row[CShotDist] = float32(sh.Bow().Distance(cb.Coord{X: a.X, Y: a.Y})) / 10
		row[CShotSpeed] = float32(target.Speed) / 2
		row[CShotRum] = float32(target.Rum) / 100
	}
	if a.Kind == cb.LayMine {
		c, _ := MineCell(t.V, sh)
		me := NearestEnemy(t.V, c)
		if me > 5 {
			me = 5
		}
		row[CMineEnemy] = float32(me) / 5
	}
	e.Actions[e.N] = a
	e.N++
}

// Choose fixes candidate k of the last Encode as its ship's order (later
// play-outs use it, and the cooldowns remember a shot or a mine) and
// returns it.
func (e *Encoder) Choose(k int) cb.Action {
	if k < 0 || k >= e.N {
		return cb.Action{Kind: cb.Wait}
	}
	a := e.Actions[k]
	e.T.Plan[e.d] = a
	if e.cd != nil {
		e.cd.Record(e.T.Ship(e.d).ID, e.T.V.Turn, a)
	}
	return a
}

// Fix sets own ship d's order to a without encoding it, for a search
// replaying decisions it already took: later play-outs use it, and the
// cooldowns remember a shot or a mine.
func (e *Encoder) Fix(d int, a cb.Action) {
	if d < 0 || d >= e.T.N {
		return
	}
	e.T.Plan[d] = a
	if e.cd != nil {
		e.cd.Record(e.T.Ship(d).ID, e.T.V.Turn, a)
	}
}
