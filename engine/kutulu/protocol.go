package kutulu

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// InitLines implements engine.State: the maze's width and height, its rows
// (starts shown as floor), then the per-game constants.
func (s *State) InitLines(p int) []string {
	lines := make([]string, 0, s.b.h+3)
	lines = append(lines, strconv.Itoa(s.b.w), strconv.Itoa(s.b.h))
	lines = append(lines, s.b.rows...)
	return append(lines, fmt.Sprintf("%d %d %d %d", s.lonelyLoss, s.groupLoss, s.spawnTime, s.lifeTime))
}

// Pending implements engine.State: every explorer still in, by index.
func (s *State) Pending() []int {
	if s.done {
		return nil
	}
	out := make([]int, 0, Players)
	for p := range s.ex {
		if s.asked[p] {
			out = append(out, p)
		}
	}
	return out
}

func (s *State) pending(p int) bool {
	return !s.done && p >= 0 && p < Players && s.asked[p] && !s.answered[p]
}

// InputLines implements engine.State: the entity count, then p's explorer,
// the other explorers still in from the next seat on, the minions and the
// effects, each in creation order.
func (s *State) InputLines(p int) []string {
	if s.done || p < 0 || p >= Players || !s.asked[p] {
		return nil
	}
	lines := make([]string, 1, 1+Players+len(s.minions)+len(s.effects))
	for i := 0; i < Players; i++ {
		q := (p + i) % Players
		if !s.ex[q].removed {
			lines = append(lines, s.explorerLine(q))
		}
	}
	for i := range s.minions {
		lines = append(lines, s.minionLine(&s.minions[i]))
	}
	for i := range s.effects {
		if l, ok := s.effectLine(&s.effects[i]); ok {
			lines = append(lines, l)
		}
	}
	lines[0] = strconv.Itoa(len(lines) - 1)
	return lines
}

func join(kind string, v ...int) string {
	var sb strings.Builder
	sb.WriteString(kind)
	for _, x := range v {
		sb.WriteByte(' ')
		sb.WriteString(strconv.Itoa(x))
	}
	return sb.String()
}

func (s *State) explorerLine(q int) string {
	e := &s.ex[q]
	x, y := s.b.xy(e.cell)
	return join("EXPLORER", q, x, y, e.sanity, e.plans, e.lights)
}

func (s *State) minionLine(m *minion) string {
	x, y := s.b.xy(m.cell)
	return join(minionName[m.kind], m.id, x, y, m.countdown(), m.state, s.shownTarget(m))
}

var minionName = [3]string{wanderer: "WANDERER", slasher: "SLASHER"}

// countdown is the minion's number in the input: the spawn countdown while
// it spawns, a slasher's stalk or stun countdown, the life countdown
// otherwise (a slasher's never runs down).
func (m *minion) countdown() int {
	switch {
	case m.state == stSpawning:
		return m.spawn
	case m.kind == slasher && (m.state == stStalking || m.state == stStunned):
		return m.stun
	}
	return m.life
}

// shownTarget is the minion's target as the input shows it: -1 when it has
// none or it is mad.
func (s *State) shownTarget(m *minion) int {
	if m.target < 0 || s.ex[m.target].sanity <= 0 {
		return -1
	}
	return m.target
}

// effectLine is an effect's input line; a yell whose receiver is out is not
// shown.
func (s *State) effectLine(ef *effect) (string, bool) {
	x, y := -1, -1
	switch ef.kind {
	case effShelter:
		x, y = s.b.xy(ef.cell)
		return join(effName[ef.kind], -1, x, y, ef.tick, -1, -1), true
	case effYell:
		if s.ex[ef.receiver].sanity <= 0 {
			return "", false
		}
		return join(effName[ef.kind], -1, x, y, ef.tick, ef.caster, ef.receiver), true
	}
	x, y = s.b.xy(s.ex[ef.caster].cell)
	return join(effName[ef.kind], -1, x, y, ef.tick, ef.caster, -1), true
}

// ExpectedLines implements engine.State: one line.
func (s *State) ExpectedLines(p int) int { return 1 }

// Answer implements engine.State. An empty answer is a timeout; a line the
// referee cannot read removes the player with score -1.
func (s *State) Answer(p int, lines []string) error {
	if !s.pending(p) {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	if len(lines) < 1 {
		return s.fail(p, outTimeout, "")
	}
	a, ok := ParseLine(lines[0])
	if !ok {
		return s.fail(p, outInvalid, lines[0])
	}
	s.setAction(p, a)
	return nil
}

// AnswerActions is Answer on the typed path: the first action is p's
// command (none is a timeout). A MOVE beyond int range removes p as its
// text would; a kind no text can express is the caller's error.
func (s *State) AnswerActions(p int, acts []Action) error {
	if !s.pending(p) {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	if len(acts) > 0 && acts[0].Kind >= numKinds {
		return fmt.Errorf("%w: malformed action %+v", engine.ErrProtocol, acts[0])
	}
	s.answered[p] = true
	if len(acts) < 1 {
		return s.fail(p, outTimeout, "")
	}
	if !acts[0].validText() {
		return s.fail(p, outInvalid, FormatAction(acts[0]))
	}
	s.setAction(p, acts[0])
	return nil
}

// setAction records p's command. A MOVE becomes one step along the
// referee's path to its cell (neighbours tried UP, RIGHT, DOWN, LEFT, every
// step costing 1), or WAIT marked as an invalid move when the cell is off
// the map, a wall, p's own or out of reach.
func (s *State) setAction(p int, a Action) {
	e := &s.ex[p]
	e.act, e.fresh, e.invalidMove = a.Kind, true, false
	if a.Kind != Move {
		return
	}
	e.act = Wait
	t, ok := s.b.cell(a.X, a.Y)
	if !ok || !s.b.walk[t] {
		e.invalidMove = true
		return
	}
	targets := [1]int16{int16(t)}
	s.f.run(s.b, e.cell, 0, nil, targets[:])
	if s.f.length(t) <= 0 {
		e.invalidMove = true
		return
	}
	step := int(s.f.first[t])
	for d := 0; d < 4; d++ {
		if int(s.b.next[e.cell][d]) == step {
			e.act = [4]Kind{Up, Right, Down, Left}[d]
		}
	}
}

// fail judges p out for an invalid command or a timeout. The referee
// sends every input before it reads any answer, so the removal waits for
// Advance, which applies it before it plays the turn, in seat order.
func (s *State) fail(p int, cause uint8, line string) error {
	s.doomed[p] = cause
	d := &engine.Deactivation{Player: p}
	if cause == outTimeout {
		d.Timeout = true
		d.Reason = fmt.Sprintf("$%d timeout!", p)
	} else {
		d.Reason = "Invalid Input: '" + line + "'"
	}
	s.deact[p] = d
	return d
}

// Advance implements engine.State: it plays the turn once every explorer
// asked has answered.
func (s *State) Advance() error {
	if s.done {
		return fmt.Errorf("%w: game over", engine.ErrProtocol)
	}
	for p := range s.ex {
		if s.asked[p] && !s.answered[p] {
			return fmt.Errorf("%w: advance before player %d answered", engine.ErrProtocol, p)
		}
	}
	s.resolve()
	return nil
}

// Step plays one turn on the typed path: acts[p] is explorer p's command,
// ignored for explorers out of the game. It returns the first removal, if
// any, and fails only when the game is over.
func (s *State) Step(acts *[Players]Action) error {
	if s.done {
		return fmt.Errorf("%w: game over", engine.ErrProtocol)
	}
	var first error
	var one [1]Action
	for p := range s.ex {
		if s.pending(p) {
			one[0] = acts[p]
			if err := s.AnswerActions(p, one[:]); err != nil && first == nil {
				first = err
			}
		}
	}
	s.resolve()
	return first
}

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Active implements engine.State: p is still in the game.
func (s *State) Active(p int) bool {
	return p >= 0 && p < Players && !s.ex[p].removed && s.doomed[p] == outNone
}

// Turn implements engine.State: the turns resolved.
func (s *State) Turn() int {
	if s.done {
		return s.turn + 1
	}
	return s.turn
}

// Scores implements engine.State: the turn an explorer went mad, -1 for a
// removal, MaxTurns plus the sanity left for explorers who last.
func (s *State) Scores() []int {
	out := make([]int, Players)
	for p := range s.ex {
		out[p] = s.ex[p].score
	}
	return out
}

// Ranks implements engine.RankState: equal scores share a place.
func (s *State) Ranks() []int { return engine.Ranks(s.Scores()) }

// Winner implements engine.WinnerState: the best score, the lower seat
// among equal ones, as the referee's ranking lists them.
func (s *State) Winner() int {
	w := 0
	for p := 1; p < Players; p++ {
		if s.ex[p].score > s.ex[w].score {
			w = p
		}
	}
	return w
}

// EndReason implements engine.EndReasonState.
func (s *State) EndReason() string {
	if !s.done {
		return ""
	}
	if s.turn >= MaxTurns {
		return "turn limit"
	}
	return "all explorers eliminated"
}

// Played is the number of turns p was asked to play.
func (s *State) Played(p int) int { return s.played[p] }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.Copy() }

// Summary is the game-summary lines of the last turn resolved, with $N for
// player N.
func (s *State) Summary() []string {
	out := make([]string, 0, len(s.last))
	for _, e := range s.last {
		a, b := "$"+strconv.Itoa(int(e.a)), "$"+strconv.Itoa(int(e.b))
		switch e.kind {
		case evInvalidCommand:
			out = append(out, "Invalid command by "+a+".")
		case evStuck:
			out = append(out, a+" is taken aback and won't act this turn")
		case evFooled:
			out = append(out, a+" fooled by "+b)
		case evInvalidMove:
			out = append(out, "Invalid move from "+a)
		case evInvalidEffect:
			out = append(out, "Invalid effect from "+a)
		}
	}
	return out
}
