package main

import (
	"io"
	"testing"

	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// ships are one own ship and one opposing ship, as a turn lists them.
const ships = "0 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty ship count", "\n"),
	bottest.Bad("garbage", "\x00\xff\n\n"),
	bottest.Bad("truncated", "1\n"),
	bottest.Bad("negative ship count", "-1\n0\n"),
	bottest.Bad("huge ship count", "1000000000\n2\n"+ships),
	bottest.Bad("too many ships", "4\n2\n"+ships),
	bottest.Bad("negative entity count", "1\n-1\n"),
	bottest.Bad("huge entity count", "1\n1000000000\n"+ships),
	bottest.Bad("truncated entities", "1\n3\n"+ships),
	bottest.Bad("garbage entity", "1\n2\n0 SHIP x 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("unknown entity", "1\n3\n"+ships+"9 KRAKEN 1 1 0 0 0 0\n"),
	bottest.Bad("ship off the map", "1\n2\n0 SHIP 23 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("negative cell", "1\n2\n0 SHIP 5 -1 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad orientation", "1\n2\n0 SHIP 5 5 6 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad speed", "1\n2\n0 SHIP 5 5 0 3 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("too much rum", "1\n2\n0 SHIP 5 5 0 0 101 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("bad owner flag", "1\n2\n0 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 7\n"),
	bottest.Bad("negative id", "1\n2\n-3 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("huge id", "1\n2\n1000000000 SHIP 5 5 0 0 100 1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("own ship missing", "1\n1\n1 SHIP 17 15 3 0 100 0\n"),
	bottest.Bad("barrel before the own ship", "1\n3\n2 BARREL 3 3 10 0 0 0\n"+ships),
	bottest.Bad("long cannonball flight", "1\n3\n"+ships+"2 CANNONBALL 3 3 0 9 0 0\n"),
	bottest.Bad("negative barrel", "1\n3\n"+ships+"2 BARREL 3 3 -10 0 0 0\n"),
	bottest.Bad("mine with arguments", "1\n3\n"+ships+"2 MINE 3 3 1 0 0 0\n"),
	bottest.Good("tiny game", "1\n4\n"+ships+"2 BARREL 3 3 10 0 0 0\n3 MINE 7 7 0 0 0 0\n1\n3\n"+ships+"4 CANNONBALL 6 5 1 2 0 0\n"),
}

// FuzzReadInput feeds the bot truncated, negative, huge and garbage input
// and real games (see bottest.Fuzz). The seed corpus runs in go test;
// go test -fuzz FuzzReadInput ./cmd/bot/caribbean searches further.
func FuzzReadInput(f *testing.F) {
	bottest.Fuzz(f, "caribbean", inputCases, func(in io.Reader, out, log io.Writer) error {
		return bot.Run(in, out, newPlayer(policy.NewGreedy(), nil), bot.Config{NoDeadline: true, Verbose: true, Log: log})
	})
}
