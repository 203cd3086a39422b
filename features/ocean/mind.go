package ocean

import "cgpolicy/engine/ocean"

// Mind is what a player remembers between its turns, since a view holds
// only the last input: the map, its own cells visited since it surfaced
// (the input never repeats them), what it played last, and the tracker of
// the opponent. Whoever plays a seat feeds its mind each view in order
// with Observe, then its answer with Played; policies only read it.
type Mind struct {
	// Map is shared by the copies of a mind: it never changes in a game.
	Map     *Map
	Tracker Tracker
	// Self follows our own submarine as the opponent can: how exposed we
	// are.
	Self Tracker
	// OppSinceTorpedo counts the opponent's turns since its last torpedo
	// (from the start of the game at first): with three, it may have
	// charged another.
	OppSinceTorpedo int
	lastLife        int
	opp             []ocean.Action
	// Visited is our own cells since our last surface.
	Visited Bits
	// Mines are our mines still in the water. At a request every one of
	// them was laid in an earlier turn, so all may be triggered.
	Mines Bits
	// Last is what we played in our last turn, as the tracker reads it.
	Last    []ocean.Action
	inited  bool
	lastReq int
}

// NewMind returns an empty mind; the first view (the placement) fills it.
func NewMind() *Mind { return &Mind{Last: make([]ocean.Action, 0, 8)} }

// NewMindOn returns a mind for a game on map m, ready for its placement.
func NewMindOn(m *Map) *Mind {
	mind := NewMind()
	mind.Map = m
	mind.setup()
	return mind
}

// CopyFrom makes m a copy of o, reusing m's buffers; the map is shared.
func (m *Mind) CopyFrom(o *Mind) {
	m.Map = o.Map
	m.Tracker.CopyFrom(&o.Tracker)
	m.Self.CopyFrom(&o.Self)
	m.OppSinceTorpedo, m.lastLife = o.OppSinceTorpedo, o.lastLife
	m.Visited, m.Mines = o.Visited, o.Mines
	m.Last = append(m.Last[:0], o.Last...)
	m.inited, m.lastReq = o.inited, o.lastReq
}

func (m *Mind) setup() {
	m.Tracker.Init(m.Map, MaxPaths)
	m.Self.Init(m.Map, MaxPaths)
	m.OppSinceTorpedo = 0
	m.lastLife = ocean.StartLife
	m.Visited = Bits{}
	m.Mines = Bits{}
	m.Last = m.Last[:0]
	m.inited = true
	m.lastReq = 0
}

// Observe reads a view: the init view sets up the map and the tracker; a
// turn's view updates the tracker with our last answer and the
// opponent's orders. A view seen twice (the same request) is read once.
func (m *Mind) Observe(v *ocean.View) {
	if !m.inited || v.Request == 0 {
		if m.Map == nil {
			m.Map = new(Map)
			m.Map.Init(&v.Island)
		}
		if !m.inited || m.lastReq != 0 {
			m.setup()
		}
		if v.Request == 0 {
			return
		}
	}
	if v.Request == m.lastReq {
		return
	}
	m.lastReq = v.Request
	if m.Visited == (Bits{}) {
		// no placement seen (a bot started mid-game): our cell is all we know
		m.Visited.Set(Cell(v.X, v.Y))
	}
	m.Tracker.Update(v, m.Last)
	m.opp = ParseOrders(v.OppOrders, m.opp[:0])
	m.OppSinceTorpedo++
	for _, a := range m.opp {
		if a.Kind == ocean.TorpedoAct {
			m.OppSinceTorpedo = 0
		}
	}
	m.Self.UpdateSelf(m.Last, m.opp, v.X, v.Y, m.lastLife-v.Life)
	m.lastLife = v.Life
}

// Played records our answer to view v: placement or chain. It follows our
// moves, silences and surfaces from our cell, as the referee will play
// them, to keep Visited.
func (m *Mind) Played(v *ocean.View, acts []ocean.Action) {
	m.Last = m.Last[:0]
	if v.Request == 0 {
		m.Visited = Bits{}
		if len(acts) > 0 && Inside(acts[0].X, acts[0].Y) {
			m.Visited.Set(Cell(acts[0].X, acts[0].Y))
		}
		return
	}
	x, y := v.X, v.Y
	for _, a := range acts {
		m.Last = append(m.Last, a)
		switch a.Kind {
		case ocean.MoveAct:
			x, y = x+a.Dir.DX(), y+a.Dir.DY()
			if Inside(x, y) {
				m.Visited.Set(Cell(x, y))
			}
		case ocean.SilenceAct:
			for i := 0; i < a.Dist; i++ {
				x, y = x+a.Dir.DX(), y+a.Dir.DY()
				if Inside(x, y) {
					m.Visited.Set(Cell(x, y))
				}
			}
		case ocean.SurfaceAct:
			m.Visited = Bits{}
			if Inside(x, y) {
				m.Visited.Set(Cell(x, y))
				m.Last[len(m.Last)-1].Sector = Sector(x, y)
			}
		case ocean.MineAct:
			if mx, my := x+a.Dir.DX(), y+a.Dir.DY(); m.Map.Water(mx, my) {
				m.Mines.Set(Cell(mx, my))
			}
		case ocean.TriggerAct:
			if Inside(a.X, a.Y) {
				m.Mines.Unset(Cell(a.X, a.Y))
			}
		}
	}
}

// Free reports whether we may move onto cell c (-1 for none): water not
// visited since our last surface.
func (m *Mind) Free(c int) bool { return c >= 0 && !m.Visited.Has(c) }

// Area is Map.Area on the mind's map.
func (m *Mind) Area(c int, visited *Bits, limit int, queue *[Cells]int16) int {
	return m.Map.Area(c, visited, limit, queue)
}
