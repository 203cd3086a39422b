package ocean

import (
	"cgpolicy/engine"
)

// fault is a reason the referee removes a player. Codes rather than
// strings keep the typed path free of allocation; the message is built only
// when a player is removed.
type fault uint8

const (
	fNone fault = iota
	fTwoEqual
	fUnknown
	fMoveParams
	fMoveCmd
	fDir
	fPower
	fTorpParams
	fTorpTarget
	fSilParams
	fSilDist
	fSonParams
	fSonSector
	fMineParams
	fMineCmd
	fTrigParams
	fTrigTarget
	fIsland
	fVisited
	fTimeout
	fCoordFormat
	fCoordInvalid
)

// entry is one queued command. Its parameters were read when the answer
// came, but bad is only acted on when the entry reaches the front of the
// queue, as the referee judges each command then.
type entry struct {
	act Action
	bad fault
	cmd string // the command as written, for messages ("" on the typed path)
	tok string // the offending word for fDir and fPower
}

// maxQueue bounds a queue: seven distinct commands, then at most one
// unknown one, after which nothing can run.
const maxQueue = int(numKinds) + 1

// sum is one line of a player's orders as the opponent reads them.
type sum struct {
	kind Kind
	a, b int
}

// Sonar results as the input shows them.
const (
	sonarNA uint8 = iota
	sonarYes
	sonarNo
)

// player is one submarine. Every field is a value, so copying a State
// copies the game.
type player struct {
	life   int
	score  int // the score last reported to the SDK: lives, or -1
	x, y   int
	placed bool // the start cell is chosen
	// visited is the cells visited since the last surface.
	visited bits
	charge  [numPowers]int
	// mines holds this player's unexploded mines; armed those that were
	// already there at the start of its turn and so may be triggered.
	mines, armed bits
	sonar        uint8
	sums         [maxQueue]sum
	nsum         int
	queue        [maxQueue]entry
	qhead, qlen  int
}

func (pl *player) cooldown(p Power) int { return p.Max() - pl.charge[p] }

func (pl *player) reduceLife(n int) {
	pl.life -= n
	if pl.life < 0 {
		pl.life = 0
	}
}

func (pl *player) push(e entry) {
	pl.queue[pl.qhead+pl.qlen] = e
	pl.qlen++
}

func (pl *player) pop() {
	pl.qhead++
	pl.qlen--
	if pl.qlen == 0 {
		pl.qhead = 0
	}
}

func (pl *player) addSum(k Kind, a, b int) {
	pl.sums[pl.nsum] = sum{k, a, b}
	pl.nsum++
}

// frameKind is what the frame in progress does.
type frameKind uint8

const (
	frameInit  frameKind = iota // both players choose a start cell
	frameAsk                    // the active player answers; its first action runs
	frameChain                  // the active player's next queued action runs
	frameEnd                    // the game ends; nobody is asked
)

// Game-summary lines the referee writes when it drops a command.
const (
	evNoCharge uint8 = iota // arg: the power
	evOutOfRange
	evMineOutside
	evMineTwice
)

type event struct{ kind, arg uint8 }

// maxEvents bounds the summary of one frame: each queued entry is dropped
// at most once.
const maxEvents = 2 * maxQueue

// End reasons.
const (
	endNone uint8 = iota
	endElimination
	endTurnLimit
	endInvalid
	endTimeout
)

// State is a game in progress, frame by frame as the SDK runs it.
type State struct {
	b      *board
	pl     [2]player
	frame  int // frames resolved
	turn   int // the referee's turn counter
	active int
	kind   frameKind

	answered [2]bool
	ended    bool // the SDK's endGame was called in this frame
	done     bool
	reason   uint8
	loser    int                     // the removed player, for endInvalid and endTimeout
	deact    *engine.Deactivation    // the first removal: it names the end
	removed  [2]*engine.Deactivation // each player's removal
	// doomed marks a player whose queued chain ends in its removal: the
	// referee's verdict is certain when the answer comes.
	doomed [2]bool

	ev       [maxEvents]event
	nev      int
	last     [maxEvents]event // the summary of the last frame resolved
	nlast    int
	faultNow bool // a player was removed in the frame in progress
}

// New starts a game from the contest seed: the map is drawn; the first
// frame asks both players for a start cell.
func New(seed int64) *State {
	s := &State{b: newBoard(seed), active: -1}
	for p := range s.pl {
		s.pl[p].life = StartLife
		s.pl[p].score = StartLife
	}
	return s
}

// Copy returns an independent copy (the map is shared: it never changes).
func (s *State) Copy() *State {
	c := *s
	return &c
}

// CopyFrom makes s a copy of o without allocating.
func (s *State) CopyFrom(o *State) { *s = *o }

// Island reports whether (x, y) is an island or off the map.
func (s *State) Island(x, y int) bool { return !s.b.water(x, y) }

// Position is player p's cell.
func (s *State) Position(p int) (x, y int) { return s.pl[p].x, s.pl[p].y }

// Life is player p's lives (-1 once removed).
func (s *State) Life(p int) int { return s.pl[p].life }

// Points is player p's score as last reported by the referee.
func (s *State) Points(p int) int { return s.pl[p].score }

// Cooldown is how many charges power pw still needs for player p.
func (s *State) Cooldown(p int, pw Power) int { return s.pl[p].cooldown(pw) }

// Visited reports whether player p has been at (x, y) since it surfaced.
func (s *State) Visited(p, x, y int) bool { return inside(x, y) && s.pl[p].visited.has(cell(x, y)) }

// Mine reports whether player p has an unexploded mine at (x, y): the
// secret the trackers' tests check their possible mines against.
func (s *State) Mine(p, x, y int) bool { return inside(x, y) && s.pl[p].mines.has(cell(x, y)) }

// ActivePlayer is the player whose turn it is, or -1 before the first turn.
func (s *State) ActivePlayer() int { return s.active }

// Rounds is the referee's turn counter: one per answer.
func (s *State) Rounds() int { return s.turn }

// Queued is the number of actions player p still has to play from its
// last answer.
func (s *State) Queued(p int) int { return s.pl[p].qlen }

// updateScore reports both lives as the scores.
func (s *State) updateScore() {
	s.pl[0].score = s.pl[0].life
	s.pl[1].score = s.pl[1].life
}

// fail removes player p: score and life -1, and the game ends with this
// frame.
func (s *State) fail(p int, f fault, e *entry) {
	pl := &s.pl[p]
	pl.life = -1
	pl.score = -1
	s.faultNow = true
	s.ended = true
	d := &engine.Deactivation{Player: p, Timeout: f == fTimeout, Reason: faultMessage(f, e)}
	s.removed[p] = d
	if s.deact == nil {
		s.reason = endInvalid
		if f == fTimeout {
			s.reason = endTimeout
		}
		s.loser = p
		s.deact = d
	}
}

func (s *State) event(kind, arg uint8) {
	if s.nev < maxEvents {
		s.ev[s.nev] = event{kind, arg}
		s.nev++
	}
}

// startCell places player p, as the answer to the init lines does.
func (s *State) startCell(p, x, y int) {
	pl := &s.pl[p]
	if !s.b.water(x, y) {
		s.fail(p, fCoordInvalid, nil)
		return
	}
	pl.x, pl.y = x, y
	pl.placed = true
	pl.visited.set(cell(x, y))
}

// beginTurn resets what a fresh answer replaces: mines laid last turn
// become armed, the sonar result and the orders shown to the opponent are
// cleared.
func (s *State) beginTurn(p int) {
	pl := &s.pl[p]
	pl.armed = pl.mines
	pl.sonar = sonarNA
	pl.nsum = 0
	pl.qhead, pl.qlen = 0, 0
}

// playFresh runs the first action of a fresh answer, or SURFACE when no
// queued command can run.
func (s *State) playFresh(p int) {
	if !s.frontReady(p) {
		if s.faultNow {
			return
		}
		s.pl[p].push(entry{act: Action{Kind: SurfaceAct}})
	}
	s.perform(p)
}

// frontReady drops queued commands from the front until one can run now,
// writing the referee's summary lines for dropped ones. It removes p when
// the front command is malformed (only judged once its power is charged)
// or unknown, and returns false then or when the queue runs dry.
func (s *State) frontReady(p int) bool {
	pl := &s.pl[p]
	for pl.qlen > 0 {
		e := &pl.queue[pl.qhead]
		if e.bad == fUnknown {
			s.fail(p, fUnknown, e)
			return false
		}
		a := &e.act
		if pw := a.Kind.power(); pw != NoPower && pl.charge[pw] < pw.Max() {
			s.event(evNoCharge, uint8(pw))
			pl.pop()
			continue
		}
		if e.bad != fNone {
			s.fail(p, e.bad, e)
			return false
		}
		switch a.Kind {
		case TorpedoAct:
			if !inside(a.X, a.Y) || !s.b.water(a.X, a.Y) || !s.b.reach[cell(pl.x, pl.y)].has(cell(a.X, a.Y)) {
				s.event(evOutOfRange, 0)
				pl.pop()
				continue
			}
		case MineAct:
			tx, ty := pl.x+a.Dir.DX(), pl.y+a.Dir.DY()
			if !s.b.water(tx, ty) {
				s.event(evMineOutside, 0)
				pl.pop()
				continue
			}
			if pl.mines.has(cell(tx, ty)) {
				s.event(evMineTwice, 0)
				pl.pop()
				continue
			}
		case TriggerAct:
			if !inside(a.X, a.Y) || !pl.armed.has(cell(a.X, a.Y)) || !pl.mines.has(cell(a.X, a.Y)) {
				pl.pop()
				continue
			}
		}
		return true
	}
	return false
}

// perform runs the front command of p's queue, then readies the next one,
// as the referee does at the end of each action.
func (s *State) perform(p int) {
	pl := &s.pl[p]
	e := pl.queue[pl.qhead]
	pl.pop()
	a := &e.act
	switch a.Kind {
	case MoveAct:
		if !s.step(p, a.Dir) {
			return
		}
		if a.Charge != NoPower && pl.charge[a.Charge] < a.Charge.Max() {
			pl.charge[a.Charge]++
		}
		pl.addSum(MoveAct, int(a.Dir), 0)
	case SurfaceAct:
		pl.visited = bits{}
		pl.visited.set(cell(pl.x, pl.y))
		pl.reduceLife(1)
		pl.addSum(SurfaceAct, sector(pl.x, pl.y), 0)
	case TorpedoAct:
		s.explode(a.X, a.Y)
		pl.addSum(TorpedoAct, a.X, a.Y)
		pl.charge[Torpedo] = 0
	case SonarAct:
		o := &s.pl[1-p]
		pl.sonar = sonarNo
		if sector(o.x, o.y) == a.Sector {
			pl.sonar = sonarYes
		}
		pl.addSum(SonarAct, a.Sector, 0)
		pl.charge[Sonar] = 0
	case SilenceAct:
		for i := 0; i < a.Dist; i++ {
			if !s.step(p, a.Dir) {
				return
			}
		}
		pl.addSum(SilenceAct, 0, 0)
		pl.charge[Silence] = 0
	case MineAct:
		c := cell(pl.x+a.Dir.DX(), pl.y+a.Dir.DY())
		pl.mines.set(c)
		pl.armed.unset(c)
		pl.addSum(MineAct, 0, 0)
		pl.charge[Mine] = 0
	case TriggerAct:
		c := cell(a.X, a.Y)
		pl.mines.unset(c)
		pl.armed.unset(c)
		s.explode(a.X, a.Y)
		pl.addSum(TriggerAct, a.X, a.Y)
	}
	s.frontReady(p)
}

// step moves p one cell, removing it for an island, the map's edge or a
// cell visited since it last surfaced.
func (s *State) step(p int, d Dir) bool {
	pl := &s.pl[p]
	x, y := pl.x+d.DX(), pl.y+d.DY()
	if !s.b.water(x, y) {
		s.fail(p, fIsland, nil)
		return false
	}
	if pl.visited.has(cell(x, y)) {
		s.fail(p, fVisited, nil)
		return false
	}
	pl.x, pl.y = x, y
	pl.visited.set(cell(x, y))
	return true
}

// explode hurts every submarine at (x, y) by 2 and those next to it
// (diagonals too) by 1, the firing one included.
func (s *State) explode(x, y int) {
	for q := range s.pl {
		o := &s.pl[q]
		dx, dy := o.x-x, o.y-y
		if dx == 0 && dy == 0 {
			o.reduceLife(2)
		} else if dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
			o.reduceLife(1)
		}
	}
}

// prepare decides what the next frame does, as the referee's onRound
// decides it at the frame's start; nothing changes in between.
func (s *State) prepare() {
	s.answered = [2]bool{}
	s.faultNow = false
	s.nev = 0
	if s.frame >= MaxFrames {
		s.done = true
		if s.reason == endNone {
			s.reason = endTurnLimit
		}
		return
	}
	switch {
	case s.pl[0].life <= 0 || s.pl[1].life <= 0 || s.turn > MaxTurns:
		s.kind = frameEnd
		s.reason = endElimination
		if s.turn > MaxTurns {
			s.reason = endTurnLimit
		}
	case s.turn == 0:
		s.turn = 1
		s.active = 0
		s.kind = frameAsk
	case s.pl[s.active].qlen > 0:
		s.kind = frameChain
	default:
		s.turn++
		if s.turn > MaxTurns {
			s.kind = frameEnd
			s.reason = endTurnLimit
			return
		}
		s.active = 1 - s.active
		s.kind = frameAsk
	}
}

// finish closes the frame in progress and prepares the next one.
func (s *State) finish() {
	s.frame++
	s.last, s.nlast = s.ev, s.nev
	if s.ended {
		s.done = true
		return
	}
	s.prepare()
}

// chainFault plays the rest of p's queue on a copy, as the frames to come
// will, and returns the removal it ends in, if any. Nothing else happens
// before those frames, so Answer can give the referee's verdict on the
// whole answer at once.
func (s *State) chainFault(p int) *engine.Deactivation {
	if s.faultNow || s.pl[p].qlen == 0 {
		return nil
	}
	t := *s
	t.removed[p] = nil
	for f := s.frame + 1; f < MaxFrames && t.pl[p].qlen > 0; f++ {
		if t.pl[0].life <= 0 || t.pl[1].life <= 0 {
			return nil
		}
		t.perform(p)
		if t.faultNow {
			return t.removed[p]
		}
	}
	return nil
}
