package grass

import (
	"cgpolicy/engine/java"

	"fmt"
	"strconv"
	"strings"
)

// Kind is the command of an Action.
type Kind uint8

// The referee's commands.
const (
	// Wait does nothing; it is also the zero Action.
	Wait Kind = iota
	// Move sends units one step towards a target (WARP is read as Move).
	Move
	// Spawn buys units on an owned cell.
	Spawn
	// Build buys a recycler on an owned cell.
	Build
	// Message shows text in the viewer and changes nothing else.
	Message
)

// Action is one command of a turn.
type Action struct {
	Kind Kind
	// N is the unit count of Move and Spawn.
	N int
	// FromX, FromY are the origin of Move.
	FromX, FromY int
	// X, Y are the target of Move and the cell of Spawn and Build.
	X, Y int
	// Text is the Message text.
	Text string
}

// MoveAction moves n units from (fx, fy) one step towards (x, y).
func MoveAction(n, fx, fy, x, y int) Action {
	return Action{Kind: Move, N: n, FromX: fx, FromY: fy, X: x, Y: y}
}

// SpawnAction spawns n units on (x, y).
func SpawnAction(n, x, y int) Action { return Action{Kind: Spawn, N: n, X: x, Y: y} }

// BuildAction builds a recycler on (x, y).
func BuildAction(x, y int) Action { return Action{Kind: Build, X: x, Y: y} }

// String formats one command as the referee reads it.
func (a Action) String() string { return string(a.AppendTo(nil)) }

// AppendTo appends the command's text to dst.
func (a Action) AppendTo(dst []byte) []byte {
	switch a.Kind {
	case Move:
		dst = append(dst, "MOVE "...)
		dst = appendInts(dst, a.N, a.FromX, a.FromY, a.X, a.Y)
	case Spawn:
		dst = append(dst, "SPAWN "...)
		dst = appendInts(dst, a.N, a.X, a.Y)
	case Build:
		dst = append(dst, "BUILD "...)
		dst = appendInts(dst, a.X, a.Y)
	case Message:
		dst = append(dst, "MESSAGE "...)
		dst = append(dst, a.Text...)
	default:
		dst = append(dst, "WAIT"...)
	}
	return dst
}

func appendInts(dst []byte, v ...int) []byte {
	for i, x := range v {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(x), 10)
	}
	return dst
}

// Format joins actions into one output line; no action is "WAIT".
func Format(acts []Action) string { return string(AppendFormat(nil, acts)) }

// AppendFormat appends Format(acts) to dst, for bots that print without
// allocating.
func AppendFormat(dst []byte, acts []Action) []byte {
	if len(acts) == 0 {
		return append(dst, "WAIT"...)
	}
	for i, a := range acts {
		if i > 0 {
			dst = append(dst, ';')
		}
		dst = a.AppendTo(dst)
	}
	return dst
}

// Parse reads one output line as the referee does. On a fatal error it
// returns the actions read before the bad command along with the error,
// because the referee keeps those.
func Parse(line string) ([]Action, error) { return AppendParse(nil, line) }

// AppendParse is Parse appending to dst.
func AppendParse(dst []Action, line string) ([]Action, error) {
	parts := strings.Split(line, ";")
	if len(parts) > 1 {
		// Java's String.split drops trailing empty strings (never a lone one).
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
	}
	for _, part := range parts {
		cmd := java.Trim(part)
		a, ok, err := parseCommand(cmd)
		if err != nil {
			return dst, &InputError{Expected: expected(part), Got: err.Error()}
		}
		if !ok {
			return dst, &InputError{Expected: expected(part), Got: part}
		}
		dst = append(dst, a)
	}
	return dst, nil
}

// InputError is a fatal output line: the referee deactivates the player.
type InputError struct {
	Expected, Got string
}

func (e *InputError) Error() string {
	return "Invalid Input: Expected " + e.Expected + " but got '" + e.Got + "'"
}

// expected names the syntax the player probably meant, as the referee's
// error message does.
func expected(cmd string) string {
	u := strings.ToUpper(cmd)
	switch {
	case strings.HasPrefix(u, "MOVE"):
		return "MOVE <n> <x1> <y1> <x2> <y2>"
	case strings.HasPrefix(u, "SPAWN"):
		return "SPAWN <n> <x> <y>"
	case strings.HasPrefix(u, "BUILD"):
		return "BUILD <x> <y>"
	case strings.HasPrefix(u, "MESSAGE"):
		return "MESSAGE <text>"
	case strings.HasPrefix(u, "WAIT"):
		return "WAIT"
	}
	return "MOVE | SPAWN | BUILD | MESSAGE | WAIT"
}

// Field shapes of the referee's regular expressions.
const (
	natural = iota // \d+
	integer        // -?\d+
)

var (
	moveShape  = []int{natural, natural, natural, integer, integer}
	spawnShape = []int{natural, integer, integer}
	buildShape = []int{integer, integer}
)

// parseCommand matches one trimmed command against the referee's patterns.
// ok is false when none matches; err is set when one matches but a number
// does not fit a Java int (Integer.valueOf throws).
func parseCommand(cmd string) (a Action, ok bool, err error) {
	var v [5]int
	switch {
	case strings.HasPrefix(cmd, "MOVE ") || strings.HasPrefix(cmd, "WARP "):
		if !fieldsMatch(cmd[5:], moveShape) {
			return a, false, nil
		}
		if err := parseFields(cmd[5:], v[:5]); err != nil {
			return a, true, err
		}
		return MoveAction(v[0], v[1], v[2], v[3], v[4]), true, nil
	case strings.HasPrefix(cmd, "SPAWN "):
		if !fieldsMatch(cmd[6:], spawnShape) {
			return a, false, nil
		}
		if err := parseFields(cmd[6:], v[:3]); err != nil {
			return a, true, err
		}
		return SpawnAction(v[0], v[1], v[2]), true, nil
	case strings.HasPrefix(cmd, "BUILD "):
		if !fieldsMatch(cmd[6:], buildShape) {
			return a, false, nil
		}
		if err := parseFields(cmd[6:], v[:2]); err != nil {
			return a, true, err
		}
		return BuildAction(v[0], v[1]), true, nil
	case strings.HasPrefix(cmd, "MESSAGE "):
		text := cmd[len("MESSAGE "):]
		// Java's '.' matches no line terminator.
		if strings.ContainsAny(text, "\n\r\u0085\u2028\u2029") {
			return a, false, nil
		}
		return Action{Kind: Message, Text: text}, true, nil
	case cmd == "WAIT":
		return Action{Kind: Wait}, true, nil
	}
	return a, false, nil
}

// fieldsMatch reports whether s is exactly len(shape) fields separated by
// single spaces, each of its shape.
func fieldsMatch(s string, shape []int) bool {
	for k, sh := range shape {
		end := strings.IndexByte(s, ' ')
		last := k == len(shape)-1
		if last != (end < 0) {
			return false
		}
		if last {
			end = len(s)
		}
		f := s[:end]
		if sh == integer && len(f) > 0 && f[0] == '-' {
			f = f[1:]
		}
		if len(f) == 0 {
			return false
		}
		for i := 0; i < len(f); i++ {
			if f[i] < '0' || f[i] > '9' {
				return false
			}
		}
		if !last {
			s = s[end+1:]
		}
	}
	return true
}

// parseFields reads fields already checked by fieldsMatch as Java ints.
func parseFields(s string, dst []int) error {
	for k := range dst {
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			end = len(s)
		}
		v, err := javaInt(s[:end])
		if err != nil {
			return err
		}
		dst[k] = v
		if end < len(s) {
			s = s[end+1:]
		}
	}
	return nil
}

// javaInt is Integer.valueOf, with its exception's message as the error.
func javaInt(f string) (int, error) {
	v, ok := java.ParseInt(f)
	if !ok {
		return 0, fmt.Errorf("java.lang.NumberFormatException: For input string: %q", f)
	}
	return v, nil
}
