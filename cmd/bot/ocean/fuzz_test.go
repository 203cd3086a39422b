package main

import (
	"io"
	"strings"
	"testing"

	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// sea is the init block of seat 0 on open water with one island at (1, 0).
var sea = "15 15 0\n.x" + strings.Repeat(".", 13) + "\n" + strings.Repeat(strings.Repeat(".", 15)+"\n", 14)

// turn is a turn's input at (7, 7), full lives and charged powers, with the
// opponent's orders given.
func turn(orders string) string { return "7 7 6 6 0 0 0 0\nNA\n" + orders + "\n" }

// inputCases are truncated, negative, huge and garbage inputs, each of
// which must stop the bot, and a tiny valid game.
var inputCases = []bottest.Case{
	bottest.Bad("empty", ""),
	bottest.Bad("garbage", "\x00\xff\n\n"),
	bottest.Bad("huge map", "1000000000 1000000000 0\n"),
	bottest.Bad("negative index", "15 15 -1\n"+sea[8:]),
	bottest.Bad("truncated map", "15 15 0\n...............\n"),
	bottest.Bad("short row", "15 15 0\n.x\n"+sea[24:]),
	bottest.Bad("unknown tile", "15 15 0\n.?"+sea[10:]),
	bottest.Bad("truncated turn", sea+"7 7 6 6 0 0 0 0\n"),
	bottest.Bad("garbage turn", sea+"a b c\nNA\nNA\n"),
	bottest.Bad("off the map", sea+"15 7 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("negative cell", sea+"7 -1 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("on the island", sea+"1 0 6 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("huge life", sea+"7 7 1000000000 6 0 0 0 0\nNA\nNA\n"),
	bottest.Bad("negative cooldown", sea+"7 7 6 6 -1 0 0 0\nNA\nNA\n"),
	bottest.Bad("huge cooldown", sea+"7 7 6 6 0 0 1000000000 0\nNA\nNA\n"),
	bottest.Bad("bad sonar", sea+"7 7 6 6 0 0 0 0\nMAYBE\nNA\n"),
	bottest.Bad("torpedo off the map", sea+turn("TORPEDO 99 3")),
	bottest.Bad("negative sector", sea+turn("SURFACE -1")),
	bottest.Bad("bad direction", sea+turn("MOVE Q")),
	bottest.Bad("unknown order", sea+turn("KRAKEN 3")),
	bottest.Bad("empty order", sea+turn("MOVE N||MINE")),
	bottest.Bad("too many orders", sea+turn(strings.Repeat("MOVE N|", 1000)+"MOVE N")),
	bottest.Bad("second placement", sea+"PLACE\n"),
	bottest.Good("tiny game", sea+turn("NA")+turn("MOVE N|TORPEDO 3 4|SONAR 5")+turn("SILENCE|MINE|TRIGGER 0 14|SURFACE 9")),
}

// FuzzReadInput feeds the bot truncated, negative, huge and garbage input
// and real games (see bottest.Fuzz). The seed corpus runs in go test;
// go test -fuzz FuzzReadInput ./cmd/bot/ocean searches further.
func FuzzReadInput(f *testing.F) {
	bottest.Fuzz(f, "ocean", inputCases, func(in io.Reader, out, log io.Writer) error {
		pol, err := policy.Policies.Make("greedy", 1)
		if err != nil {
			return err
		}
		return bot.Run(&placeReader{r: in}, out, newPlayer(pol, nil), bot.Config{NoDeadline: true, Verbose: true, Log: log})
	})
}
