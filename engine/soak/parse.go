package soak

import (
	"cgpolicy/engine/java"

	"errors"
	"strconv"
	"strings"
)

// The referee splits each output line on ';', reads a leading agent id, and
// matches each trimmed part against five case-insensitive regular
// expressions. The functions below reproduce Java's String.split, trim,
// Integer.parseInt and those expressions without regexp, so that odd lines
// are accepted or rejected exactly as online.

// expected is the referee's description of a valid command.
const expected = "MOVE x y | SHOOT id | THROW x y | HUNKER_DOWN | MESSAGE text"

// InvalidInput is the referee's reason for disqualifying a player for a
// line it cannot read; Got is the offending command.
type InvalidInput struct{ Got string }

// Error is the referee's message, as shown in the game summary.
func (e *InvalidInput) Error() string {
	return "Invalid Input: Expected " + expected + " but got '" + e.Got + "'"
}

// ErrTimeout is the reason for deactivating a player that sent too few
// lines, worded as the referee words it.
var ErrTimeout = errors.New("Timeout!")

// splitSemicolon is Java's line.split(";"): no match gives the whole line,
// and trailing empty parts are dropped (so ";" gives nothing at all).
func splitSemicolon(line string) []string {
	if !strings.Contains(line, ";") {
		return []string{line}
	}
	parts := strings.Split(line, ";")
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// number reads `-?\d+` (ASCII digits) at the start of s and returns the rest.
// A value outside int range is an overflow: the referee then fails on
// Integer.valueOf, which is fatal.
func number(s string, signed bool) (v int, rest string, ok, overflow bool) {
	i := 0
	if signed && i < len(s) && s[i] == '-' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0, s, false, false
	}
	n, err := strconv.ParseInt(s[:j], 10, 32)
	if err != nil {
		return 0, s[j:], true, true
	}
	return int(n), s[j:], true, false
}

// command is one parsed part of a line.
type command struct {
	kind Combat // NoCombat with move or message set
	move bool
	msg  bool
	x, y int // move or throw target
	id   int // shoot target
}

// parseCommand matches one trimmed part. ok is false when nothing matches;
// overflow when a number is out of int range (both fatal for the referee,
// but an unmatched part is forgiven once the agent's orders are full).
func parseCommand(cmd string) (c command, ok, overflow bool) {
	two := func(rest string, signed bool) (int, int, bool, bool) {
		x, rest, ok1, of1 := number(rest, signed)
		if !ok1 || rest == "" || rest[0] != ' ' {
			return 0, 0, false, false
		}
		y, rest, ok2, of2 := number(rest[1:], signed)
		if !ok2 || rest != "" {
			return 0, 0, false, false
		}
		return x, y, true, of1 || of2
	}
	switch {
	case java.HasPrefixFold(cmd, "MOVE "):
		x, y, ok, of := two(cmd[5:], false)
		return command{move: true, x: x, y: y}, ok, ok && of
	case java.HasPrefixFold(cmd, "SHOOT "):
		id, rest, ok, of := number(cmd[6:], false)
		ok = ok && rest == ""
		return command{kind: Shoot, id: id}, ok, ok && of
	case java.HasPrefixFold(cmd, "THROW "):
		x, y, ok, of := two(cmd[6:], true)
		return command{kind: Throw, x: x, y: y}, ok, ok && of
	case len(cmd) == 4 && java.HasPrefixFold(cmd, "WAIT"),
		len(cmd) == 11 && java.HasPrefixFold(cmd, "HUNKER_DOWN"):
		return command{kind: Hunker}, true, false
	case java.HasPrefixFold(cmd, "MESSAGE "):
		return command{msg: true}, true, false
	}
	return command{}, false, false
}

// apply merges a command into the orders: the last of each kind wins. (The
// referee's flag against double moves makes a later move replace the
// earlier one rather than add a second step.)
func (o *orders) apply(c command) {
	switch {
	case c.msg:
		o.message = true
	case c.move:
		o.move, o.moveX, o.moveY = true, c.x, c.y
	case c.kind == Shoot:
		o.combat, o.shootID = Shoot, c.id
	case c.kind == Throw:
		o.combat, o.throwX, o.throwY = Throw, c.x, c.y
	case c.kind == Hunker:
		o.combat = Hunker
	}
}

// parseLine reads one output line. The line belongs to the agent whose id
// leads it (only when it holds a ';' and its first part is an integer),
// else to defaultID. lookup returns the orders of an agent the player may
// command, or nil. The returned error is the referee's reason to disqualify
// the player; parts before the bad one keep their effect.
func parseLine(line string, defaultID int, lookup func(id int) *orders) (int, error) {
	parts := splitSemicolon(line)
	id, start := defaultID, 0
	if len(parts) > 1 {
		if v, ok := java.ParseInt(parts[0]); ok {
			id, start = v, 1
		}
	}
	for _, part := range parts[start:] {
		cmd := java.Trim(part)
		o := lookup(id)
		if o == nil {
			return id, &InvalidInput{Got: cmd}
		}
		c, ok, overflow := parseCommand(cmd)
		if overflow {
			return id, &InvalidInput{Got: cmd}
		}
		if ok {
			o.apply(c)
		}
		if o.full() {
			break
		}
		if !ok {
			return id, &InvalidInput{Got: cmd}
		}
	}
	return id, nil
}

// ParseAction reads one output line as the referee would, for an agent that
// has no orders yet: the agent is the line's leading id, or defaultID when
// the line has none. Agent ownership is not checked here (the State does
// that); the error is the referee's reason to disqualify.
func ParseAction(line string, defaultID int) (Action, error) {
	var o orders
	id, err := parseLine(line, defaultID, func(int) *orders { return &o })
	a := Action{Agent: id, Move: o.move, MoveX: o.moveX, MoveY: o.moveY, Combat: o.combat}
	switch o.combat {
	case Shoot:
		a.ShootID = o.shootID
	case Throw:
		a.ThrowX, a.ThrowY = o.throwX, o.throwY
	}
	return a, err
}

// FormatAction writes an action as one output line, "id;MOVE x y;SHOOT t".
// An action that does nothing is written ";", which the referee reads as
// nothing for whichever agent the line belongs to (a lone id would be an
// invalid command).
func FormatAction(a Action) string {
	if !a.Move && a.Combat == NoCombat {
		return ";"
	}
	buf := make([]byte, 0, 32)
	buf = strconv.AppendInt(buf, int64(a.Agent), 10)
	if a.Move {
		buf = append(buf, ";MOVE "...)
		buf = strconv.AppendInt(buf, int64(a.MoveX), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(a.MoveY), 10)
	}
	switch a.Combat {
	case Hunker:
		buf = append(buf, ";HUNKER_DOWN"...)
	case Shoot:
		buf = append(buf, ";SHOOT "...)
		buf = strconv.AppendInt(buf, int64(a.ShootID), 10)
	case Throw:
		buf = append(buf, ";THROW "...)
		buf = strconv.AppendInt(buf, int64(a.ThrowX), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(a.ThrowY), 10)
	}
	return string(buf)
}
