package frozen

import (
	"archive/tar"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
)

var runs int

// TestRegister: a bot needs a game, a name and a commit; a name is taken
// once per game; Lookup and Bots find what was registered, and each is
// the arena's builtin of its game.
func TestRegister(t *testing.T) {
	runs++ // a fresh game each run (-count), since registration is for good
	game := fmt.Sprintf("frozentest%d", runs)
	for _, c := range []struct {
		name string
		bot  Bot
	}{
		{"no game", Bot{Name: "v1", Commit: "abc"}},
		{"no name", Bot{Game: game, Commit: "abc"}},
		{"no commit", Bot{Game: game, Name: "v1"}},
	} {
		if err := Register(c.bot); err == nil {
			t.Errorf("%s: registered", c.name)
		}
	}
	a, b := Bot{Game: game, Name: "v2", Commit: "def"}, Bot{Game: game, Name: "v1", Commit: "abc"}
	if err := Register(a, b); err != nil {
		t.Fatal(err)
	}
	if err := Register(Bot{Game: game, Name: "v1", Commit: "123"}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("second v1: %v, want registered twice", err)
	}
	if got, ok := Lookup(game, "v1"); !ok || got != b {
		t.Errorf("Lookup v1 = %+v, %v", got, ok)
	}
	if _, ok := Lookup("othergame", "v1"); ok {
		t.Error("v1 found in another game")
	}
	if got := Bots(game); !reflect.DeepEqual(got, []Bot{b, a}) {
		t.Errorf("Bots = %+v, want v1 then v2", got)
	}
}

// TestUnknownCommit: a commit the repository lacks is an error that
// names it, before anything is built.
func TestUnknownCommit(t *testing.T) {
	b := Bot{Game: "soak", Name: "nosuch", Commit: "0000000000000000000000000000000000000bad"}
	if _, err := b.Binary(); err == nil || !strings.Contains(err.Error(), b.Commit) {
		t.Fatalf("Binary = %v, want an error naming the commit", err)
	}
}

// TestUntar: files and directories land below dir with their contents;
// an entry that would escape dir is skipped.
func TestUntar(t *testing.T) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	add := func(name string, typ byte, body string) {
		if err := tw.WriteHeader(&tar.Header{Name: name, Typeflag: typ, Mode: 0o644, Size: int64(len(body))}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	add("cmd/", tar.TypeDir, "")
	add("cmd/bot/main.go", tar.TypeReg, "package main\n")
	add("../escape.txt", tar.TypeReg, "no")
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := untar(&buf, filepath.Join(dir, "src")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "src", "cmd", "bot", "main.go")); err != nil || string(b) != "package main\n" {
		t.Errorf("main.go = %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "escape.txt")); err == nil {
		t.Error("an entry escaped the directory")
	}
}

// lineState is a one-player referee that asks for two lines each step.
type lineState struct {
	engine.State
	step int
}

func (s *lineState) InitLines(int) []string  { return []string{"init"} }
func (s *lineState) InputLines(int) []string { return []string{"step " + string(rune('0'+s.step))} }
func (s *lineState) ExpectedLines(int) int   { return 2 }

// TestAgent: the agent sends the init lines once, then each step's input,
// and reads back the lines expected; a process that exits is an error
// with what it wrote on stderr.
func TestAgent(t *testing.T) {
	script := `read init; echo "$init" >&2; while read l; do echo "a $l"; echo "b $l"; done`
	a, err := start(Bot{Game: "g", Name: "echo", Commit: "c"}, "sh", "-c", script)
	if err != nil {
		t.Fatal(err)
	}
	s := &lineState{}
	for step := 0; step < 2; step++ {
		s.step = step
		got, err := a.Act(s, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"a step " + string(rune('0'+step)), "b step " + string(rune('0'+step))}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d: %q, want %q", step, got, want)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}

	dead, err := start(Bot{Game: "g", Name: "dead", Commit: "c"}, "sh", "-c", "read l; echo broken >&2; exit 3")
	if err != nil {
		t.Fatal(err)
	}
	defer dead.Close()
	if _, err := dead.Act(&lineState{}, 0); err == nil || !strings.Contains(err.Error(), "exited") || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("Act on an exited bot: %v, want exited with its stderr", err)
	}
}
