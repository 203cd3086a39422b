package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestReadPartners(t *testing.T) {
	cases := []struct {
		name    string
		file    string
		game    string
		want    []partner
		wantErr string
	}{
		{
			name: "sections and shared lines",
			file: "# partners\nall /bin/all --x\n\n[soak]\na ./a\n  b   node b.js  \n[grass]\nc ./c\n",
			game: "soak",
			want: []partner{{"all", "/bin/all --x"}, {"a", "./a"}, {"b", "node b.js"}},
		},
		{
			name: "another game's section",
			file: "[soak]\na ./a\n[grass]\nc ./c 'x y'\n",
			game: "grass",
			want: []partner{{"c", "./c 'x y'"}},
		},
		{name: "no command", file: "[soak]\na\n", game: "soak", wantErr: "line 2: \"a\" has a name but no command"},
		{name: "bad section", file: "[soak\na ./a\n", game: "soak", wantErr: "line 1: \"[soak\" is not a [GAME] line"},
		{name: "empty section", file: "[ ]\na ./a\n", game: "soak", wantErr: "is not a [GAME] line"},
		{name: "duplicate", file: "[soak]\na ./a\na ./b\n", game: "soak", wantErr: "line 3: a is already on line 2"},
		{name: "duplicate in another section", file: "[grass]\na ./a\na ./b\n[soak]\nb ./b\n", game: "soak", wantErr: "line 3: a is already on line 2"},
		{name: "same name in two games", file: "[grass]\na ./a\n[soak]\na ./b\n", game: "soak", want: []partner{{"a", "./b"}}},
		{name: "shared and sectioned", file: "a ./a\n[soak]\na ./b\n", game: "soak", wantErr: "line 3: a is already on line 1, for every game"},
		{name: "builtin", file: "a builtin:greedy\n", game: "soak", wantErr: "a is a builtin"},
		{name: "nothing for the game", file: "[grass]\na ./a\n", game: "soak", wantErr: "no members for soak"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readPartners(strings.NewReader(tc.file), tc.game)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// waitBot is a Keep Off The Grass bot in sh: it reads each turn's matter
// line and cells and answers WAIT, a valid command that does nothing.
const waitBot = `read w h; n=$((w*h+1)); while :; do i=0; while [ $i -lt $n ]; do read l || exit 0; i=$((i+1)); done; echo WAIT; done`

// TestPoolPartners: the partners play after the pool in one table, marked
// and with their own faults; a missing one and one that dies at start are
// left out with why, the others still play, and the command fails after
// the table.
func TestPoolPartners(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "partners.txt")
	body := "[grass]\n" +
		"waiter " + waitBot + "\n" +
		"missing " + filepath.Join(dir, "no-such-bot") + " --fast\n" +
		"dies echo 'cannot open weights.bin' >&2; exit 2\n" +
		"[soak]\nother /bin/false\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	err := run([]string{"pool", "-game", "grass", "-bot", "builtin:greedy", "-seeds", "1", "-workers", "1",
		"-members", "random,missing,waiter,dies", "-partners", file, "-replays", filepath.Join(dir, "replays"), "-json"}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "2 partners could not play: missing, dies") {
		t.Fatalf("err = %v, want the two partners that could not play named\n%s", err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var rep PoolReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line is not the JSON report: %v\n%s", err, out.String())
	}
	if len(rep.Rows) != 2 || rep.Rows[0].Member != "random" || rep.Rows[1].Member != "waiter" {
		t.Fatalf("rows %+v, want random then waiter", rep.Rows)
	}
	if rep.Rows[0].Partner || !rep.Rows[1].Partner || rep.Rows[1].Cmd != waitBot {
		t.Errorf("partner marks: %+v", rep.Rows)
	}
	w := rep.Rows[1]
	if g := w.Bot.Wins + w.Bot.Losses + w.Bot.Draws; g != 2 || w.Bot.Wins != 2 {
		t.Errorf("greedy against the waiter: %+v, want 2 wins of 2 games", w.Bot)
	}
	if w.Faults.Timeouts+w.Faults.Crashes+w.Faults.Invalid != 0 || w.Faults.TurnMSMax <= 0 {
		t.Errorf("the waiter's own record %+v: want no faults and its turn times", w.Faults)
	}
	if len(rep.Failed) != 2 {
		t.Fatalf("failed %+v, want missing and dies", rep.Failed)
	}
	for i, want := range []struct{ name, says string }{{"missing", "not found"}, {"dies", "cannot open weights.bin"}} {
		f := rep.Failed[i]
		if f.Member != want.name || !strings.Contains(f.Error, "exited before its first answer") || !strings.Contains(f.Error, want.says) {
			t.Errorf("failed[%d] = %+v, want %s with %q", i, f, want.name, want.says)
		}
	}
	table := out.String()
	for _, want := range []string{"\nwaiter* ", "\nrandom ", "member t/c/i", "* partners: waiter (", "partner missing (", "partner dies (", "cannot open weights.bin"} {
		if !strings.Contains(table, want) {
			t.Errorf("table has no %q:\n%s", want, table)
		}
	}
	for member, want := range map[string]int{"random": 2, "waiter": 2, "missing": 0, "dies": 0} {
		got, _ := filepath.Glob(filepath.Join(dir, "replays", member, "grass_seed*.json"))
		if len(got) != want {
			t.Errorf("%d replays for %s, want %d: %v", len(got), member, want, got)
		}
	}
	if !strings.Contains(errb.String(), "partner dies (") {
		t.Errorf("stderr does not report the partner that died:\n%s", errb.String())
	}
}

// TestPoolPartnersFlags: a partners file that cannot be read or names a
// pool member is an error before any game.
func TestPoolPartnersFlags(t *testing.T) {
	dir := t.TempDir()
	clash := filepath.Join(dir, "clash.txt")
	if err := os.WriteFile(clash, []byte("[grass]\ngreedy ./greedy\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, file, wantErr string }{
		{"missing file", filepath.Join(dir, "nope.txt"), "no such file"},
		{"name of a pool member", clash, "partner greedy has the name of a grass pool member"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run([]string{"pool", "-game", "grass", "-bot", "builtin:greedy", "-partners", tc.file}, &out, &errb)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
			}
			if out.Len() != 0 {
				t.Errorf("printed a table:\n%s", out.String())
			}
		})
	}
}

// TestLeagueImport: import enters the file's members for the league's game
// after checking each, reports and leaves out one that cannot play or
// whose name the league gave another command, and a second import adds
// nothing new.
func TestLeagueImport(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "partners.txt")
	body := "[grass]\nwaiter " + waitBot + "\nmissing " + filepath.Join(dir, "no-such-bot") + "\ngreedy /bin/cat\n[soak]\nother /bin/false\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	league := func(args ...string) (string, string, error) {
		var out, errb bytes.Buffer
		err := run(append([]string{"league", "-dir", filepath.Join(dir, "l")}, args...), &out, &errb)
		return out.String(), errb.String(), err
	}
	if _, _, err := league("-game", "grass", "add", "greedy", "builtin:greedy"); err != nil {
		t.Fatal(err)
	}
	out, errs, err := league("import", file)
	if err == nil || !strings.Contains(err.Error(), "2 members left out: missing, greedy") {
		t.Fatalf("err = %v, want missing and greedy left out\n%s%s", err, out, errs)
	}
	for _, want := range []string{"added waiter (", "1 added from", "2 active bots"} {
		if !strings.Contains(out, want) {
			t.Errorf("output has no %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"missing (", "not found", "greedy (/bin/cat) left out: bot greedy was \"builtin:greedy\""} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr has no %q:\n%s", want, errs)
		}
	}
	if strings.Contains(out+errs, "other") {
		t.Errorf("another game's partner was imported:\n%s%s", out, errs)
	}
	out, _, _ = league("import", file)
	if !strings.Contains(out, "waiter is already in the league") || !strings.Contains(out, "0 added from") {
		t.Errorf("second import:\n%s", out)
	}
	out, _, err = league("run", "-workers", "1", "-games", "2")
	if err != nil || !strings.Contains(out, "waiter") {
		t.Fatalf("run with the partner: %v\n%s", err, out)
	}
	if _, _, err := league("import"); err == nil || !strings.Contains(err.Error(), "give one partners FILE") {
		t.Errorf("import without a file: %v", err)
	}
}
