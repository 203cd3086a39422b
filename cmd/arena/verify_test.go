package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
)

func TestVerifyGolden(t *testing.T) {
	for _, game := range []string{"soak", "grass"} {
		t.Run(game, func(t *testing.T) {
			files := enginetest.GoldenFiles(t, game)
			var out bytes.Buffer
			if err := runVerify(files, &out); err != nil {
				t.Fatalf("verify: %v\n%s", err, out.String())
			}
			want := len(files)
			if !strings.HasSuffix(out.String(), fmt.Sprintf("\n%d/%d traces match\n", want, want)) {
				t.Fatalf("last line of output:\n%s", out.String())
			}
		})
	}
}

// A trace with one altered input line must be reported, with the turn and
// player, and make verify fail.
func TestVerifyReportsAlteredTrace(t *testing.T) {
	files := enginetest.GoldenFiles(t, "soak")
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	// The first turn's agent count line is "N" for some N; make it wrong.
	i := bytes.Index(data, []byte(`"input": [`))
	if i < 0 {
		i = bytes.Index(data, []byte(`"input":[`))
	}
	if i < 0 {
		t.Fatal("no input field in trace")
	}
	j := i + bytes.IndexByte(data[i:], '"') + len(`"input"`)
	j += bytes.IndexByte(data[j:], '"') + 1
	altered := append(append(append([]byte{}, data[:j]...), '9', '9'), data[j:]...)
	bad := filepath.Join(t.TempDir(), "seed_bad.json")
	if err := os.WriteFile(bad, altered, 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := runVerify([]string{files[0], bad}, &out); err == nil {
		t.Fatalf("verify passed an altered trace:\n%s", out.String())
	}
	got := out.String()
	for _, want := range []string{"differs at turn 1, player 0, input line 1", "1/2 traces match"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func TestVerifyRejectsBadFiles(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]string{
		"notjson.json": "{",
		"nogame.json":  `{"seed":1,"players":[{}],"scores":[0]}`,
		"unknown.json": `{"game":"chess","seed":1,"players":[{},{}],"scores":[0,0]}`,
	}
	var files []string
	for name, body := range tests {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	files = append(files, filepath.Join(dir, "missing.json"))
	var out bytes.Buffer
	if err := runVerify(files, &out); err == nil {
		t.Fatal("verify accepted bad files")
	}
	if got := strings.Count(out.String(), ": error: "); got != len(files) {
		t.Fatalf("%d error lines for %d bad files:\n%s", got, len(files), out.String())
	}
	if !strings.Contains(out.String(), "0/4 traces match") {
		t.Fatalf("missing count line:\n%s", out.String())
	}
}
