package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
)

// TestPoolFlags: arena pool's flag errors, and a game without a pool.
func TestPoolFlags(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no game", []string{"-bot", "builtin:greedy"}, "-game is required"},
		{"no bot", []string{"-game", "soak"}, "-bot is required"},
		{"zero seeds", []string{"-game", "soak", "-bot", "builtin:greedy", "-seeds", "0"}, "-seeds must be positive"},
		{"no workers", []string{"-game", "soak", "-bot", "builtin:greedy", "-workers", "0"}, "-workers"},
		{"negative retries", []string{"-game", "soak", "-bot", "builtin:greedy", "-retry-stalled", "-1"}, "-retry-stalled must not be negative"},
		{"stray argument", []string{"-game", "soak", "-bot", "builtin:greedy", "x"}, "unexpected argument"},
		{"unknown game", []string{"-game", "nosuch", "-bot", "builtin:greedy"}, `unknown game "nosuch"`},
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
// every seat, in-process, and checks the table and its JSON: one row per
// member in pool order, one game per seat each, scores, places and rates
// in range, and every scripted member playing without faults.
func TestPoolRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the pools")
	}
	for _, game := range []string{"soak", "grass", "caribbean", "kutulu", "ocean"} {
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
	gd, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	want := gd.Pool
	if len(want) < 5 {
		t.Fatalf("pool %v: the baselines are not registered", want)
	}
	seats := gd.Engine.NumPlayers()
	if rep.Seats != seats {
		t.Errorf("report says %d seats, %s has %d", rep.Seats, game, seats)
	}
	if len(rep.Rows) != len(want) {
		t.Fatalf("%d rows for pool %v\n%s", len(rep.Rows), want, out.String())
	}
	for i, row := range rep.Rows {
		b := row.Bot
		if row.Member != want[i] {
			t.Errorf("row %d is %q, want %q", i, row.Member, want[i])
		}
		if g := b.Wins + b.Losses + b.Draws; g != seats {
			t.Errorf("%s: %d games, want %d", row.Member, g, seats)
		}
		if b.SeedScore < 0 || b.SeedScore > 1 || b.SeedCI95[0] > b.SeedScore || b.SeedCI95[1] < b.SeedScore {
			t.Errorf("%s: seed score %v outside its interval %v", row.Member, b.SeedScore, b.SeedCI95)
		}
		if seats > 2 {
			if b.AvgRank < 1 || b.AvgRank > float64(seats) {
				t.Errorf("%s: average place %v outside 1..%d", row.Member, b.AvgRank, seats)
			}
			if b.FirstRate != float64(b.Firsts)/float64(seats) || b.FirstCI95[0] > b.FirstRate || b.FirstCI95[1] < b.FirstRate {
				t.Errorf("%s: first rate %v of %d firsts, interval %v", row.Member, b.FirstRate, b.Firsts, b.FirstCI95)
			}
			if b.RatingCI95[0] >= b.Rating || b.RatingCI95[1] <= b.Rating || row.MemberRating == 0 {
				t.Errorf("%s: rating %v, interval %v, member rating %v", row.Member, b.Rating, b.RatingCI95, row.MemberRating)
			}
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

// printedTable is printPool's table of rep's five rows: the title, the
// header, the rows and the summary.
func printedTable(t *testing.T, rep PoolReport) []string {
	t.Helper()
	var out bytes.Buffer
	printPool(&out, rep)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want title, header, 5 rows, summary:\n%s", len(lines), out.String())
	}
	return lines
}

// TestPrintPoolOrder: the two-seat table runs from the bot's best member
// (highest per-seed score) to its weakest, the four-seat one from its
// lowest average place to its highest; ties stay in pool order, the
// summary names the last row, and the report itself keeps pool order.
func TestPrintPoolOrder(t *testing.T) {
	cases := []struct {
		name    string
		rep     PoolReport
		set     func(*PoolRow, float64)
		values  []float64 // for members a..e
		header  string    // in the header line; absent from the other table's
		other   string
		summary string
	}{
		{"seed score", PoolReport{Game: "soak", Bot: "b", Seeds: 1},
			func(r *PoolRow, v float64) { r.Bot.SeedScore = v }, []float64{0.5, 0.1, 0.9, 0.1, 0.7},
			"seed score", "avg place", "weakest against d: 0.100"},
		{"average place", PoolReport{Game: "kutulu", Bot: "b", Seats: 4, Seeds: 1},
			func(r *PoolRow, v float64) { r.Bot.AvgRank = v }, []float64{2.5, 3.25, 1.25, 3.25, 2},
			"avg place", "seed score", "weakest against d: average place 3.250"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := tc.rep
			for i, v := range tc.values {
				row := PoolRow{Member: string(rune('a' + i))}
				tc.set(&row, v)
				rep.Rows = append(rep.Rows, row)
			}
			lines := printedTable(t, rep)
			if !strings.Contains(lines[1], tc.header) || strings.Contains(lines[1], tc.other) {
				t.Errorf("header %q is not the %s table's", lines[1], tc.name)
			}
			var order []string
			for _, l := range lines[2:7] {
				order = append(order, strings.Fields(l)[0])
			}
			if got, want := strings.Join(order, ","), "c,e,a,b,d"; got != want {
				t.Errorf("rows %s, want %s", got, want)
			}
			if !strings.HasPrefix(lines[7], tc.summary) {
				t.Errorf("summary %q does not name the last row", lines[7])
			}
			if rep.Rows[0].Member != "a" || rep.Rows[2].Member != "c" {
				t.Errorf("printing reordered the report: %+v", rep.Rows)
			}
		})
	}
}

// TestPoolSeating: the bot sits with one copy of the member per other
// seat, each a bot of its own, and every seed is played in every
// rotation, so the bot takes each seat once per seed.
func TestPoolSeating(t *testing.T) {
	cases := []struct {
		game  string
		seats int
	}{{"grass", 2}, {"kutulu", 4}}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			pf := &poolFlags{game: tc.game, bot: "builtin:greedy", seeds: 3, seed: 1, workers: 1}
			g, err := engineOf(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			seats := g.NumPlayers()
			if seats != tc.seats {
				t.Fatalf("%s has %d seats; want %d", tc.game, seats, tc.seats)
			}
			cfg, err := pf.config(poolMember{Name: "random", Cmd: arena.BuiltinPrefix + "random"}, seats)
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Bots) != seats || cfg.Bots[0].Cmd != "builtin:greedy" {
				t.Fatalf("bots %+v", cfg.Bots)
			}
			for _, b := range cfg.Bots[1:] {
				if b.Cmd != arena.BuiltinPrefix+"random" {
					t.Errorf("member seat holds %q", b.Cmd)
				}
			}
			if len(cfg.Matches) != seats*pf.seeds {
				t.Fatalf("%d matches, want %d", len(cfg.Matches), seats*pf.seeds)
			}
			botSeats := map[int64]map[int]bool{}
			for _, m := range cfg.Matches {
				if botSeats[m.Seed] == nil {
					botSeats[m.Seed] = map[int]bool{}
				}
				for s, b := range m.Seats {
					if b == 0 {
						botSeats[m.Seed][s] = true
					}
				}
			}
			if len(botSeats) != pf.seeds {
				t.Errorf("%d seeds, want %d", len(botSeats), pf.seeds)
			}
			for seed, ss := range botSeats {
				if len(ss) != seats {
					t.Errorf("seed %d: the bot sat in seats %v, want all %d", seed, ss, seats)
				}
			}
		})
	}
}

// TestPrintPoolStalled: both pool tables say, under the member's label,
// how the bot's timeouts and late answers went and how many plays were set
// aside against that member, and nothing for a member without any.
func TestPrintPoolStalled(t *testing.T) {
	for _, seats := range []int{2, 4} {
		rep := PoolReport{Game: "kutulu", Bot: "b", Seats: seats, Seeds: 1}
		slow := PoolRow{Member: "slow", Retried: 2}
		slow.Bot.Timeouts, slow.Bot.Stalled, slow.Bot.Late, slow.Bot.LateStalled = 3, 2, 4, 1
		rep.Rows = []PoolRow{slow, {Member: "clean"}}
		var out bytes.Buffer
		printPool(&out, rep)
		for _, want := range []string{
			"against slow: 2 of 3 timeouts came while the machine stalled",
			"against slow: 4 answers came after CodinGame's limit, within -slack; 1 of them",
			"against slow: 2 plays were set aside",
		} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%d seats: no %q in\n%s", seats, want, out.String())
			}
		}
		if strings.Contains(out.String(), "\nagainst clean: ") {
			t.Errorf("%d seats: a line for the clean member:\n%s", seats, out.String())
		}
	}
}
