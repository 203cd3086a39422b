package kutulu

import (
	"cgpolicy/engine"
	"cgpolicy/engine/java"
	"cgpolicy/engine/jrand"
)

// Minion kinds, numbered as the input names them.
const (
	wanderer = 1
	slasher  = 2
)

// Minion states, numbered as the input shows them.
const (
	stSpawning = iota
	stWandering
	stStalking
	stRush
	stStunned
	stRecallSuccess = 10
	stRecallFailure = 11
)

// Effect kinds, numbered as the referee's unit types.
const (
	effShelter = 3
	effPlan    = 4
	effLight   = 5
	effYell    = 6
)

var effName = [7]string{effShelter: "EFFECT_SHELTER", effPlan: "EFFECT_PLAN", effLight: "EFFECT_LIGHT", effYell: "EFFECT_YELL"}

// explorer is one player's unit.
type explorer struct {
	cell   int
	sanity int
	plans  int
	lights int
	// yelledBy has bit q set once explorer q yelled at this one: each
	// explorer can stun each other one once per game.
	yelledBy uint8
	// act is this turn's command as the referee resolved it; fresh is false
	// once the referee replaced it by its shared WAIT (a stunned explorer's
	// command is replaced, with a summary line, only while fresh).
	act         Kind
	fresh       bool
	invalidMove bool
	slasher     bool // a slasher was spawned for this explorer
	isolated    bool
	// removed: out of the game (mad, invalid command or timeout).
	removed bool
	score   int
}

type minion struct {
	id    int
	kind  int
	cell  int
	state int
	spawn int // spawn countdown
	life  int // life countdown
	stun  int // slasher's stalk and stun countdown
	// target is the explorer chased or stalked, -1 for none; mark is the
	// cell a slasher rushes to when it loses sight of it, -1 for none.
	target int
	mark   int
	// dirOffset is drawn at creation, as the referee does, and unused.
	dirOffset int
}

type effect struct {
	kind     int
	tick     int
	caster   int // -1 for shelters
	receiver int // yells
	cell     int // shelters
}

// Summary events of a turn.
const (
	evInvalidCommand = iota
	evStuck
	evFooled
	evInvalidMove
	evInvalidEffect
)

type event struct{ kind, a, b uint8 }

// Removal causes.
const (
	outNone = iota
	outMad
	outInvalid
	outTimeout
)

// State is one game in progress.
type State struct {
	b   *board
	rnd jrand.Random

	lonelyLoss, groupLoss int
	spawnTime, lifeTime   int

	turn int // the turn number being played
	done bool

	ex       [Players]explorer
	out      [Players]uint8 // removal cause
	outTurn  [Players]int
	answered [Players]bool
	doomed   [Players]uint8 // removal judged by Answer, applied by resolve
	asked    [Players]bool  // asked this turn (active when it started)
	played   [Players]int   // turns each player was asked to play
	nextID   int

	minions []minion
	effects []effect
	ev      []event // summary events of the turn in progress
	last    []event // those of the last turn resolved

	repulse [maxCells]bool
	lit     bool // some cell repulses minions this turn

	deact [Players]*engine.Deactivation

	f *finder // scratch, not part of the game
}

// New starts a game from the contest seed: the per-game constants, then the
// maze, drawn from java.util.Random(seed) as the referee does.
func New(seed int64) *State {
	s := &State{}
	s.rnd = *jrand.NewRandom(seed)
	s.lonelyLoss = 3 + s.rnd.IntN(4)
	s.groupLoss = 1 + s.rnd.IntN(3)
	s.spawnTime = 3 + s.rnd.IntN(4)
	s.lifeTime = 30 + s.rnd.IntN(11)
	// MazeFactory.pickRandomMaze: Math.abs(nextInt()) % 16 in int
	// arithmetic. Math.abs(Integer.MIN_VALUE) stays negative, and its
	// remainder is 0 only because 16 divides 2^31.
	s.setup(boards[java.AbsInt(s.rnd.Int())%int32(len(boards))])
	return s
}

// setup places the explorers on their starts in maze b and starts turn 0.
func (s *State) setup(b *board) {
	s.b = b
	s.nextID = Players
	for p := range s.ex {
		s.ex[p] = explorer{cell: s.b.starts[p], sanity: MaxSanity, plans: StartPlans, lights: StartLights,
			isolated: true}
	}
	s.minions = make([]minion, 0, 64)
	s.effects = make([]effect, 0, 32)
	s.ev = make([]event, 0, 32)
	s.last = make([]event, 0, 32)
	s.f = new(finder)
	s.beginTurn()
}

// Copy returns an independent deep copy.
func (s *State) Copy() *State {
	t := &State{}
	t.CopyFrom(s)
	return t
}

// CopyFrom makes s a copy of o, reusing s's storage: no allocation once s
// has held a game as large.
func (s *State) CopyFrom(o *State) {
	minions, effects, ev, last, f := s.minions, s.effects, s.ev, s.last, s.f
	*s = *o
	s.minions = append(minions[:0], o.minions...)
	s.effects = append(effects[:0], o.effects...)
	s.ev = append(ev[:0], o.ev...)
	s.last = append(last[:0], o.last...)
	if f == nil {
		f = new(finder)
	}
	s.f = f
}

// MapName is the name of the maze the seed picked.
func (s *State) MapName() string { return s.b.name }

// Steps is the walk from (x0, y0) to (x1, y1), -1 where either is off the
// maze or a wall, or one cannot reach the other. It reads the table the
// wanderers chase by, made once a maze, so a search's leaf can ask it
// for several pairs at every iteration.
func (s *State) Steps(x0, y0, x1, y1 int) int {
	a, okFrom := s.b.cell(x0, y0)
	c, okTo := s.b.cell(x1, y1)
	if !okFrom || !okTo {
		return -1
	}
	return int(s.b.steps(c)[a])
}

// Sanity is explorer p's sanity (0 once it is out).
func (s *State) Sanity(p int) int { return s.ex[p].sanity }

// TurnNumber is the number of the turn being played (0 first).
func (s *State) TurnNumber() int { return s.turn }

// beginTurn starts the turn s.turn: every explorer still in is asked.
func (s *State) beginTurn() {
	for p := range s.ex {
		s.answered[p] = false
		s.asked[p] = !s.ex[p].removed
		s.deact[p] = nil
		s.doomed[p] = outNone
	}
}

func (s *State) event(kind, a, b int) {
	s.ev = append(s.ev, event{uint8(kind), uint8(a), uint8(b)})
}

// remove takes p out of the game, as the referee's removeThePlayer: its
// effects go, except the yells it cast, and its sanity drops to 0.
func (s *State) remove(p int, cause uint8) {
	e := s.effects[:0]
	for _, ef := range s.effects {
		if ef.caster == p && ef.kind != effYell {
			continue
		}
		e = append(e, ef)
	}
	s.effects = e
	s.ex[p].removed = true
	s.ex[p].sanity = 0
	s.out[p] = cause
	s.outTurn[p] = s.turn
	switch cause {
	case outMad:
		s.ex[p].score = s.turn
	default:
		s.ex[p].score = -1
	}
}

// living counts the explorers still in.
func (s *State) living() int {
	n := 0
	for p := range s.ex {
		if !s.ex[p].removed {
			n++
		}
	}
	return n
}

// resolve plays the turn after every answer, then checks the end.
func (s *State) resolve() {
	for p := range s.ex {
		if c := s.doomed[p]; c != outNone {
			s.remove(p, c)
			if c == outInvalid {
				s.event(evInvalidCommand, p, 0)
			}
		}
	}
	if s.lit {
		for c := range s.repulse[:s.b.w*s.b.h] {
			s.repulse[c] = false
		}
		s.lit = false
	}
	s.spawnMinions()
	s.playerActions()
	s.doEffects()
	for i := range s.minions {
		s.updateMinion(i)
	}
	m := s.minions[:0]
	for _, mn := range s.minions {
		if mn.state != stRecallSuccess && mn.state != stRecallFailure {
			m = append(m, mn)
		}
	}
	s.minions = m
	s.spreadMadness()
	s.removeMad()
	if s.turn != 0 && s.turn%shelterInterval == 0 {
		e := s.effects[:0]
		for _, ef := range s.effects {
			if ef.kind != effShelter {
				e = append(e, ef)
			}
		}
		s.effects = e
		for _, c := range s.b.shelter {
			s.effects = append(s.effects, effect{kind: effShelter, tick: shelterEnergy, caster: -1, receiver: -1, cell: c})
		}
	}
	for p := range s.ex {
		if s.asked[p] {
			s.played[p]++
		}
	}
	s.last = append(s.last[:0], s.ev...)
	s.ev = s.ev[:0]
	if s.turn >= MaxTurns {
		for p := range s.ex {
			if !s.ex[p].removed {
				s.ex[p].score = MaxTurns + s.ex[p].sanity
				s.ex[p].removed = true
			}
		}
	}
	if s.living() == 0 {
		s.done = true
		return
	}
	s.turn++
	s.beginTurn()
}

func (s *State) newMinion(kind, cell int) *minion {
	s.minions = append(s.minions, minion{id: s.nextID, kind: kind, cell: cell, state: stSpawning,
		spawn: s.spawnTime, life: s.lifeTime, target: -1, mark: -1})
	s.nextID++
	m := &s.minions[len(s.minions)-1]
	m.dirOffset = s.rnd.IntN(4)
	return m
}

func (s *State) spawnMinions() {
	for p := range s.ex {
		e := &s.ex[p]
		if e.removed || e.slasher || e.sanity >= slasherSanitySpawn {
			continue
		}
		m := s.newMinion(slasher, e.cell)
		m.spawn = slasherSpawnTime
		m.target = p
		m.mark = e.cell
		e.slasher = true
	}
	if s.turn%wandererSpawnInterval != 0 || len(s.b.spawns) == 0 {
		return
	}
	var mins [maxCells]int
	best := -1
	for i, c := range s.b.spawns {
		mins[i] = s.b.w + s.b.h
		for p := range s.ex {
			if !s.ex[p].removed {
				if d := s.b.manhattan(s.ex[p].cell, c); d < mins[i] {
					mins[i] = d
				}
			}
		}
		if mins[i] > best {
			best = mins[i]
		}
	}
	for i, c := range s.b.spawns {
		if mins[i] == best {
			s.newMinion(wanderer, c)
		}
	}
}

// stuck reports whether a yell stuns p.
func (s *State) stuck(p int) bool {
	for i := range s.effects {
		if s.effects[i].kind == effYell && s.effects[i].receiver == p {
			return true
		}
	}
	return false
}

// resetStuck replaces the command of each stunned explorer by WAIT.
func (s *State) resetStuck() {
	for p := range s.ex {
		e := &s.ex[p]
		if !e.removed && e.fresh && s.stuck(p) {
			e.act, e.fresh = Wait, false
			s.event(evStuck, p, 0)
		}
	}
}

func (s *State) hasEffect(p int) bool {
	for i := range s.effects {
		if s.effects[i].caster == p {
			return true
		}
	}
	return false
}

func (s *State) playerActions() {
	s.resetStuck()
	for p := range s.ex {
		e := &s.ex[p]
		if e.removed || e.act != Yell {
			continue
		}
		for q := range s.ex {
			o := &s.ex[q]
			if q == p || o.removed || s.b.manhattan(o.cell, e.cell) > yellRadius || o.yelledBy&(1<<p) != 0 {
				continue
			}
			o.yelledBy |= 1 << p
			s.effects = append(s.effects, effect{kind: effYell, tick: yellDuration, caster: p, receiver: q, cell: -1})
			s.event(evFooled, q, p)
		}
	}
	s.resetStuck()
	for p := range s.ex {
		e := &s.ex[p]
		if e.removed || s.stuck(p) {
			continue
		}
		dest := e.cell
		switch e.act {
		case Up, Down, Left, Right:
			d := e.act.dir()
			dest = int(s.b.next[e.cell][d])
		}
		if dest < 0 || e.invalidMove {
			s.event(evInvalidMove, p, 0)
			continue
		}
		e.cell = dest
		if e.act != Plan && e.act != Light {
			continue
		}
		if s.hasEffect(p) {
			s.event(evInvalidEffect, p, 0)
			continue
		}
		if e.act == Plan && e.plans > 0 {
			e.plans--
			s.effects = append(s.effects, effect{kind: effPlan, tick: planDuration - 1, caster: p, receiver: -1, cell: -1})
		} else if e.act == Light && e.lights > 0 {
			e.lights--
			s.effects = append(s.effects, effect{kind: effLight, tick: lightDuration - 1, caster: p, receiver: -1, cell: -1})
		} else {
			s.event(evInvalidEffect, p, 0)
		}
	}
}

// dir is the direction index of a step command.
func (k Kind) dir() int {
	switch k {
	case Up:
		return 0
	case Right:
		return 1
	case Down:
		return 2
	}
	return 3
}

func (e *explorer) heal(n int) {
	e.sanity += n
	if e.sanity > MaxSanity {
		e.sanity = MaxSanity
	}
}

func (s *State) doEffects() {
	var dist [maxCells]int8
	var list [maxCells]int16
	for i := range s.effects {
		ef := &s.effects[i]
		if ef.tick <= 0 {
			continue
		}
		switch ef.kind {
		case effPlan:
			c := &s.ex[ef.caster]
			c.heal(planHeal)
			within(s.b, c.cell, planRadius, &dist, &list)
			for q := range s.ex {
				o := &s.ex[q]
				if q != ef.caster && !o.removed && dist[o.cell] >= 0 {
					o.heal(planHeal)
					c.heal(planHeal)
				}
			}
		case effLight:
			n := within(s.b, s.ex[ef.caster].cell, lightRadius, &dist, &list)
			for _, c := range list[:n] {
				s.repulse[c] = true
			}
			s.lit = true
		case effShelter:
			n := 0
			for q := range s.ex {
				if !s.ex[q].removed && s.ex[q].cell == ef.cell {
					s.ex[q].heal(shelterHeal)
					n++
				}
			}
			ef.tick -= n
			if ef.tick < 0 {
				ef.tick = 0
			}
		}
		if ef.kind != effShelter {
			ef.tick--
		}
	}
	e := s.effects[:0]
	for _, ef := range s.effects {
		if ef.tick > 0 {
			e = append(e, ef)
		}
	}
	s.effects = e
}

// spook costs every explorer on cell c (still in the game) some sanity and
// reports whether there was any.
func (s *State) spook(c int) bool {
	any := false
	for p := range s.ex {
		e := &s.ex[p]
		if !e.removed && e.cell == c {
			e.madden(minionSanityLoss)
			any = true
		}
	}
	return any
}

func (e *explorer) madden(n int) {
	e.sanity -= n
	if e.sanity <= 0 {
		e.sanity = 0
	}
}

func (s *State) updateMinion(i int) {
	m := &s.minions[i]
	switch m.state {
	case stRecallSuccess, stRecallFailure:
		return
	case stSpawning:
		m.spawn--
		if m.spawn == 0 {
			if m.kind == wanderer {
				m.state = stWandering
				m.life = s.lifeTime
			} else {
				m.state = stRush
			}
		}
		return
	}
	if m.kind == wanderer {
		s.chase(m)
		if s.spook(m.cell) {
			m.state = stRecallSuccess
		} else {
			m.life--
			if m.life == 0 {
				m.state = stRecallFailure
			}
		}
		return
	}
	switch m.state {
	case stStalking:
		m.stun--
		s.acquire(m)
		if m.stun <= 0 {
			m.state = stRush
		}
	case stRush:
		if s.acquire(m) {
			m.cell = s.ex[m.target].cell
		} else if m.mark >= 0 {
			m.cell = m.mark
		}
		s.spook(m.cell)
		m.target, m.mark = -1, -1
		m.state = stStunned
		m.stun = slasherRushStun
	case stStunned:
		m.stun--
		if m.stun == 0 {
			m.state = stWandering
		}
	default:
		if s.acquire(m) {
			m.stun = slasherRushPrep
			m.state = stStalking
		} else {
			s.chase(m)
		}
	}
}

// chase moves a minion one step toward the nearest explorer by its
// weighted path, trying the explorers in a random order that keeps its
// current target first, and keeping that target on equal lengths.
func (s *State) chase(m *minion) {
	var order [Players]int
	var targets [Players]int16
	n := 0
	for p := range s.ex {
		if !s.ex[p].removed {
			order[n] = n
			targets[n] = int16(s.ex[p].cell)
			n++
		}
	}
	var living [Players]int
	k := 0
	for p := range s.ex {
		if !s.ex[p].removed {
			living[k] = p
			k++
		}
	}
	start := 0
	if m.target >= 0 && !s.ex[m.target].removed {
		idx := 0
		for i := 0; i < n; i++ {
			if living[i] == m.target {
				idx = i
			}
		}
		order[idx], order[0] = 0, idx
		start = 1
	}
	for i := start; i < n-1; i++ {
		r := s.rnd.IntN(n-i) + i
		order[i], order[r] = order[r], order[i]
	}
	if s.lit {
		s.chaseLit(m, order[:n], living[:n], targets[:n])
		return
	}
	offset := s.turn & 3
	best, bestLen := -1, int16(0)
	var bestTo []int16
	for _, idx := range order[:n] {
		p := living[idx]
		to := s.b.steps(s.ex[p].cell)
		d := to[m.cell]
		if d < 0 {
			continue
		}
		if best < 0 || d < bestLen || d == bestLen && p == m.target {
			best, bestLen, bestTo = p, d, to
		}
	}
	if best < 0 {
		return
	}
	m.target = best
	if bestLen == 0 {
		return
	}
	for j := 0; j < 4; j++ {
		if nb := s.b.next[m.cell][(j+offset)&3]; nb >= 0 && bestTo[nb] == bestLen-1 {
			m.cell = int(nb)
			return
		}
	}
}

// chaseLit is chase while a LIGHT makes some cells cost more: one
// weighted search from the minion serves every explorer.
func (s *State) chaseLit(m *minion, order, living []int, targets []int16) {
	s.f.run(s.b, m.cell, s.turn&3, &s.repulse, targets)
	best, bestLen := -1, int32(0)
	for _, idx := range order {
		p := living[idx]
		d := s.f.length(s.ex[p].cell)
		if d < 0 {
			continue
		}
		if best < 0 || d < bestLen || d == bestLen && p == m.target {
			best, bestLen = p, d
		}
	}
	if best < 0 {
		return
	}
	m.target = best
	if step := s.f.first[s.ex[best].cell]; bestLen > 0 && step >= 0 {
		m.cell = int(step)
	}
}

// acquire is the slasher's search for a target in its lines of sight: it
// keeps its target while it sees it, otherwise takes the single nearest
// explorer it sees, and none when the nearest are several.
func (s *State) acquire(m *minion) bool {
	if m.target >= 0 && s.ex[m.target].sanity <= 0 {
		m.target, m.mark = -1, -1
	}
	if m.target >= 0 && s.inSight(m.cell, s.ex[m.target].cell) {
		m.mark = s.ex[m.target].cell
		return true
	}
	minDepth := s.b.w
	if s.b.h > minDepth {
		minDepth = s.b.h
	}
	var found uint8
	for d := 0; d < 4; d++ {
		for c := m.cell; c >= 0; c = int(s.b.next[c][d]) {
			var here uint8
			for p := range s.ex {
				if !s.ex[p].removed && s.ex[p].cell == c {
					here |= 1 << p
				}
			}
			if here == 0 {
				continue
			}
			depth := s.b.chebyshev(c, m.cell)
			if depth < minDepth {
				found, minDepth = here, depth
			} else if depth == minDepth {
				found |= here
			}
			break
		}
	}
	switch {
	case found == 0:
		m.target = -1
		return false
	case found&(found-1) == 0:
		for p := range s.ex {
			if found == 1<<p {
				m.target = p
			}
		}
		m.mark = s.ex[m.target].cell
		return true
	}
	m.target, m.mark = -1, -1
	return false
}

// inSight reports whether cell t is on one of the four straight lines of
// walkable cells from c.
func (s *State) inSight(c, t int) bool {
	for d := 0; d < 4; d++ {
		for x := c; x >= 0; x = int(s.b.next[x][d]) {
			if x == t {
				return true
			}
		}
	}
	return false
}

func (s *State) spreadMadness() {
	for p := range s.ex {
		e := &s.ex[p]
		if e.removed {
			continue
		}
		e.isolated = true
		for q := range s.ex {
			if q != p && !s.ex[q].removed && s.b.manhattan(s.ex[q].cell, e.cell) <= NotAloneRange {
				e.isolated = false
			}
		}
	}
	if s.living() == 1 {
		for p := range s.ex {
			if !s.ex[p].removed {
				s.ex[p].madden(kutuluLoss)
			}
		}
	} else {
		for p := range s.ex {
			e := &s.ex[p]
			if e.removed {
				continue
			}
			if e.isolated {
				e.madden(s.lonelyLoss)
			} else {
				e.madden(s.groupLoss)
			}
		}
	}
	s.removeMad()
}

func (s *State) removeMad() {
	for p := range s.ex {
		if !s.ex[p].removed && s.ex[p].sanity <= 0 {
			s.remove(p, outMad)
		}
	}
}
