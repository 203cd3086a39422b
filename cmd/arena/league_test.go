package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/league"
)

// TestLeagueCommand drives arena league end to end on Soak Overflow with
// in-process bots: start a league, play, show, retire a bot.
func TestLeagueCommand(t *testing.T) {
	dir := t.TempDir()
	arena := func(args ...string) (string, error) {
		var out, errb bytes.Buffer
		err := run(append([]string{"league", "-dir", dir}, args...), &out, &errb)
		return out.String(), err
	}
	steps := []struct {
		args    []string
		wantErr string
		want    []string
	}{
		{args: []string{"show"}, wantErr: "no league"},
		{args: []string{"add", "greedy", "builtin:greedy"}, wantErr: "give -game"},
		{args: []string{"-game", "soak", "add", "greedy", "builtin:greedy"}, want: []string{"added greedy", "1 active"}},
		{args: []string{"add", "random", "builtin:random"}, want: []string{"2 active"}},
		{args: []string{"add", "bad", "builtin:nosuch"}, wantErr: "no builtin policy"},
		{args: []string{"add", "greedy"}, wantErr: "give NAME and CMD"},
		{args: []string{"-game", "grass", "show"}, wantErr: "plays soak"},
		{args: []string{"run", "-workers", "1", "-games", "4"}, want: []string{"4 new games, 4 in all", "1  greedy", "2  random", "win rate"}},
		{args: []string{"remove", "random"}, want: []string{"removed random", "its 4 games"}},
		{args: []string{"show"}, want: []string{"greedy"}},
		{args: []string{"show", "-all"}, want: []string{"random (retired)"}},
		{args: []string{"run", "-games", "1"}, wantErr: "needs 2 bots"},
		{args: []string{"frobnicate"}, wantErr: "unknown command"},
		{args: []string{}, wantErr: "no command"},
		{args: []string{"run", "-workers", "0"}, wantErr: "-workers"},
		{args: []string{"run", "-retry-stalled", "-1"}, wantErr: "-retry-stalled must not be negative"},
		{args: []string{"show", "extra"}, wantErr: "unexpected argument"},
	}
	for _, s := range steps {
		out, err := arena(s.args...)
		name := strings.Join(s.args, " ")
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Errorf("%s: error %v, want %q", name, err, s.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, w := range s.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", name, w, out)
			}
		}
		if name == "show" && strings.Contains(out, "random") {
			t.Errorf("show lists a retired bot:\n%s", out)
		}
	}
	out, err := arena("show", "-json", "-all")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Game      string
		Games     int
		Standings []struct {
			Name    string
			Active  bool
			Games   int
			Ordinal float64
			Score   float64
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Game != "soak" || got.Games != 4 || len(got.Standings) != 2 {
		t.Fatalf("json: %+v", got)
	}
	top, bottom := got.Standings[0], got.Standings[1]
	if top.Name != "greedy" || !top.Active || bottom.Active || top.Games != 4 || top.Ordinal <= bottom.Ordinal || top.Score <= bottom.Score {
		t.Errorf("json standings: %+v", got.Standings)
	}
}

// TestPrintLeagueStalled: the leaderboard says how many of a bot's
// timeouts came while the machine stalled, and how many answers only
// -slack saved, for that bot only, and how many plays -retry-stalled set
// aside in the whole league.
func TestPrintLeagueStalled(t *testing.T) {
	l := &league.League{Game: "soak", Members: []*league.Member{
		{Name: "slow", Cmd: "builtin:greedy", Active: true},
		{Name: "steady", Cmd: "builtin:random", Active: true}}}
	l.Games = []league.Entry{{Event: league.EventGame, Names: []string{"slow", "steady"},
		Result: &arena.Result{Seed: 1, Scores: []int{1, 0},
			Players: []arena.PlayerResult{{Timeouts: 3, Stalled: 2, Late: 4, LateStalled: 1}, {Timeouts: 1}}, Retried: 2}}}
	var buf bytes.Buffer
	if err := printLeague(&buf, l, false); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "slow: 2 of 3 timeouts came while the machine stalled") {
		t.Errorf("no stalled line for slow:\n%s", out)
	}
	if !strings.Contains(out, "slow: 4 answers came after CodinGame's limit, within -slack; 1 of them while the machine stalled") {
		t.Errorf("no late line for slow:\n%s", out)
	}
	if strings.Contains(out, "steady: ") {
		t.Errorf("a stalled line for steady, which had none:\n%s", out)
	}
	if !strings.Contains(out, "\n2 plays were set aside and their games played again (-retry-stalled)") {
		t.Errorf("no line for the plays set aside:\n%s", out)
	}
}
