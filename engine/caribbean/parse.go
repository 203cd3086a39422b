package caribbean

import (
	"strconv"

	"cgpolicy/engine/java"
)

// The referee matches each line, whole, against one regular expression per
// command, ASCII case-insensitively, in the order MOVE, FASTER, SLOWER,
// PORT, STARBOARD, WAIT, MINE, FIRE. MOVE and FIRE take a single space after
// the keyword, then two numbers of 1 to 8 digits, each with an optional
// minus sign, separated by any whitespace. Any command may be followed by whitespace and
// a message. The matcher below reproduces those expressions, backtracking
// included, without a regexp engine.

// isSpace is the regex class \s: space, \t, \n, \x0B, \f and \r.
func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

// isTerminator reports whether the regex '.' refuses rune r: Java's line
// terminators.
func isTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// message matches rest against the optional tail (?:\s+(?<message>.+))?
// anchored at the end of the line. ok is false when the tail does not
// match; has is false when there is no message.
func message(rest string) (msg string, has, ok bool) {
	if rest == "" {
		return "", false, true
	}
	if !isSpace(rest[0]) {
		return "", false, false
	}
	w := 1
	for w < len(rest) && isSpace(rest[w]) {
		w++
	}
	if w == len(rest) {
		// only whitespace: \s+ gives back its last character to .+,
		// which takes anything but a line terminator
		if w >= 2 && rest[w-1] != '\n' && rest[w-1] != '\r' {
			return rest[w-1:], true, true
		}
		return "", false, false
	}
	for _, r := range rest[w:] {
		if isTerminator(r) {
			return "", false, false
		}
	}
	return rest[w:], true, true
}

// number matches -?[0-9]{1,8} at the start of s: the digits must be
// followed by something other than a digit, since the expression can never
// stop inside a run of digits and still match.
func number(s string, neg bool) (v, n int, ok bool) {
	if neg && n < len(s) && s[n] == '-' {
		n++
	}
	d := n
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == d || n-d > 8 {
		return 0, 0, false
	}
	v, ok = java.ParseInt(s[:n])
	return v, n, ok
}

// coords matches "x\s+y" and the message after it.
func coords(s string, neg bool) (x, y int, msg string, has, ok bool) {
	x, n, ok := number(s, neg)
	if !ok || n == len(s) || !isSpace(s[n]) {
		return 0, 0, "", false, false
	}
	for n < len(s) && isSpace(s[n]) {
		n++
	}
	y, m, ok := number(s[n:], neg)
	if !ok {
		return 0, 0, "", false, false
	}
	msg, has, ok = message(s[n+m:])
	return x, y, msg, has, ok
}

// simple are the commands without arguments, in the referee's order of
// testing (WAIT comes after STARBOARD, MINE after WAIT).
var simple = [...]struct {
	kw   string
	kind Kind
}{{"FASTER", Faster}, {"SLOWER", Slower}, {"PORT", Port}, {"STARBOARD", Starboard}, {"WAIT", Wait}, {"MINE", LayMine}}

// ParseLine reads one ship's line as the referee does. ok is false for a
// line no command matches, which deactivates the player.
func ParseLine(line string) (a Action, msg string, hasMsg, ok bool) {
	if java.HasPrefixFold(line, "MOVE ") {
		if x, y, m, h, ok := coords(line[5:], true); ok {
			return Action{Kind: Move, X: x, Y: y}, m, h, true
		}
	}
	for _, c := range simple {
		if java.HasPrefixFold(line, c.kw) {
			if m, h, ok := message(line[len(c.kw):]); ok {
				return Action{Kind: c.kind}, m, h, true
			}
		}
	}
	if java.HasPrefixFold(line, "FIRE ") {
		if x, y, m, h, ok := coords(line[5:], true); ok {
			return Action{Kind: Fire, X: x, Y: y}, m, h, true
		}
	}
	return Action{}, "", false, false
}

// FormatAction writes a typed order as a bot would.
func FormatAction(a Action) string {
	switch a.Kind {
	case Move, Fire:
		return a.Kind.String() + " " + strconv.Itoa(a.X) + " " + strconv.Itoa(a.Y)
	}
	return a.Kind.String()
}

// valid reports whether a typed order could be written as a line the
// referee accepts, so that the typed path deactivates where text would.
func (a Action) valid() bool {
	const lim = 99999999
	switch a.Kind {
	case Move, Fire:
		return a.X >= -lim && a.X <= lim && a.Y >= -lim && a.Y <= lim
	}
	return a.Kind < numKinds
}
