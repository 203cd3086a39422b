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
