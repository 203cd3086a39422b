package main

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/arena"
)

// A soak policy plugged in the way real ones will be: registered by name,
// seeded from the game seed and seat.
func init() {
	err := arena.Register("soak", "testrandom", arena.PolicyFunc(func(seed int64, seat int) (arena.Agent, error) {
		rng := rand.New(rand.NewSource(arena.SeatSeed(seed, seat)))
		return arena.AgentFunc(func(s engine.State, p int) ([]string, error) {
			return soak.RandomAnswer(s, p, rng), nil
		}), nil
	}))
	if err != nil {
		panic(err)
	}
}

func TestParsePlayFlags(t *testing.T) {
	seeds := filepath.Join(t.TempDir(), "seeds")
	if err := os.WriteFile(seeds, []byte("5\n# comment\n\n-7 # trailing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		args    []string
		wantErr string
		matches int
	}{
		{"defaults", []string{"-game", "soak", "-bot", "a", "-bot", "b"}, "", 100},
		{"odd games", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-games", "5"}, "", 5},
		{"no swap", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-games", "3", "-no-swap"}, "", 3},
		{"seeds file", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-seeds", seeds}, "", 4},
		{"seeds file, fewer games", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-seeds", seeds, "-games", "3"}, "", 3},
		{"seeds file too short", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-seeds", seeds, "-games", "5"}, "makes only 4", 0},
		{"no game", []string{"-bot", "a", "-bot", "b"}, "-game is required", 0},
		{"unknown game", []string{"-game", "nosuch", "-bot", "a", "-bot", "b"}, "unknown game", 0},
		{"one bot", []string{"-game", "soak", "-bot", "a"}, "a -bot for each seat", 0},
		{"three bots", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-bot", "c"}, "2 seats", 0},
		{"resume without out", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-resume"}, "-resume needs -out", 0},
		{"zero games", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-games", "0"}, "positive", 0},
		{"unknown builtin", []string{"-game", "soak", "-bot", "builtin:nosuch", "-bot", "b"}, "no builtin policy", 0},
		{"stray argument", []string{"-game", "soak", "-bot", "a", "-bot", "b", "extra"}, "unexpected argument", 0},
		{"negative retries", []string{"-game", "soak", "-bot", "a", "-bot", "b", "-retry-stalled", "-1"}, "must not be negative", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pf, err := parsePlayFlags(tc.args, &bytes.Buffer{})
			var cfg arena.Config
			if err == nil {
				cfg, err = pf.config()
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Matches) != tc.matches {
				t.Errorf("%d matches, want %d", len(cfg.Matches), tc.matches)
			}
			for _, m := range cfg.Matches {
				if m.Seed == 0 {
					t.Errorf("seed 0 scheduled")
				}
			}
		})
	}
	t.Run("retries reach the run", func(t *testing.T) {
		pf, err := parsePlayFlags([]string{"-game", "soak", "-bot", "a", "-bot", "b", "-retry-stalled", "2"}, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		if cfg, err := pf.config(); err != nil || cfg.RetryStalled != 2 {
			t.Errorf("RetryStalled %d (error %v), want 2", cfg.RetryStalled, err)
		}
	})
}

func TestReadSeeds(t *testing.T) {
	cases := []struct {
		in      string
		want    []int64
		wantErr bool
	}{
		{"1\n2\n", []int64{1, 2}, false},
		{"  -9223372036854775808 \n# x\n42#y", []int64{-9223372036854775808, 42}, false},
		{"1\nabc\n", nil, true},
		{"# nothing\n", nil, true},
	}
	for _, c := range cases {
		got, err := readSeeds(strings.NewReader(c.in))
		if (err != nil) != c.wantErr || !reflect.DeepEqual(got, c.want) {
			t.Errorf("readSeeds(%q) = %v, %v; want %v, error %v", c.in, got, err, c.want, c.wantErr)
		}
	}
}

// TestPlaySoak plays an in-process policy against a process that never
// answers, checks the JSON summary and the replays, then resumes the run.
func TestPlaySoak(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "results.jsonl")
	replays := filepath.Join(dir, "replays")
	args := []string{"-game", "soak", "-bot", "builtin:testrandom", "-bot", "cat >/dev/null",
		"-games", "4", "-seed", "-1", "-first", "300ms", "-turn", "100ms", "-workers", "2",
		"-out", out, "-replays", replays, "-json"}
	var stdout, stderr bytes.Buffer
	if err := runPlay(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	sum := lastJSON(t, stdout.String())
	if sum.Games != 4 || len(sum.Bots) != 2 {
		t.Fatalf("summary %+v", sum)
	}
	if sum.Bots[0].Wins != 4 || sum.Bots[1].Timeouts != 4 || sum.Bots[1].Losses != 4 {
		t.Errorf("the silent bot should time out and lose every game: %+v", sum.Bots)
	}
	if sum.Elo <= 0 || sum.Bots[0].SeedScore != 1 {
		t.Errorf("elo %v, seed score %v", sum.Elo, sum.Bots[0].SeedScore)
	}
	files, _ := filepath.Glob(filepath.Join(replays, "*.json"))
	if len(files) != 4 {
		t.Fatalf("%d replays, want 4", len(files))
	}
	for _, f := range files {
		if msg := verifyFile(f); msg != "" {
			t.Errorf("%s: %s", f, msg)
		}
	}

	// Resuming a finished run plays nothing and reports the same games.
	stdout.Reset()
	if err := runPlay(append(args, "-resume"), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if again := lastJSON(t, stdout.String()); !reflect.DeepEqual(again, sum) {
		t.Errorf("resumed summary differs:\n%+v\n%+v", again, sum)
	}
	if n := bytes.Count(mustRead(t, out), []byte{'\n'}); n != 4 {
		t.Errorf("results file has %d lines after resume, want 4", n)
	}
}

// lastJSON checks that the last stdout line has exactly the documented
// fields and decodes it.
func lastJSON(t *testing.T, stdout string) arena.Summary {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	last := []byte(lines[len(lines)-1])
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(last, &raw); err != nil {
		t.Fatalf("last line is not JSON: %q", last)
	}
	if got := keys(raw); !reflect.DeepEqual(got, []string{"bots", "elo", "elo_ci95", "games"}) {
		t.Errorf("top-level fields %v", got)
	}
	var bots []map[string]json.RawMessage
	if err := json.Unmarshal(raw["bots"], &bots); err != nil {
		t.Fatal(err)
	}
	want := []string{"avg_rank", "ci95", "cmd", "crashes", "draws", "first_ci95", "first_ms_max", "first_ms_p99", "first_rate", "firsts",
		"invalid", "losses", "rating", "rating_ci95", "seed_ci95", "seed_score", "stalled_timeouts",
		"timeouts", "turn_ms_max", "turn_ms_p50", "turn_ms_p99", "win_rate", "wins"}
	for _, b := range bots {
		if got := keys(b); !reflect.DeepEqual(got, want) {
			t.Errorf("bot fields %v, want %v", got, want)
		}
	}
	var sum arena.Summary
	if err := json.Unmarshal(last, &sum); err != nil {
		t.Fatal(err)
	}
	return sum
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestPrintStalled: a line only for a bot with stalled timeouts, one only
// for a bot with late answers, under its label, with both counts, and one
// only for plays -retry-stalled set aside.
func TestPrintStalled(t *testing.T) {
	const (
		stalledLine = "against hunter: 2 of 3 timeouts came while the machine stalled for 20ms or more; rerun on a quieter machine, or with -slack\n"
		late0Line   = "against hunter: 3 answers came after CodinGame's limit, within -slack; 0 of them while the machine stalled for 20ms or more\n"
		late2Line   = "against hunter: 3 answers came after CodinGame's limit, within -slack; 2 of them while the machine stalled for 20ms or more\n"
		retriedLine = "against hunter: 2 plays were set aside and their games played again (-retry-stalled): a bot timed out in each while the machine stalled\n"
	)
	cases := []struct {
		s    slowness
		want string
	}{
		{slowness{}, ""},
		{slowness{timeouts: 3}, ""},
		{slowness{timeouts: 3, stalled: 2}, stalledLine},
		{slowness{late: 3}, late0Line},
		{slowness{late: 3, lateStalled: 2}, late2Line},
		{slowness{timeouts: 3, stalled: 2, late: 3, lateStalled: 2}, stalledLine + late2Line},
		{slowness{retried: 2}, retriedLine},
		{slowness{timeouts: 1, stalled: 1, retried: 2}, strings.Replace(stalledLine, "2 of 3", "1 of 1", 1) + retriedLine},
	}
	for _, tc := range cases {
		var buf bytes.Buffer
		printStalled(&buf, "against hunter: ", tc.s)
		if got := buf.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
}
