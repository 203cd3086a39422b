package kutulu

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"cgpolicy/engine/java"
)

// The referee reads a line with two regular expressions, ASCII
// case-insensitively, each searched from the start of the line and
// anchored at its end by '$':
//
//	^MOVE (-?\d+) (-?\d+)(?:\s+(.+))?\s*$
//	^(\w+)(?:\s+(.+))?\s*$
//
// The first that matches decides. A MOVE whose numbers are beyond int range
// matches and then fails Integer.parseInt, which removes the player; so does
// a word that is not a command (MOVE itself included) and a line neither
// expression matches. The matcher below reproduces both expressions,
// backtracking included, without a regexp engine.

// isSpace is the regex class \s: space, \t, \n, \x0B, \f and \r.
func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

// isWord is the regex class \w: ASCII letters, digits and '_'.
func isWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isTerminator reports whether the regex '.' refuses rune r: Java's line
// terminators.
func isTerminator(r rune) bool {
	return r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// tail reports whether rest matches (?:\s+(.+))?\s* whole: only
// whitespace, or whitespace then a message without line terminators, then
// whitespace.
func tail(rest string) bool {
	i := 0
	for i < len(rest) && isSpace(rest[i]) {
		i++
	}
	if i == len(rest) {
		return true
	}
	if i == 0 {
		return false
	}
	j := len(rest)
	for j > i && isSpace(rest[j-1]) {
		j--
	}
	for _, r := range rest[i:j] {
		if isTerminator(r) {
			return false
		}
	}
	return true
}

// digits matches -?\d+ at the start of s and returns its length (0 for no
// match).
func digits(s string) int {
	n := 0
	if n < len(s) && s[n] == '-' {
		n++
	}
	d := n
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == d {
		return 0
	}
	return n
}

// commands are the words the second expression accepts, as the referee's
// Action enum names them.
var commands = [...]struct {
	word string
	kind Kind
}{{"WAIT", Wait}, {"UP", Up}, {"DOWN", Down}, {"LEFT", Left}, {"RIGHT", Right},
	{"PLAN", Plan}, {"LIGHT", Light}, {"YELL", Yell}}

// ParseLine reads one explorer's line as the referee does. ok is false for
// a line that removes the player.
func ParseLine(line string) (a Action, ok bool) {
	// '$' also matches before a line terminator that ends the input; \s*
	// already takes \n and \r, so only the others need this.
	if r, n := utf8.DecodeLastRuneInString(line); n > 0 && (r == 0x85 || r == 0x2028 || r == 0x2029) {
		line = line[:len(line)-n]
	}
	if len(line) >= 5 && strings.EqualFold(line[:5], "MOVE ") {
		rest := line[5:]
		if nx := digits(rest); nx > 0 && nx < len(rest) && rest[nx] == ' ' {
			ry := rest[nx+1:]
			if ny := digits(ry); ny > 0 && tail(ry[ny:]) {
				x, okx := java.ParseInt(rest[:nx])
				y, oky := java.ParseInt(ry[:ny])
				if !okx || !oky {
					return Action{}, false
				}
				return Action{Kind: Move, X: x, Y: y}, true
			}
		}
	}
	w := 0
	for w < len(line) && isWord(line[w]) {
		w++
	}
	if w == 0 || !tail(line[w:]) {
		return Action{}, false
	}
	for _, c := range commands {
		if strings.EqualFold(line[:w], c.word) {
			return Action{Kind: c.kind}, true
		}
	}
	return Action{}, false
}

// FormatAction writes a typed command as a bot would.
func FormatAction(a Action) string {
	if a.Kind == Move {
		return "MOVE " + strconv.Itoa(a.X) + " " + strconv.Itoa(a.Y)
	}
	return a.Kind.String()
}

// validText reports whether a typed command could be written as a line the
// referee accepts: a MOVE's numbers must be within int range.
func (a Action) validText() bool {
	if a.Kind == Move {
		const lo, hi = -1 << 31, 1<<31 - 1
		return a.X >= lo && a.X <= hi && a.Y >= lo && a.Y <= hi
	}
	return true
}
