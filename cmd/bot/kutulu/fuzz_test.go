package main

import (
	"io"
	"strconv"
	"testing"

	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/bot"
	"cgpolicy/internal/bot/bottest"
)

// maze is the init block of a 5x5 maze with a wanderer spawn and a
// shelter.
const maze = "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\n3 1 3 30\n"

// turn is a turn's input with the own explorer 0 at (1, 1), explorer 1 at
// (3, 3) and the lines given after them.
func turn(more ...string) string {
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
	bottest.Bad("truncated maze", "5\n5\n#####\n"),
	bottest.Bad("short row", "5\n5\n#####\n#.w#\n#...#\n#U..#\n#####\n3 1 3 30\n"+turn()),
	bottest.Bad("unknown tile", "5\n5\n#####\n#.w.#\n#.?.#\n#U..#\n#####\n3 1 3 30\n"+turn()),
	bottest.Bad("garbage constants", "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\nx\n"+turn()),
	bottest.Bad("huge life time", "5\n5\n#####\n#.w.#\n#...#\n#U..#\n#####\n3 1 3 1000000000\n"+turn()),
	bottest.Bad("negative entity count", maze+"-1\n"),
	bottest.Bad("huge entity count", maze+"1000000000\n"),
	bottest.Bad("no entity", maze+"0\n"),
	bottest.Bad("truncated turn", maze+"3\nEXPLORER 0 1 1 250 2 3\n"),
	bottest.Bad("minion first", maze+"1\nWANDERER 4 2 1 3 0 -1\n"),
	bottest.Bad("explorer in a wall", maze+"1\nEXPLORER 0 0 0 250 2 3\n"),
	bottest.Bad("explorer off the maze", maze+"1\nEXPLORER 0 9 1 250 2 3\n"),
	bottest.Bad("bad explorer id", maze+"1\nEXPLORER 7 1 1 250 2 3\n"),
	bottest.Bad("twice the same explorer", maze+"2\nEXPLORER 0 1 1 250 2 3\nEXPLORER 0 3 3 250 2 3\n"),
	bottest.Bad("huge sanity", maze+"1\nEXPLORER 0 1 1 1000000 2 3\n"),
	bottest.Bad("negative plans", maze+"1\nEXPLORER 0 1 1 250 -2 3\n"),
	bottest.Bad("minion off the maze", maze+turn("WANDERER 4 -1 1 3 0 -1")),
	bottest.Bad("bad minion state", maze+turn("SLASHER 4 2 2 3 9 -1")),
	bottest.Bad("bad minion target", maze+turn("SLASHER 4 2 2 3 1 4")),
	bottest.Bad("huge countdown", maze+turn("WANDERER 4 2 1 1000000000 1 -1")),
	bottest.Bad("bad yell", maze+turn("EFFECT_YELL -1 -1 -1 1 0 9")),
	bottest.Bad("yell on a cell", maze+turn("EFFECT_YELL -1 1 1 1 0 1")),
	bottest.Bad("shelter with a caster", maze+turn("EFFECT_SHELTER -1 1 3 10 0 -1")),
	bottest.Bad("huge tick", maze+turn("EFFECT_LIGHT -1 1 1 1000 0 -1")),
	bottest.Bad("unknown entity", maze+turn("KRAKEN 4 2 1 3 0 -1")),
	bottest.Good("tiny game", maze+turn("WANDERER 4 2 1 3 0 -1", "EFFECT_SHELTER -1 1 3 10 -1 -1")+
		turn("WANDERER 4 2 1 2 0 -1", "EFFECT_YELL -1 -1 -1 1 1 0", "EFFECT_PLAN -1 3 3 4 1 -1")),
}

// FuzzReadInput feeds the bot truncated, negative, huge and garbage input
// and real games (see bottest.Fuzz). The seed corpus runs in go test;
// go test -fuzz FuzzReadInput ./cmd/bot/kutulu searches further.
func FuzzReadInput(f *testing.F) {
	bottest.Fuzz(f, "kutulu", inputCases, func(in io.Reader, out, log io.Writer) error {
		pol, err := policy.Policies.Make("greedy", 1)
		if err != nil {
			return err
		}
		return bot.Run(in, out, newPlayer(pol, nil), bot.Config{NoDeadline: true, Verbose: true, Log: log})
	})
}
