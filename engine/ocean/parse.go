package ocean

import (
	"fmt"
	"strconv"
	"strings"

	"cgpolicy/engine/java"
)

// queueText reads an answer line into p's queue as the referee splits it:
// parts between '|', each trimmed, empty ones dropped. Two parts with the
// same first word (other than MSG) remove p before anything runs. Messages
// are left out of the queue: dropping them changes nothing anyone sees.
// The queue stops at the first unknown word, which removes p when it comes
// up, so nothing after it can run.
func (s *State) queueText(p int, line string) fault {
	var words []string
	for _, part := range strings.Split(line, "|") {
		c := java.Trim(part)
		if c == "" {
			continue
		}
		w := firstWord(c)
		if w != "MSG" {
			for _, o := range words {
				if o == w {
					return fTwoEqual
				}
			}
		}
		words = append(words, w)
	}
	pl := &s.pl[p]
	for _, part := range strings.Split(line, "|") {
		c := java.Trim(part)
		if c == "" {
			continue
		}
		w := firstWord(c)
		if w == "MSG" {
			continue
		}
		e, known := parseCommand(w, c)
		pl.push(e)
		if !known {
			break
		}
	}
	return fNone
}

// firstWord is the text before the first space: the referee's command key.
func firstWord(c string) string {
	if i := strings.IndexByte(c, ' '); i >= 0 {
		return c[:i]
	}
	return c
}

// parseCommand reads one trimmed command whose first word is w. Faults in
// the parameters are kept in the entry, in the order the referee finds
// them, and judged when the entry comes up.
func parseCommand(w, c string) (e entry, known bool) {
	e.cmd = c
	f := strings.Split(c, " ")
	a := &e.act
	switch w {
	case "MOVE":
		a.Kind = MoveAct
		if e.dirCommand(f, 3, fMoveParams, fMoveCmd) && len(f) == 3 {
			pw := java.Trim(f[2])
			power, ok := parsePower(pw)
			if !ok {
				e.bad, e.tok = fPower, pw
				break
			}
			a.Charge = power
		}
	case "SURFACE":
		a.Kind = SurfaceAct
	case "TORPEDO", "TRIGGER":
		a.Kind = TorpedoAct
		params, target := fTorpParams, fTorpTarget
		if w == "TRIGGER" {
			a.Kind = TriggerAct
			params, target = fTrigParams, fTrigTarget
		}
		switch {
		case a.Kind == TorpedoAct && len(f) != 3, a.Kind == TriggerAct && len(f) > 3:
			e.bad = params
		case len(f) < 3:
			e.bad = target
		default:
			x, okx := java.ParseInt(f[1])
			y, oky := java.ParseInt(f[2])
			if !okx || !oky {
				e.bad = target
				break
			}
			a.X, a.Y = x, y
		}
	case "SONAR":
		a.Kind = SonarAct
		if len(f) != 2 {
			e.bad = fSonParams
			break
		}
		e.number(f[1], &a.Sector, fSonSector)
	case "SILENCE":
		a.Kind = SilenceAct
		if len(f) != 3 {
			e.bad = fSilParams
			break
		}
		if e.dir(f[1]) {
			e.number(f[2], &a.Dist, fSilDist)
		}
	case "MINE":
		a.Kind = MineAct
		e.dirCommand(f, 2, fMineParams, fMineCmd)
	default:
		e.bad = fUnknown
		return e, false
	}
	return e, true
}

// dirCommand reads the words f of a command whose second word is a
// direction (MOVE, MINE): n words at most (params, the fault of more), and
// at least the direction (cmd, the fault of none). It reports whether the
// direction was read; the words after it are the caller's.
func (e *entry) dirCommand(f []string, n int, params, cmd fault) bool {
	switch {
	case len(f) > n:
		e.bad = params
	case len(f) < 2:
		e.bad = cmd
	default:
		return e.dir(f[1])
	}
	return false
}

// dir reads the direction word w into the entry's action, and reports
// whether it is one; a bad one is the entry's fault.
func (e *entry) dir(w string) bool {
	d, ok := parseDir(w)
	if !ok {
		e.bad, e.tok = fDir, w
		return false
	}
	e.act.Dir = d
	return true
}

// number reads the number word w into *dst, a field of the entry's
// action, and judges the action; a word no int holds is the fault bad.
func (e *entry) number(w string, dst *int, bad fault) {
	v, ok := java.ParseInt(w)
	if !ok {
		e.bad = bad
		return
	}
	*dst = v
	e.bad = judge(&e.act)
}

// judge is the fault a well-formed action still has in its values: a
// sector or a SILENCE distance out of range, or a target no int holds.
func judge(a *Action) fault {
	switch a.Kind {
	case SonarAct:
		if a.Sector < 1 || a.Sector > 9 {
			return fSonSector
		}
	case SilenceAct:
		if a.Dist < 0 || a.Dist > 4 {
			return fSilDist
		}
	case TorpedoAct, TriggerAct:
		if !isInt32(a.X) || !isInt32(a.Y) {
			if a.Kind == TorpedoAct {
				return fTorpTarget
			}
			return fTrigTarget
		}
	}
	return fNone
}

func isInt32(v int) bool { return int64(v) == int64(int32(v)) }

// FormatAction writes an action as a bot prints it.
func FormatAction(a Action) string {
	switch a.Kind {
	case MoveAct:
		if a.Charge != NoPower {
			return "MOVE " + a.Dir.String() + " " + a.Charge.String()
		}
		return "MOVE " + a.Dir.String()
	case SurfaceAct:
		return "SURFACE"
	case TorpedoAct, TriggerAct:
		return a.Kind.String() + " " + strconv.Itoa(a.X) + " " + strconv.Itoa(a.Y)
	case SonarAct:
		return "SONAR " + strconv.Itoa(a.Sector)
	case SilenceAct:
		return "SILENCE " + a.Dir.String() + " " + strconv.Itoa(a.Dist)
	case MineAct:
		return "MINE " + a.Dir.String()
	}
	return "?"
}

// FormatActions writes a chain as one answer line.
func FormatActions(acts []Action) string {
	parts := make([]string, len(acts))
	for i, a := range acts {
		parts[i] = FormatAction(a)
	}
	return strings.Join(parts, "|")
}

// ParseAction reads one command the way the referee will judge it, and
// reports its fault, if any, as an error (a message is no action).
func ParseAction(c string) (Action, error) {
	c = java.Trim(c)
	e, _ := parseCommand(firstWord(c), c)
	if e.bad != fNone {
		return e.act, fmt.Errorf("ocean: %s", faultMessage(e.bad, &e))
	}
	return e.act, nil
}
