package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayHTMLAndView plays two games with -html, then runs arena view on
// one replay, and checks the pages and the errors.
func TestPlayHTMLAndView(t *testing.T) {
	dir := t.TempDir()
	replays := filepath.Join(dir, "replays")
	args := []string{"play", "-game", "soak", "-bot", "builtin:testrandom", "-bot", "builtin:testrandom",
		"-games", "2", "-seed", "4", "-workers", "1", "-replays", replays, "-html"}
	var stdout, stderr bytes.Buffer
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(replays, "*.json"))
	pages, _ := filepath.Glob(filepath.Join(replays, "*.html"))
	if len(files) != 2 || len(pages) != 2 {
		t.Fatalf("%d replays and %d pages, want 2 and 2", len(files), len(pages))
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"game":"soak"`) || !strings.Contains(string(data), "builtin:testrandom") {
			t.Errorf("%s does not hold the game's data", p)
		}
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"game":"soak","players":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "one.html")
	cases := []struct {
		name    string
		args    []string
		wantErr string
		wrote   string
	}{
		{"replay then flag", []string{"view", files[0], "-o", out}, "", out},
		{"flag then replay", []string{"view", "-o", out + "2", files[0]}, "", out + "2"},
		{"default beside", []string{"view", files[1]}, "", strings.TrimSuffix(files[1], ".json") + ".html"},
		{"no replay", []string{"view"}, "give a replay file", ""},
		{"two replays", []string{"view", files[0], files[1]}, "", strings.TrimSuffix(files[0], ".json") + ".html\n" + strings.TrimSuffix(files[1], ".json") + ".html"},
		{"two replays, one -o", []string{"view", "-o", out, files[0], files[1]}, "-o takes one replay file", ""},
		{"page over the replay", []string{"view", "-o", files[0], files[0]}, "would overwrite", ""},
		{"not a replay", []string{"view", bad, "-o", filepath.Join(dir, "bad.html")}, "no players", ""},
		{"missing file", []string{"view", filepath.Join(dir, "nosuch.json")}, "no such file", ""},
		{"html without replays", []string{"play", "-game", "soak", "-bot", "a", "-bot", "b", "-html"}, "-html needs -replays", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tc.args, &stdout, &stderr)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			if strings.TrimSpace(stdout.String()) != tc.wrote {
				t.Errorf("printed %q, want %q", stdout.String(), tc.wrote)
			}
			for _, page := range strings.Split(tc.wrote, "\n") {
				if st, err := os.Stat(page); err != nil || st.Size() < 1000 {
					t.Errorf("page %s: %v", page, err)
				}
			}
		})
	}
}
