package main

import (
	"reflect"
	"testing"

	"cgpolicy/engine/arena"
	"cgpolicy/engine/ocean"
)

func TestBuiltinOceanRegistered(t *testing.T) {
	if oceanBuiltinErr != nil {
		t.Fatal(oceanBuiltinErr)
	}
	for _, name := range []string{"random", "greedy", "net", "search"} {
		if _, err := arena.LookupPolicy("ocean", name); err != nil {
			t.Errorf("builtin:%s: %v", name, err)
		}
	}
}

func TestBuiltinOceanGreedyBeatsRandom(t *testing.T) {
	const games = 20
	res := playBuiltins(t, ocean.Game{}, games, nil)
	sum := arena.Summarize([]string{"builtin:greedy", "builtin:random"}, res)
	g := sum.Bots[0]
	if sum.Games != games || g.Wins*100 < games*95 {
		t.Fatalf("greedy won %d of %d games (want >= 95%%): %+v", g.Wins, sum.Games, sum)
	}
	for _, b := range sum.Bots {
		if b.Timeouts+b.Crashes+b.Invalid > 0 {
			t.Errorf("%s: %d timeouts, %d crashes, %d invalid", b.Cmd, b.Timeouts, b.Crashes, b.Invalid)
		}
	}
	again := playBuiltins(t, ocean.Game{}, games, nil)
	for i := range res {
		a, b := res[i], again[i]
		if !reflect.DeepEqual(a.Scores, b.Scores) || a.Turns != b.Turns || a.Winner != b.Winner {
			t.Fatalf("game %d differs between runs: %+v vs %+v", i, a, b)
		}
	}
}
