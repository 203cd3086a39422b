package kutulu

import (
	"strconv"
	"testing"

	"cgpolicy/internal/bot/bottest"
)

// fuzzMaze is the init block of a 5x5 fuzzMaze with a wanderer spawn and a
// shelter.
const fuzzMaze = "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\n3 1 3 30\n"

// fuzzTurn is a turn's input with the own explorer 0 at (1, 1), explorer 1 at
// (3, 3) and the lines given after them.
func fuzzTurn(more ...string) string {
	s := strconv.Itoa(2+len(more)) + "\nEXPLORER 0 1 1 250 2 3\nEXPLORER 1 3 3 250 2 3\n"
	for _, l := range more {
		s += l + "\n"
	}
	return s
}

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", ""),
	bottest.Bad("garbage", "\x00\xff\n\n"),
	bottest.Bad("negative width", "-5\n5\n"),
	bottest.Bad("huge height", "5\n1000000000\n"),
	bottest.Bad("truncated fuzzMaze", "5\n5\n#####\n"),
	bottest.Bad("short row", "5\n5\n#####\n#.w#\n#...#\n#U..#\n#####\n3 1 3 30\n"+fuzzTurn()),
	bottest.Bad("unknown tile", "5\n5\n#####\n#.w.#\n#.?.#\n#U..#\n#####\n3 1 3 30\n"+fuzzTurn()),
	bottest.Bad("garbage constants", "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\nx\n"+fuzzTurn()),
	bottest.Bad("huge life time", "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\n3 1 3 1000000000\n"+fuzzTurn()),
	bottest.Bad("negative entity count", fuzzMaze+"-1\n"),
	bottest.Bad("huge entity count", fuzzMaze+"1000000000\n"),
	bottest.Bad("no entity", fuzzMaze+"0\n"),
	bottest.Bad("truncated turn", fuzzMaze+"3\nEXPLORER 0 1 1 250 2 3\n"),
	bottest.Bad("minion first", fuzzMaze+"1\nWANDERER 4 2 1 3 0 -1\n"),
	bottest.Bad("explorer in a wall", fuzzMaze+"1\nEXPLORER 0 0 0 250 2 3\n"),
	bottest.Bad("explorer off the fuzzMaze", fuzzMaze+"1\nEXPLORER 0 9 1 250 2 3\n"),
	bottest.Bad("bad explorer id", fuzzMaze+"1\nEXPLORER 7 1 1 250 2 3\n"),
	bottest.Bad("twice the same explorer", fuzzMaze+"2\nEXPLORER 0 1 1 250 2 3\nEXPLORER 0 3 3 250 2 3\n"),
	bottest.Bad("huge sanity", fuzzMaze+"1\nEXPLORER 0 1 1 1000000 2 3\n"),
	bottest.Bad("negative plans", fuzzMaze+"1\nEXPLORER 0 1 1 250 -2 3\n"),
	bottest.Bad("minion off the fuzzMaze", fuzzMaze+fuzzTurn("WANDERER 4 -1 1 3 0 -1")),
	bottest.Bad("bad minion state", fuzzMaze+fuzzTurn("SLASHER 4 2 2 3 9 -1")),
	bottest.Bad("bad minion target", fuzzMaze+fuzzTurn("SLASHER 4 2 2 3 1 4")),
	bottest.Bad("huge countdown", fuzzMaze+fuzzTurn("WANDERER 4 2 1 1000000000 1 -1")),
	bottest.Bad("bad yell", fuzzMaze+fuzzTurn("EFFECT_YELL -1 -1 -1 1 0 9")),
	bottest.Bad("yell on a cell", fuzzMaze+fuzzTurn("EFFECT_YELL -1 1 1 1 0 1")),
	bottest.Bad("shelter with a caster", fuzzMaze+fuzzTurn("EFFECT_SHELTER -1 1 3 10 0 -1")),
	bottest.Bad("huge tick", fuzzMaze+fuzzTurn("EFFECT_LIGHT -1 1 1 1000 0 -1")),
	bottest.Bad("unknown entity", fuzzMaze+fuzzTurn("KRAKEN 4 2 1 3 0 -1")),
	bottest.Good("tiny game", fuzzMaze+fuzzTurn("WANDERER 4 2 1 3 0 -1", "EFFECT_SHELTER -1 1 3 10 -1 -1")+
		fuzzTurn("WANDERER 4 2 1 2 0 -1", "EFFECT_YELL -1 -1 -1 1 1 0", "EFFECT_PLAN -1 3 3 4 1 -1")),
}

// FuzzReadInput feeds the bot's reader truncated, negative, huge and
// garbage input and real games (see bottest.Fuzz). The seed corpus runs in
// go test; go test -fuzz FuzzReadInput ./engine/kutulu searches further.
func FuzzReadInput(f *testing.F) { bottest.Fuzz(f, "kutulu", inputCases, bottest.Read(Reader)) }
