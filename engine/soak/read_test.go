package soak

import (
	"strings"
	"testing"

	"cgpolicy/internal/bot/bottest"
)

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", ""),
	bottest.Bad("truncated init", "0\n2\n1 0 1 4 16 1\n"),
	bottest.Bad("negative agent count", "0\n-2\n"),
	bottest.Bad("huge agent count", "0\n1000000000\n"),
	bottest.Bad("odd agent count", "0\n3\n1 0 1 4 16 1\n2 0 1 4 16 1\n3 1 1 4 16 1\n"),
	bottest.Bad("bad player", "2\n2\n1 0 1 4 16 1\n2 1 1 4 16 1\n1 1\n0 0 0\n"),
	bottest.Bad("huge map", tinyInit("1 1000000000", "0 0 0")+"0\n0\n"),
	bottest.Bad("negative map", tinyInit("-1 1", "0 0 0")+"0\n0\n"),
	bottest.Bad("garbage map row", tinyInit("1 1", "x y z")+"0\n0\n"),
	bottest.Bad("garbage", "\x00\xff\n\n\n"),
	bottest.Bad("negative alive count", tinyInit("2 1", "0 0 0 1 0 0")+"-1\n0\n"),
	bottest.Bad("huge alive count", tinyInit("2 1", "0 0 0 1 0 0")+"1000000000\n0\n"),
	bottest.Bad("truncated turn", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n"),
	bottest.Bad("agent off the map", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 5 0 0 1 0\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("agent on cover", tinyInit("2 1", "0 0 1 1 0 0")+"2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("agents on one cell", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n2 0 0 0 1 0\n1\n"),
	bottest.Bad("duplicate agent", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n1 1 0 0 1 0\n1\n"),
	bottest.Bad("negative wetness", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 -5\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("drowned agent", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 100\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("huge cooldown", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 99 1 0\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("bombs from nowhere", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 7 0\n2 1 0 0 1 0\n1\n"),
	bottest.Bad("huge own count", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1000000000\n"),
	bottest.Bad("wrong own count", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n2 1 0 0 1 0\n2\n"),
	bottest.Good("tiny game", tinyInit("2 1", "0 0 0 1 0 0")+"2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1\n"),
}

// tinyInit is the init block of a game of two gunners (ids 1 and 2) on a
// map of the given size line and rows, from seat 0.
func tinyInit(size string, rows ...string) string {
	return "0\n2\n1 0 1 4 16 1\n2 1 1 4 16 1\n" + size + "\n" + strings.Join(rows, "\n") + "\n"
}

// FuzzReadInput feeds the bot's reader truncated, negative, huge and
// garbage input and real games (see bottest.Fuzz). The seed corpus runs in
// go test; go test -fuzz FuzzReadInput ./engine/soak searches further.
func FuzzReadInput(f *testing.F) { bottest.Fuzz(f, "soak", inputCases, bottest.Read(Reader)) }

// TestBlind checks the blind answer for input the engine cannot read: a
// line per own agent as the last line counts them, one for a count it
// cannot read, and no more than a side's agents.
func TestBlind(t *testing.T) {
	bottest.Blind(t, Blind, "HUNKER_DOWN", []bottest.BlindCase{
		{Input: []string{"1", "9 0 0 0 0 0", "3"}, Lines: 3},
		{Input: []string{"0", "x"}, Lines: 1},
		{Lines: 1},
		{Input: []string{"1000000000"}, Lines: MaxAgents / 2},
	}...)
}
