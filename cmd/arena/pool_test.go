package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"cgpolicy/engine/games"
)

// TestPoolFlags: arena pool's flag errors, and a game without a pool.
func TestPoolFlags(t *testing.T) {
	nopool := ""
	for _, g := range games.Names() {
		if _, ok := gamePools[g]; !ok {
			nopool = g
		}
	}
	if nopool == "" {
		t.Fatal("every game has a pool; the no-pool case needs another")
	}
	cases := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no game", []string{"-bot", "builtin:greedy"}, "-game is required"},
		{"no bot", []string{"-game", "soak"}, "-bot is required"},
		{"zero seeds", []string{"-game", "soak", "-bot", "builtin:greedy", "-seeds", "0"}, "-seeds must be positive"},
		{"no workers", []string{"-game", "soak", "-bot", "builtin:greedy", "-workers", "0"}, "-workers"},
		{"stray argument", []string{"-game", "soak", "-bot", "builtin:greedy", "x"}, "unexpected argument"},
		{"game without pool", []string{"-game", nopool, "-bot", "builtin:greedy"}, "has no evaluation pool"},
		{"unknown member", []string{"-game", "soak", "-bot", "builtin:greedy", "-members", "nosuch"}, "not in the soak pool"},
		{"unknown builtin bot", []string{"-game", "soak", "-bot", "builtin:nosuch", "-members", "random"}, "no builtin policy"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(append([]string{"pool"}, tc.args...), &out, &errb)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestPoolRun plays greedy against each game's whole pool on one seed from
// both seats, in-process, and checks the table and its JSON: one row per
// member in pool order, two games each, scores in range, and every scripted
// member playing without faults.
func TestPoolRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the pools")
	}
	for _, game := range []string{"soak", "grass"} {
		game := game
		t.Run(game, func(t *testing.T) { poolRun(t, game) })
	}
}

func poolRun(t *testing.T, game string) {
	var out, errb bytes.Buffer
	if err := run([]string{"pool", "-game", game, "-bot", "builtin:greedy", "-seeds", "1", "-seed", "5", "-workers", "2", "-json"}, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var rep PoolReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line is not the JSON report: %v\n%s", err, out.String())
	}
	want := gamePools[game]()
	if len(want) < 5 {
		t.Fatalf("pool %v: the baselines are not registered", want)
	}
	if len(rep.Rows) != len(want) {
		t.Fatalf("%d rows for pool %v\n%s", len(rep.Rows), want, out.String())
	}
	for i, row := range rep.Rows {
		b := row.Bot
		if row.Member != want[i] {
			t.Errorf("row %d is %q, want %q", i, row.Member, want[i])
		}
		if g := b.Wins + b.Losses + b.Draws; g != 2 {
			t.Errorf("%s: %d games, want 2", row.Member, g)
		}
		if b.SeedScore < 0 || b.SeedScore > 1 || b.SeedCI95[0] > b.SeedScore || b.SeedCI95[1] < b.SeedScore {
			t.Errorf("%s: seed score %v outside its interval %v", row.Member, b.SeedScore, b.SeedCI95)
		}
		if b.Timeouts+b.Crashes+b.Invalid != 0 {
			t.Errorf("%s: greedy had faults: %+v", row.Member, b)
		}
		if b.Cmd != "builtin:greedy" {
			t.Errorf("%s: the bot row is %q", row.Member, b.Cmd)
		}
		if !strings.Contains(out.String(), "\n"+row.Member+" ") {
			t.Errorf("table has no row for %s:\n%s", row.Member, out.String())
		}
	}
}
