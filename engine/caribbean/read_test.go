package caribbean

import (
	"testing"

	"cgpolicy/internal/bot/bottest"
)

// fuzzShips are one own ship and one opposing ship, as a turn lists them.
const fuzzShips = "0 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty ship count", "\n"),
	bottest.Bad("garbage", "\x00\xff\n\n"),
	bottest.Bad("truncated", "1\n"),
	bottest.Bad("negative ship count", "-1\n0\n"),
	bottest.Bad("huge ship count", "1000000000\n2\n"+fuzzShips),
	bottest.Bad("too many fuzzShips", "4\n2\n"+fuzzShips),
	bottest.Bad("negative entity count", "1\n-1\n"),
	bottest.Bad("huge entity count", "1\n1000000000\n"+fuzzShips),
	bottest.Bad("truncated entities", "1\n3\n"+fuzzShips),
	bottest.Bad("garbage entity", "1\n2\n0 SHIP x 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("unknown entity", "1\n3\n"+fuzzShips+"9 KRAKEN 1 1 0 0 0 0\n"),
	bottest.Bad("ship off the map", "1\n2\n0 SHIP 23 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("negative cell", "1\n2\n0 SHIP 5 -1 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad orientation", "1\n2\n0 SHIP 5 5 6 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad speed", "1\n2\n0 SHIP 5 5 0 3 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("too much rum", "1\n2\n0 SHIP 5 5 0 0 101 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad owner flag", "1\n2\n0 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 7\n"),
	bottest.Bad("negative id", "1\n2\n-3 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("huge id", "1\n2\n1000000000 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("own ship missing", "1\n1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("barrel before the own ship", "1\n3\n2 BARREL 3 3 10 0 0 0\n"+fuzzShips),
	bottest.Bad("long cannonball flight", "1\n3\n"+fuzzShips+"2 CANNONBALL 3 3 0 9 0 0\n"),
	bottest.Bad("negative barrel", "1\n3\n"+fuzzShips+"2 BARREL 3 3 -10 0 0 0\n"),
	bottest.Bad("mine with arguments", "1\n3\n"+fuzzShips+"2 MINE 3 3 1 0 0 0\n"),
	bottest.Good("tiny game", "1\n4\n"+fuzzShips+"2 BARREL 3 3 10 0 0 0\n3 MINE 7 7 0 0 0 0\n1\n3\n"+fuzzShips+"4 CANNONBALL 6 5 1 2 0 0\n"),
}

// FuzzReadInput feeds the bot's reader truncated, negative, huge and
// garbage input and real games (see bottest.Fuzz). The seed corpus runs in
// go test; go test -fuzz FuzzReadInput ./engine/caribbean searches further.
func FuzzReadInput(f *testing.F) { bottest.Fuzz(f, "caribbean", inputCases, bottest.Read(Reader)) }

// TestBlind: WAIT for each ship the first line counts, at least one and
// at most MaxShips.
func TestBlind(t *testing.T) {
	bottest.Blind(t, Blind, "WAIT", bottest.BlindCase{Input: []string{"2", "x"}, Lines: 2}, bottest.BlindCase{Input: []string{"x"}, Lines: 1},
		bottest.BlindCase{Lines: 1}, bottest.BlindCase{Input: []string{"0"}, Lines: 1}, bottest.BlindCase{Input: []string{"1000000000"}, Lines: MaxShips})
}
