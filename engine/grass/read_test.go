package grass

import (
	"strings"
	"testing"

	"cgpolicy/internal/bot/bottest"
)

// fuzzCell is a neutral fuzzCell with scrap.
const fuzzCell = "5 -1 0 0 0 0 0"

// fuzzTurn is one turn's input on the smallest map (12x6): the matter line,
// then every fuzzCell neutral except those given, by index.
func fuzzTurn(matter string, cells map[int]string) string {
	lines := []string{matter}
	for i := 0; i < 12*6; i++ {
		c, ok := cells[i]
		if !ok {
			c = fuzzCell
		}
		lines = append(lines, c)
	}
	return strings.Join(lines, "\n") + "\n"
}

// fuzzGame is a valid turn with one own unit at fuzzCell 13 and one opposing unit
// at fuzzCell 58, with fuzzCell 13 changed to own when given.
func fuzzGame(matter, own string) string {
	if own == "" {
		own = "5 1 1 0 0 1 0"
	}
	return "12 6\n" + fuzzTurn(matter, map[int]string{13: own, 58: "5 0 1 0 0 0 0"})
}

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", ""),
	bottest.Bad("garbage init", "x y\n"),
	bottest.Bad("one number", "12\n"),
	bottest.Bad("three numbers", "12 6 7\n"+fuzzTurn("10 10", nil)),
	bottest.Bad("negative size", "-12 6\n"),
	bottest.Bad("zero size", "0 0\n10 10\n"),
	bottest.Bad("huge size", "1000000000 1000000000\n"),
	bottest.Bad("overflowing size", "4611686018427387904 4\n"),
	bottest.Bad("too wide", "25 12\n"),
	bottest.Bad("truncated turn", "12 6\n10 10\n"+fuzzCell+"\n"),
	bottest.Bad("negative matter", fuzzGame("-10 10", "")),
	bottest.Bad("huge matter", fuzzGame("10 1000000000000", "")),
	bottest.Bad("garbage matter", fuzzGame("10 x", "")),
	bottest.Bad("one matter", fuzzGame("10", "")),
	bottest.Bad("huge scrap", fuzzGame("10 10", "300 1 1 0 0 1 0")),
	bottest.Bad("negative scrap", fuzzGame("10 10", "-1 1 1 0 0 1 0")),
	bottest.Bad("bad owner", fuzzGame("10 10", "5 2 1 0 0 1 0")),
	bottest.Bad("negative units", fuzzGame("10 10", "5 1 -1 0 0 1 0")),
	bottest.Bad("huge units", fuzzGame("10 10", "5 1 4294967297 0 0 1 0")),
	bottest.Bad("units on a neutral fuzzCell", fuzzGame("10 10", "5 -1 3 0 0 0 0")),
	bottest.Bad("bad recycler", fuzzGame("10 10", "5 1 1 2 0 1 0")),
	bottest.Bad("bad flag", fuzzGame("10 10", "5 1 1 0 0 7 0")),
	bottest.Bad("short fuzzCell", fuzzGame("10 10", "5 1 1")),
	bottest.Bad("garbage fuzzCell", fuzzGame("10 10", "\x00\xff")),
	bottest.Good("tiny game", fuzzGame("10 10", "")),
	bottest.Good("two turns", fuzzGame("10 10", "")+fuzzTurn("20 20", map[int]string{13: "5 1 2 0 0 1 0", 58: "5 0 1 0 0 0 0"})),
}

// FuzzReadInput feeds the bot's reader truncated, negative, huge and
// garbage input and real games (see bottest.Fuzz). The seed corpus runs in
// go test; go test -fuzz FuzzReadInput ./engine/grass searches further.
func FuzzReadInput(f *testing.F) { bottest.Fuzz(f, "grass", inputCases, bottest.Read(Reader)) }
