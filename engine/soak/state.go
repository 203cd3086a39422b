package soak

import "cgpolicy/engine"

// orders is what an agent was told to do this turn, merged the referee's
// way: the last move and the last combat action win.
type orders struct {
	move         bool
	moveX, moveY int
	combat       Combat
	shootID      int
	throwX       int
	throwY       int
	message      bool // text only; it matters for when the parser stops
	hunkered     bool
}

// full reports whether the parser skips the rest of the agent's line.
func (o *orders) full() bool { return o.move && o.combat != NoCombat && o.message }

// State is one game. Between turns it holds exactly what the next input
// shows (cooldowns already counted down, the dead marked not Alive), plus
// the points and turn count the input leaves out.
type State struct {
	b      *board
	agents [MaxAgents]Agent
	n      int // agents in the game, alive or not
	per    int // agents per player
	orders [MaxAgents]orders
	points [2]int
	turn   int
	// teamless counts players without agents, updated after the end check
	// as the referee does: after an elimination one more turn runs, with
	// no input and no scoring, before the game ends.
	teamless int
	active   [2]bool
	done     bool

	// what went wrong in the last resolved turn, for the summary
	events  [2 * MaxAgents]event
	nEvents int

	// text protocol
	answered     [2]bool
	pendingLines []string // summary lines from this turn's answers
	summary      []string // summary lines of the last resolved turn
	summaryTotal int      // the SDK's running game-summary quota count

	ps *pathScratch // search buffers, never shared between clones
}

var _ engine.State = (*State)(nil)

// Width is the map width.
func (s *State) Width() int { return s.b.w }

// Height is the map height.
func (s *State) Height() int { return s.b.h }

// Tile is the cell type at (x, y), NoTile outside the map.
func (s *State) Tile(x, y int) Tile { return s.b.tile(x, y) }

// Agents returns every agent of the game in id order, dead ones included
// (Alive false). The slice aliases the state: read it, do not keep it.
func (s *State) Agents() []Agent { return s.agents[:s.n] }

// PlayerAgents is Agents restricted to player p's agents.
func (s *State) PlayerAgents(p int) []Agent { return s.agents[p*s.per : (p+1)*s.per] }

// AgentByID returns the agent with that id.
func (s *State) AgentByID(id int) (Agent, bool) {
	if id < 1 || id > s.n {
		return Agent{}, false
	}
	return s.agents[id-1], true
}

// Points is player p's points so far (as set by SetProgress in a state
// built by FromInput).
func (s *State) Points(p int) int { return s.points[p] }

// Alive counts player p's living agents.
func (s *State) Alive(p int) int {
	k := 0
	for _, a := range s.PlayerAgents(p) {
		if a.Alive {
			k++
		}
	}
	return k
}

// Turn implements engine.State: referee turns resolved so far.
func (s *State) Turn() int { return s.turn }

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Active implements engine.State: not disqualified and not wiped out.
func (s *State) Active(p int) bool { return s.active[p] && s.Alive(p) > 0 }

// Scores implements engine.State: -1 for a disqualified player and for a
// player without agents, unless both teams were wiped out in the same turn.
func (s *State) Scores() []int {
	both := s.teamless == 2
	out := make([]int, 2)
	for p := 0; p < 2; p++ {
		if !s.active[p] || (s.Alive(p) == 0 && !both) {
			out[p] = -1
		} else {
			out[p] = s.points[p]
		}
	}
	return out
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.Copy() }

// Copy returns an independent copy (the map, which never changes, is
// shared).
func (s *State) Copy() *State {
	c := new(State)
	c.CopyFrom(s)
	return c
}

// CopyFrom makes s a copy of src, reusing s's search buffers, so search can
// branch without allocating.
func (s *State) CopyFrom(src *State) {
	ps := s.ps
	*s = *src
	s.ps = ps
	if src.pendingLines != nil {
		s.pendingLines = append([]string(nil), src.pendingLines...)
	}
	if src.summary != nil {
		s.summary = append([]string(nil), src.summary...)
	}
}

// Step resolves one turn on the typed path: actions[p] are player p's
// orders. Orders for an agent that p does not own or that is dead are
// ignored; if an agent gets several, they merge as the text parser merges
// them (the last move and the last combat win). A nil actions, or one with empty lists,
// means nobody does anything. Step does nothing once the game is over.
func (s *State) Step(actions *[2][]Action) {
	if s.done {
		return
	}
	if actions != nil && s.teamless == 0 {
		for p := 0; p < 2; p++ {
			for i := range actions[p] {
				s.order(p, &actions[p][i])
			}
		}
	}
	s.answered = [2]bool{}
	s.resolve()
}

// order merges one typed action into the agent's orders.
func (s *State) order(p int, a *Action) {
	id := a.Agent
	if id < 1 || id > s.n || s.agents[id-1].Owner != p || !s.agents[id-1].Alive {
		return
	}
	o := &s.orders[id-1]
	if a.Move {
		o.move, o.moveX, o.moveY = true, a.MoveX, a.MoveY
	}
	switch a.Combat {
	case Hunker:
		o.combat = Hunker
	case Shoot:
		o.combat, o.shootID = Shoot, a.ShootID
	case Throw:
		o.combat, o.throwX, o.throwY = Throw, a.ThrowX, a.ThrowY
	}
}

// resolve plays one referee turn with the orders given, then prepares the
// state for the next input.
func (s *State) resolve() {
	s.nEvents = 0
	if s.teamless > 0 {
		// the referee's extra turn after an elimination: nothing happens
		s.turn++
		s.done = true
		s.nextTurn()
		return
	}
	s.doMoves()
	for i := 0; i < s.n; i++ {
		if s.agents[i].Alive && s.orders[i].combat == Hunker {
			s.orders[i].hunkered = true
		}
	}
	s.doShots()
	s.doThrows()
	for i := 0; i < s.n; i++ {
		if s.agents[i].Alive && s.agents[i].Wetness >= 100 {
			s.agents[i].Alive = false
		}
	}
	s.scoreZones()
	s.turn++
	lead := s.points[0] > s.points[1]+MaxPointLead || s.points[1] > s.points[0]+MaxPointLead
	s.done = lead || !s.active[0] || !s.active[1] || s.turn >= MaxTurns
	s.teamless = 0
	for p := 0; p < 2; p++ {
		if s.Alive(p) == 0 {
			s.teamless++
		}
	}
	s.nextTurn()
}

// nextTurn is the referee's reset at the start of a turn, done early so the
// state between turns is what the next input shows.
func (s *State) nextTurn() {
	for i := 0; i < s.n; i++ {
		if s.agents[i].Cooldown > 0 {
			s.agents[i].Cooldown--
		}
		s.orders[i] = orders{}
	}
}

// scoreZones gives each cell to the team of its nearest agent (distance
// doubled for agents at 50 wetness or more; a tie between teams gives it to
// nobody) and adds the difference in cells to the leader's points.
func (s *State) scoreZones() {
	var ax, ay, am [MaxAgents]int
	var owner [MaxAgents]int
	k := 0
	for i := 0; i < s.n; i++ {
		a := &s.agents[i]
		if !a.Alive {
			continue
		}
		ax[k], ay[k], owner[k], am[k] = a.X, a.Y, a.Owner, 1
		if a.Wetness >= 50 {
			am[k] = 2
		}
		k++
	}
	if k == 0 {
		return
	}
	var alive [2]int
	for j := 0; j < k; j++ {
		alive[owner[j]]++
	}
	var cells [2]int
	w, h := s.b.w, s.b.h
	switch {
	case alive[1] == 0:
		cells[0] = w * h
	case alive[0] == 0:
		cells[1] = w * h
	default:
		// each agent's distance along a row is a V around its column, so
		// two sweeps per agent and row replace the absolute values
		const inf = 1 << 30
		var best [2][MaxWidth]int
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				best[0][x], best[1][x] = inf, inf
			}
			for j := 0; j < k; j++ {
				bt := &best[owner[j]]
				m := am[j]
				d := engine.Abs(y-ay[j]) * m
				for x := ax[j]; x >= 0; x-- {
					if d < bt[x] {
						bt[x] = d
					}
					d += m
				}
				d = (engine.Abs(y-ay[j]) + 1) * m
				for x := ax[j] + 1; x < w; x++ {
					if d < bt[x] {
						bt[x] = d
					}
					d += m
				}
			}
			for x := 0; x < w; x++ {
				if best[0][x] < best[1][x] {
					cells[0]++
				} else if best[1][x] < best[0][x] {
					cells[1]++
				}
			}
		}
	}
	if d := cells[0] - cells[1]; d > 0 {
		s.points[0] += d
	} else if d < 0 {
		s.points[1] -= d
	}
}
