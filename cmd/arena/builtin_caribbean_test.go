package main

import (
	"reflect"
	"testing"

	"cgpolicy/engine/arena"
	"cgpolicy/engine/caribbean"
)

func TestBuiltinCaribbeanRegistered(t *testing.T) {
	if caribbeanBuiltinErr != nil {
		t.Fatal(caribbeanBuiltinErr)
	}
	for _, name := range []string{"random", "greedy", "net", "search"} {
		if _, err := arena.LookupPolicy("caribbean", name); err != nil {
			t.Errorf("builtin:%s: %v", name, err)
		}
	}
}

// TestBuiltinCaribbeanGreedyBeatsRandom plays greedy against random
// in-process, each seed from both seats: greedy must win at least 95% with
// no fault, and the same seeds must replay the same games.
func TestBuiltinCaribbeanGreedyBeatsRandom(t *testing.T) {
	const games = 20
	res := playBuiltins(t, caribbean.Game{}, games, nil)
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
	again := playBuiltins(t, caribbean.Game{}, games, nil)
	for i := range res {
		a, b := res[i], again[i]
		if !reflect.DeepEqual(a.Scores, b.Scores) || a.Turns != b.Turns || a.Winner != b.Winner {
			t.Fatalf("game %d differs between runs: %+v vs %+v", i, a, b)
		}
	}
}
