package ocean

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine"
)

// InitLines implements engine.State: the map size and p's index, then the
// map row by row, 'x' for an island.
func (s *State) InitLines(p int) []string {
	lines := make([]string, 0, Size+1)
	lines = append(lines, fmt.Sprintf("%d %d %d", Size, Size, p))
	var row [Size]byte
	for y := 0; y < Size; y++ {
		for x := 0; x < Size; x++ {
			row[x] = '.'
			if s.b.island[cell(x, y)] {
				row[x] = 'x'
			}
		}
		lines = append(lines, string(row[:]))
	}
	return lines
}

// The Pending answers are shared and must not be modified.
var (
	pendBoth = []int{0, 1}
	pendOne  = [2][]int{{0}, {1}}
)

// Pending implements engine.State: both players in the first frame, the
// active player in a frame that starts its turn, nobody otherwise.
func (s *State) Pending() []int {
	if s.done {
		return nil
	}
	switch s.kind {
	case frameInit:
		return pendBoth
	case frameAsk:
		return pendOne[s.active]
	}
	return nil
}

func (s *State) pending(p int) bool {
	if s.done || p < 0 || p > 1 || s.answered[p] {
		return false
	}
	return s.kind == frameInit || s.kind == frameAsk && p == s.active
}

// InputLines implements engine.State: nothing in the first frame (the init
// lines are the whole request); then position, lives and cooldowns, the
// result of p's last sonar, and the opponent's orders of its last turn.
func (s *State) InputLines(p int) []string {
	if s.done || p < 0 || p > 1 {
		return nil
	}
	switch {
	case s.kind == frameInit:
		return []string{}
	case s.kind == frameAsk && p == s.active:
	default:
		return nil
	}
	pl, o := &s.pl[p], &s.pl[1-p]
	first := fmt.Sprintf("%d %d %d %d %d %d %d %d", pl.x, pl.y, pl.life, o.life,
		pl.cooldown(Torpedo), pl.cooldown(Sonar), pl.cooldown(Silence), pl.cooldown(Mine))
	sonar := "NA"
	switch pl.sonar {
	case sonarYes:
		sonar = "Y"
	case sonarNo:
		sonar = "N"
	}
	return []string{first, sonar, s.Orders(1 - p)}
}

// Orders is player p's orders of its last turn as its opponent reads them:
// the actions played, joined by '|', or "NA".
func (s *State) Orders(p int) string {
	pl := &s.pl[p]
	if pl.nsum == 0 {
		return "NA"
	}
	var sb strings.Builder
	for i := 0; i < pl.nsum; i++ {
		if i > 0 {
			sb.WriteByte('|')
		}
		m := pl.sums[i]
		sb.WriteString(m.kind.String())
		switch m.kind {
		case MoveAct:
			sb.WriteByte(' ')
			sb.WriteString(Dir(m.a).String())
		case SurfaceAct, SonarAct:
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(m.a))
		case TorpedoAct, TriggerAct:
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(m.a))
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(m.b))
		}
	}
	return sb.String()
}

// ExpectedLines implements engine.State: one line.
func (s *State) ExpectedLines(p int) int { return 1 }

// Answer implements engine.State. In the first frame the line is the start
// cell; later it is a chain of commands, of which the first that can run
// runs now and the rest in the frames that follow. A removal in one of
// those frames is already certain, so it is returned here too.
func (s *State) Answer(p int, lines []string) error {
	if !s.pending(p) {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	s.answered[p] = true
	if s.kind == frameInit {
		s.answerStart(p, lines)
		return s.verdict(p)
	}
	if len(lines) < 1 {
		s.fail(p, fTimeout, nil)
		return s.verdict(p)
	}
	s.beginTurn(p)
	if f := s.queueText(p, lines[0]); f != fNone {
		s.fail(p, f, nil)
		return s.verdict(p)
	}
	return s.playQueued(p)
}

// playQueued runs the first action of p's fresh answer, queued by Answer
// or AnswerActions (playFresh), scores the frame, and returns p's
// removal: in this frame, or the one the rest of the chain makes certain
// in the frames that follow (chainFault).
func (s *State) playQueued(p int) error {
	s.playFresh(p)
	if !s.faultNow {
		s.updateScore()
	}
	if d := s.verdict(p); d != nil {
		return d
	}
	if d := s.chainFault(p); d != nil {
		s.doomed[p] = true
		return d
	}
	return nil
}

// verdict is p's removal in the frame in progress, if any.
func (s *State) verdict(p int) error {
	if s.faultNow && s.removed[p] != nil {
		return s.removed[p]
	}
	return nil
}

// answerStart reads a start cell: two numbers of one or two digits, one
// space between, nothing else.
func (s *State) answerStart(p int, lines []string) {
	if len(lines) < 1 {
		s.fail(p, fTimeout, nil)
		return
	}
	x, y, ok := parseStart(lines[0])
	if !ok {
		s.fail(p, fCoordFormat, nil)
		return
	}
	s.startCell(p, x, y)
}

func parseStart(line string) (x, y int, ok bool) {
	sp := strings.IndexByte(line, ' ')
	if sp < 1 || sp > 2 || len(line)-sp-1 < 1 || len(line)-sp-1 > 2 {
		return 0, 0, false
	}
	for i := 0; i < len(line); i++ {
		if i != sp && (line[i] < '0' || line[i] > '9') {
			return 0, 0, false
		}
	}
	x, _ = strconv.Atoi(line[:sp])
	y, _ = strconv.Atoi(line[sp+1:])
	return x, y, true
}

// AnswerActions is Answer on the typed path: p's chain as typed actions,
// with the meaning the same chain has as text (an empty chain surfaces;
// two actions of one kind remove p). In the first frame the chain must be
// one MOVE-kind action whose X, Y is the start cell. Actions no text can
// express (an unknown kind, direction or power) are the caller's error.
func (s *State) AnswerActions(p int, acts []Action) error {
	if !s.pending(p) {
		return fmt.Errorf("%w: answer from player %d", engine.ErrProtocol, p)
	}
	for i := range acts {
		a := &acts[i]
		if a.Kind >= numKinds || a.Dir >= numDirs || a.Charge >= numPowers {
			return fmt.Errorf("%w: malformed action %+v", engine.ErrProtocol, *a)
		}
	}
	s.answered[p] = true
	if s.kind == frameInit {
		if len(acts) != 1 {
			s.fail(p, fCoordFormat, nil)
		} else if a := acts[0]; a.X < 0 || a.X > 99 || a.Y < 0 || a.Y > 99 {
			s.fail(p, fCoordFormat, nil)
		} else {
			s.startCell(p, a.X, a.Y)
		}
		return s.verdict(p)
	}
	s.beginTurn(p)
	var seen [numKinds]bool
	for i := range acts {
		if seen[acts[i].Kind] {
			s.fail(p, fTwoEqual, nil)
			return s.verdict(p)
		}
		seen[acts[i].Kind] = true
	}
	pl := &s.pl[p]
	for i := range acts {
		pl.push(entry{act: acts[i], bad: judge(&acts[i])})
	}
	return s.playQueued(p)
}

// Advance implements engine.State: it resolves the frame in progress.
func (s *State) Advance() error {
	if s.done {
		return fmt.Errorf("%w: game over", engine.ErrProtocol)
	}
	switch s.kind {
	case frameInit:
		if !s.answered[0] || !s.answered[1] {
			return fmt.Errorf("%w: advance before both start cells", engine.ErrProtocol)
		}
	case frameAsk:
		if !s.answered[s.active] {
			return fmt.Errorf("%w: advance before player %d answered", engine.ErrProtocol, s.active)
		}
	case frameChain:
		s.perform(s.active)
		if !s.faultNow {
			s.updateScore()
		}
	case frameEnd:
		s.ended = true
	}
	s.finish()
	return nil
}

// Step resolves a frame that asks nobody, as Advance does, for the typed
// path; it reports false when the frame needs an answer or the game is over.
func (s *State) Step() bool {
	if s.done || s.kind == frameInit || s.kind == frameAsk {
		return false
	}
	_ = s.Advance()
	return true
}

// Done implements engine.State.
func (s *State) Done() bool { return s.done }

// Active implements engine.State: p has lives left and was not removed,
// nor queued an answer whose removal is certain.
func (s *State) Active(p int) bool { return p >= 0 && p < 2 && s.pl[p].life > 0 && !s.doomed[p] }

// Turn implements engine.State: the SDK frames resolved.
func (s *State) Turn() int { return s.frame }

// Scores implements engine.State: the lives as last reported, -1 for a
// removed player.
func (s *State) Scores() []int { return []int{s.pl[0].score, s.pl[1].score} }

// Winner implements engine.WinnerState: the higher score, none on a tie.
func (s *State) Winner() int { return engine.Winner(s.Scores()) }

// EndReason implements engine.EndReasonState.
func (s *State) EndReason() string {
	switch s.reason {
	case endElimination:
		return "elimination"
	case endTurnLimit:
		return "turn limit"
	case endInvalid:
		return fmt.Sprintf("invalid command by player %d", s.loser)
	case endTimeout:
		return fmt.Sprintf("timeout by player %d", s.loser)
	}
	return ""
}

// Deactivation is the referee's verdict on the removed player, or nil.
func (s *State) Deactivation() *engine.Deactivation { return s.deact }

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.Copy() }

// Summary is the game-summary lines of the last frame resolved.
func (s *State) Summary() []string {
	out := make([]string, 0, s.nlast)
	for i := 0; i < s.nlast; i++ {
		e := s.last[i]
		switch e.kind {
		case evNoCharge:
			out = append(out, "Not enough charges of "+Power(e.arg).String())
		case evOutOfRange:
			out = append(out, "Tried to fire out of range")
		case evMineOutside:
			out = append(out, "Mine target outside map or on obstacle")
		case evMineTwice:
			out = append(out, "Two mines on the same location is not allowed.")
		}
	}
	return out
}

func faultMessage(f fault, e *entry) string {
	cmd, tok := "", ""
	if e != nil {
		cmd, tok = e.cmd, e.tok
		if cmd == "" {
			cmd = FormatAction(e.act)
		}
	}
	switch f {
	case fTwoEqual:
		return "Two equal commands executed."
	case fUnknown:
		return "Unknown command: " + cmd
	case fMoveParams:
		return "Invalid amount of parameters to MOVE. Should be MOVE direction power"
	case fMoveCmd:
		return "Invalid move command: " + cmd
	case fDir:
		return "Invalid direction: " + tok + ". Legal values are: N, S, E or W."
	case fPower:
		return "Invalid power to charge: " + tok
	case fTorpParams:
		return "Invalid amount of params for TORPEDO, should be TORPEDO x y"
	case fTorpTarget:
		return "Invalid params to Torpedo. Should be TORPEDO x y"
	case fSilParams:
		return "Invalid amount of params for Silence, should be: SILENCE direction steps"
	case fSilDist:
		return "Invalid distance on SILENCE: " + cmd
	case fSonParams:
		return "Invalid amount of params for SONAR, should be: SONAR sectorId"
	case fSonSector:
		return "Invalid sector on SONAR: " + cmd
	case fMineParams:
		return "Invalid amount of params for MINE, should be MINE direction"
	case fMineCmd:
		return "Invalid mine command: " + cmd
	case fTrigParams:
		return "Invalid amount of params for TRIGGER, should be TRIGGER x y"
	case fTrigTarget:
		return "Invalid params to Trigger. Should be Trigger x y"
	case fIsland:
		return "Invalid move. Tried to move outside map or onto island"
	case fVisited:
		return "Can't visit same location twice. Use surface."
	case fTimeout:
		return "Timeout!"
	case fCoordFormat:
		return "Cannot read initial coordinates. Expected format: 'X Y'"
	case fCoordInvalid:
		return "Invalid coordinates!"
	}
	return "provided invalid input"
}
