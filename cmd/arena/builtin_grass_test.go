package main

import (
	"reflect"
	"testing"

	"cgpolicy/engine/arena"
	"cgpolicy/engine/grass"
)

func TestBuiltinGrassRegistered(t *testing.T) {
	if grassBuiltinErr != nil {
		t.Fatal(grassBuiltinErr)
	}
	for _, name := range []string{"random", "greedy", "net", "search"} {
		if _, err := arena.LookupPolicy("grass", name); err != nil {
			t.Errorf("builtin:%s: %v", name, err)
		}
	}
}

// playGrassBuiltins plays builtin:greedy against builtin:random in-process,
// each seed from both seats.
func playGrassBuiltins(t *testing.T, games int) []arena.Result {
	t.Helper()
	return playBuiltins(t, grass.Game{}, games, nil)
}

func TestBuiltinGrassGreedyBeatsRandom(t *testing.T) {
	const games = 20
	res := playGrassBuiltins(t, games)
	sum := arena.Summarize([]string{"builtin:greedy", "builtin:random"}, res)
	g := sum.Bots[0]
	if sum.Games != games || g.Wins*10 < games*9 {
		t.Fatalf("greedy won %d of %d games (want >= 90%%): %+v", g.Wins, sum.Games, sum)
	}
	for _, b := range sum.Bots {
		if b.Timeouts+b.Crashes+b.Invalid > 0 {
			t.Errorf("%s: %d timeouts, %d crashes, %d invalid", b.Cmd, b.Timeouts, b.Crashes, b.Invalid)
		}
	}
	// Same seeds, same games: in-process play depends on nothing else.
	again := playGrassBuiltins(t, games)
	for i := range res {
		a, b := res[i], again[i]
		if !reflect.DeepEqual(a.Scores, b.Scores) || a.Turns != b.Turns || a.Winner != b.Winner {
			t.Fatalf("game %d differs between runs: %+v vs %+v", i, a, b)
		}
	}
}
