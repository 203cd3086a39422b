package soak

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// InitLines implements engine.State: own index, the agents with their class
// numbers, then the map as "x y type" triples, one line per row.
func (s *State) InitLines(p int) []string {
	lines := make([]string, 0, 3+s.n+s.b.h)
	lines = append(lines, strconv.Itoa(p), strconv.Itoa(s.n))
	for _, a := range s.Agents() {
		st := a.Class.Stats()
		lines = append(lines, fmt.Sprintf("%d %d %d %d %d %d", a.ID, a.Owner, st.Cooldown, st.Range, st.Power, st.Bombs))
	}
	lines = append(lines, fmt.Sprintf("%d %d", s.b.w, s.b.h))
	var sb strings.Builder
	for y := 0; y < s.b.h; y++ {
		sb.Reset()
		for x := 0; x < s.b.w; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%d %d %d", x, y, s.b.tiles[y*s.b.w+x])
		}
		lines = append(lines, sb.String())
	}
	return lines
}

// Pending implements engine.State: both players each turn, nobody in the
// extra turn after an elimination.
func (s *State) Pending() []int {
	if s.done || s.teamless > 0 {
		return nil
	}
	return []int{0, 1}
}

// InputLines implements engine.State: the living agents, then p's own count.
func (s *State) InputLines(p int) []string {
	lines := make([]string, 0, s.n+2)
	alive := 0
	for _, a := range s.Agents() {
		if a.Alive {
			alive++
		}
	}
	lines = append(lines, strconv.Itoa(alive))
	for _, a := range s.Agents() {
		if a.Alive {
			lines = append(lines, fmt.Sprintf("%d %d %d %d %d %d", a.ID, a.X, a.Y, a.Cooldown, a.Bombs, a.Wetness))
		}
	}
	return append(lines, strconv.Itoa(s.Alive(p)))
}

// ExpectedLines implements engine.State: one line per living agent.
func (s *State) ExpectedLines(p int) int { return s.Alive(p) }

// Answer implements engine.State. Too few lines is a timeout; otherwise the
// first ExpectedLines lines are parsed, and a bad line disqualifies p while
// every other line, before or after it, still counts for this turn.
func (s *State) Answer(p int, lines []string) error {
	if p < 0 || p > 1 || s.done || s.teamless > 0 || s.answered[p] {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	want := s.Alive(p)
	if len(lines) < want {
		s.active[p] = false
		s.pendingLines = append(s.pendingLines, fmt.Sprintf("$%d has not provided %d lines in time", p, want))
		return &engine.Deactivation{Player: p, Timeout: true, Err: ErrTimeout}
	}
	mine := s.PlayerAgents(p)
	lookup := func(id int) *orders {
		if id < 1 || id > s.n || s.agents[id-1].Owner != p || !s.agents[id-1].Alive {
			return nil
		}
		return &s.orders[id-1]
	}
	var first error
	idx := 0
	for i := 0; i < want; i++ {
		// the line's default agent is p's i-th living agent
		for !mine[idx].Alive {
			idx++
		}
		def := mine[idx].ID
		idx++
		if _, err := parseLine(lines[i], def, lookup); err != nil {
			s.active[p] = false
			s.pendingLines = append(s.pendingLines, err.Error(), fmt.Sprintf("¤RED¤$%d: disqualified!§RED§", p))
			if first == nil {
				first = err
			}
		}
	}
	if first != nil {
		return &engine.Deactivation{Player: p, Err: first}
	}
	return nil
}

// AnswerActions is Answer on the typed path, for in-process players: player
// p's orders as typed actions, with no text to format or parse. It keeps
// the meaning the same orders would have as text: an order for an agent p
// does not command, or a negative move or shoot number, disqualifies p as
// Answer would, and orders merge as on the text path. An agent with no
// order simply has none; there is no timeout on this path.
func (s *State) AnswerActions(p int, acts []Action) error {
	if p < 0 || p > 1 || s.done || s.teamless > 0 || s.answered[p] {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	for i := range acts {
		a := &acts[i]
		id := a.Agent
		bad := id < 1 || id > s.n || s.agents[id-1].Owner != p || !s.agents[id-1].Alive ||
			a.Move && (a.MoveX < 0 || a.MoveY < 0) || a.Combat == Shoot && a.ShootID < 0
		if bad {
			err := &InvalidInput{Got: FormatAction(*a)}
			s.active[p] = false
			s.pendingLines = append(s.pendingLines, err.Error(), fmt.Sprintf("¤RED¤$%d: disqualified!§RED§", p))
			return &engine.Deactivation{Player: p, Err: err}
		}
		s.order(p, a)
	}
	return nil
}

// Advance implements engine.State.
func (s *State) Advance() error {
	if s.done {
		return fmt.Errorf("%w: game over", engine.ErrProtocol)
	}
	if s.teamless == 0 && (!s.answered[0] || !s.answered[1]) {
		return fmt.Errorf("%w: advance before both players answered", engine.ErrProtocol)
	}
	s.answered = [2]bool{}
	lines := s.pendingLines
	s.pendingLines = nil
	s.resolve()
	for i := 0; i < s.nEvents; i++ {
		lines = append(lines, s.events[i].String())
	}
	s.summary = s.summary[:0]
	total := 0
	for _, l := range lines {
		// the SDK's quotas: 800 chars per turn, 512 KiB per game, counted
		// in Java chars before each line is added
		if total < 800 && total+s.summaryTotal < 512*1024 {
			s.summary = append(s.summary, l)
			s.summaryTotal += total
			total += javaLen(l)
		}
	}
	return nil
}

// Summary returns the game-summary lines of the last turn resolved by
// Advance (the typed Step leaves them alone), in the referee's markup.
func (s *State) Summary() []string { return s.summary }

func javaLen(str string) int {
	n := 0
	for _, r := range str {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func (e event) String() string {
	var m string
	switch e.kind {
	case evCooldown:
		m = fmt.Sprintf("$%d agent id %d cannot shoot yet. Cooldown = %d", e.owner, e.a, e.b)
	case evNoTarget:
		m = fmt.Sprintf("$%d agent id %d cannot shoot agent id %d, they do not exist", e.owner, e.a, e.b)
	case evSelf:
		m = fmt.Sprintf("$%d agent id %d cannot shoot themselves", e.owner, e.a)
	case evTooFar:
		m = fmt.Sprintf("$%d agent id %d cannot shoot id %d, they are too far away", e.owner, e.a, e.b)
	case evThrowOff:
		m = fmt.Sprintf("$%d cannot throw splash bombs to %d %d.", e.owner, e.a, e.b)
	case evThrowFar:
		m = fmt.Sprintf("$%d cannot throw splash bomb to %d %d, it is too far away from agent %d.", e.owner, e.a, e.b, e.c)
	case evThrowEmpty:
		m = fmt.Sprintf("$%d agent %d has no splash bomb to throw.", e.owner, e.a)
	}
	return "¤RED¤" + m + "§RED§"
}

// FromInput rebuilds the game from what a bot reads: its init lines and one
// turn's input lines. It returns the state and the bot's own index. Points
// and the turn number are not in the input, so both start at 0 (see
// SetProgress); the end of the game is judged from them. The map's symmetry,
// which only shapes map making, is not needed.
//
// Every number is checked against the referee's limits (agent counts and
// ids, the map's size and tiles, agents each on a floor cell of its own,
// cooldowns up to the class's, bombs up to the agent's first count, wetness
// below the 100 that removes an agent, the own agent count), so that a bot
// fed anything else stops with an error naming the line and the value
// instead of acting on it.
func FromInput(init, input []string) (*State, int, error) {
	s, me, err := fromInit(init)
	if err != nil {
		return nil, 0, err
	}
	if err := s.readInput(me, input); err != nil {
		return nil, 0, err
	}
	return s, me, nil
}

// CheckInit is FromInput's check of the init lines alone, for a bot that
// reads them before any turn.
func CheckInit(init []string) error {
	_, _, err := fromInit(init)
	return err
}

// fromInit is the game of the init lines, with every agent dead until a
// turn's input shows it, and the player's index.
func fromInit(init []string) (*State, int, error) {
	r := &lineReader{what: "init", lines: init}
	me := r.ints(1)[0]
	if r.err == nil && (me < 0 || me > 1) {
		return nil, 0, fmt.Errorf("soak: init line 1: player %d, want 0 or 1", me)
	}
	n := r.ints(1)[0]
	if r.err == nil && (n < 2 || n > MaxAgents || n%2 != 0) {
		return nil, 0, fmt.Errorf("soak: init line 2: %d agents, want an even count from 2 to %d", n, MaxAgents)
	}
	s := &State{n: n, per: n / 2, active: [2]bool{true, true}}
	for i := 0; i < n && r.err == nil; i++ {
		v := r.ints(6) // id owner cooldown range power bombs
		if r.err != nil {
			break
		}
		c, ok := classOf(v[2], v[3], v[4])
		if !ok || v[0] != i+1 || v[1] != i/s.per || v[5] < 0 || v[5] > c.Stats().Bombs {
			return nil, 0, fmt.Errorf("soak: init line %d: unexpected agent %q", r.at, init[r.at-1])
		}
		s.agents[i] = Agent{ID: v[0], Owner: v[1], Class: c, Bombs: v[5]}
	}
	wh := r.ints(2)
	if r.err != nil {
		return nil, 0, r.err
	}
	w, h := wh[0], wh[1]
	if w < 1 || h < 1 || w > MaxWidth || h > MaxHeight {
		return nil, 0, fmt.Errorf("soak: init line %d: map %dx%d, at most %dx%d", r.at, w, h, MaxWidth, MaxHeight)
	}
	tiles := make([]Tile, w*h)
	for y := 0; y < h && r.err == nil; y++ {
		v := r.ints(3 * w)
		for x := 0; x < w && r.err == nil; x++ {
			if v[3*x] != x || v[3*x+1] != y || v[3*x+2] < 0 || v[3*x+2] > 2 {
				return nil, 0, fmt.Errorf("soak: init line %d: bad map row %d: cell %d %d %d", r.at, y, v[3*x], v[3*x+1], v[3*x+2])
			}
			tiles[y*w+x] = Tile(v[3*x+2])
		}
	}
	if r.err != nil {
		return nil, 0, r.err
	}
	if r.at != len(init) {
		return nil, 0, fmt.Errorf("soak: init has %d lines, want %d", len(init), r.at)
	}
	s.b = newBoard(w, h, tiles)
	return s, me, nil
}

// readInput reads one turn's input lines into s, the state of the init
// lines, for player me.
func (s *State) readInput(me int, input []string) error {
	n := s.n
	r := &lineReader{what: "input", lines: input}
	alive := r.ints(1)[0]
	if r.err == nil && (alive < 0 || alive > n) {
		return fmt.Errorf("soak: input line 1: %d agents alive of %d", alive, n)
	}
	for i := 0; i < alive && r.err == nil; i++ {
		v := r.ints(6) // id x y cooldown bombs wetness
		if r.err != nil {
			break
		}
		if v[0] < 1 || v[0] > n || s.agents[v[0]-1].Alive || !s.b.in(v[1], v[2]) || s.b.tile(v[1], v[2]) != Floor {
			return fmt.Errorf("soak: input line %d: bad agent %q", r.at, input[r.at-1])
		}
		for _, b := range s.agents[:n] {
			if b.Alive && b.X == v[1] && b.Y == v[2] {
				return fmt.Errorf("soak: input line %d: agent %q on agent %d's cell", r.at, input[r.at-1], b.ID)
			}
		}
		a := &s.agents[v[0]-1]
		if v[3] < 0 || v[3] > a.Class.Stats().Cooldown || v[4] < 0 || v[4] > a.Bombs || v[5] < 0 || v[5] >= 100 {
			return fmt.Errorf("soak: input line %d: agent %q out of the referee's limits", r.at, input[r.at-1])
		}
		a.X, a.Y, a.Cooldown, a.Bombs, a.Wetness, a.Alive = v[1], v[2], v[3], v[4], v[5], true
	}
	own := r.ints(1)[0]
	if r.err != nil {
		return r.err
	}
	if own != s.Alive(me) {
		return fmt.Errorf("soak: input line %d: own agent count %d, but %d listed", r.at, own, s.Alive(me))
	}
	if r.at != len(input) {
		return fmt.Errorf("soak: input has %d lines, want %d", len(input), r.at)
	}
	for p := 0; p < 2; p++ {
		if s.Alive(p) == 0 {
			s.teamless++
		}
	}
	return nil
}

// SetProgress sets what FromInput cannot know: the referee turns already
// played and both players' points. A bot that counts its turns and tracks
// points can call it so that searches see the turn limit and the 600-point
// rule.
func (s *State) SetProgress(turn int, points [2]int) {
	s.turn, s.points = turn, points
}

func classOf(cooldown, reach, power int) (Class, bool) {
	for c := Class(0); c < numClasses; c++ {
		st := c.Stats()
		if st.Cooldown == cooldown && st.Range == reach && st.Power == power {
			return c, true
		}
	}
	return 0, false
}

// lineReader reads lines of space-separated integers, keeping the first
// error.
type lineReader struct {
	what  string // "init" or "input", for errors
	lines []string
	at    int
	err   error
}

func (r *lineReader) ints(k int) []int {
	out := make([]int, k)
	if r.err != nil {
		return out
	}
	if r.at >= len(r.lines) {
		r.err = fmt.Errorf("soak: %s ends after %d lines", r.what, r.at)
		return out
	}
	f := strings.Fields(r.lines[r.at])
	r.at++
	if len(f) != k {
		r.err = fmt.Errorf("soak: %s line %d: want %d numbers, got %q", r.what, r.at, k, r.lines[r.at-1])
		return out
	}
	for i, t := range f {
		v, err := strconv.Atoi(t)
		if err != nil {
			r.err = fmt.Errorf("soak: %s line %d: %v", r.what, r.at, err)
			return out
		}
		out[i] = v
	}
	return out
}
