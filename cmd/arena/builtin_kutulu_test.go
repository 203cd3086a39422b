package main

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine/arena"
	"cgpolicy/engine/kutulu"
)

func TestBuiltinKutuluRegistered(t *testing.T) {
	if kutuluBuiltinErr != nil {
		t.Fatal(kutuluBuiltinErr)
	}
	for _, name := range []string{"random", "greedy", "net", "search", "search-timed"} {
		if _, err := arena.LookupPolicy("kutulu", name); err != nil {
			t.Errorf("builtin:%s: %v", name, err)
		}
	}
}

// playKutulu plays cmds (one per seat) in-process, each seed in the four
// rotated seatings.
func playKutulu(t *testing.T, cmds []string, seeds int) []arena.Result {
	t.Helper()
	var bots []arena.Bot
	for _, cmd := range cmds {
		b, err := arena.ParseBot("kutulu", cmd)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	res, err := arena.Run(context.Background(), arena.Config{
		Game:    kutulu.Game{},
		Bots:    bots,
		Matches: arena.Schedule(arena.SeedRange(1, seeds), arena.Seatings(4, true), 0),
		Limits:  arena.DefaultLimits,
		Workers: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestBuiltinKutuluGreedyBeatsRandom(t *testing.T) {
	const seeds = 5
	cmds := []string{"builtin:greedy", "builtin:random", "builtin:random", "builtin:random"}
	res := playKutulu(t, cmds, seeds)
	sum := arena.Summarize(cmds, res)
	if sum.Games != 4*seeds {
		t.Fatalf("%d games, want %d", sum.Games, 4*seeds)
	}
	if g := sum.Bots[0]; g.AvgRank > 1.5 {
		t.Errorf("greedy's average rank %.2f against three random bots, want <= 1.5", g.AvgRank)
	}
	for _, b := range sum.Bots {
		if b.Timeouts+b.Crashes+b.Invalid > 0 {
			t.Errorf("%s: %d timeouts, %d crashes, %d invalid", b.Cmd, b.Timeouts, b.Crashes, b.Invalid)
		}
	}
	again := playKutulu(t, cmds, seeds)
	for i := range res {
		if !reflect.DeepEqual(res[i].Scores, again[i].Scores) || res[i].Turns != again[i].Turns {
			t.Fatalf("game %d differs between runs: %+v vs %+v", i, res[i], again[i])
		}
	}
}

// TestPlayKutuluMixedTable plays a 2+1+1 table through arena play: each
// -bot is one seat, each seed is played in the four rotations, and the
// summary gives places, first places and ratings.
func TestPlayKutuluMixedTable(t *testing.T) {
	args := []string{"-game", "kutulu", "-bot", "builtin:greedy", "-bot", "builtin:greedy", "-bot", "builtin:random",
		"-bot", "builtin:random", "-games", "8", "-workers", "1", "-json"}
	var stdout, stderr bytes.Buffer
	if err := runPlay(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "avg rank") || !strings.Contains(stdout.String(), "rating") {
		t.Errorf("no places table:\n%s", stdout.String())
	}
	sum := lastJSON(t, stdout.String())
	if sum.Games != 8 || len(sum.Bots) != 4 {
		t.Fatalf("%d games, %d bots", sum.Games, len(sum.Bots))
	}
	for g := 0; g < 2; g++ {
		for r := 2; r < 4; r++ {
			if !(sum.Bots[g].AvgRank < sum.Bots[r].AvgRank) || !(sum.Bots[g].Rating > sum.Bots[r].Rating) {
				t.Errorf("greedy %d (rank %.2f, rating %.1f) not ahead of random %d (rank %.2f, rating %.1f)",
					g, sum.Bots[g].AvgRank, sum.Bots[g].Rating, r, sum.Bots[r].AvgRank, sum.Bots[r].Rating)
			}
		}
	}
}
