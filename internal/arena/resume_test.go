package arena

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// resumeConfig is the run that TestResumeAfterKill kills and resumes.
func resumeConfig(out string) Config {
	return Config{
		Game:    toy(2, 5, 0),
		Bots:    []Bot{{Cmd: botCmd("slow")}, {Cmd: botCmd("nine")}},
		Matches: Schedule(SeedRange(1, 8), Seatings(2, true), 0),
		Limits:  testLimits,
		Workers: 2,
		Out:     out,
		Resume:  true,
	}
}

// keyCounts counts each game key in a results file.
func keyCounts(t *testing.T, path string) map[string]int {
	t.Helper()
	rs, _, bad, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if bad != 0 {
		t.Errorf("%d bad lines in %s", bad, path)
	}
	counts := map[string]int{}
	for _, r := range rs {
		counts[r.key()]++
	}
	return counts
}

// checkComplete fails unless every match of cfg is in the file exactly once
// and the file starts with the complete lines it had before.
func checkComplete(t *testing.T, cfg Config, before []byte) {
	t.Helper()
	after, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	kept := before[:bytes.LastIndexByte(before, '\n')+1]
	if !bytes.HasPrefix(after, kept) {
		t.Errorf("resume rewrote finished games")
	}
	counts := keyCounts(t, cfg.Out)
	for _, m := range cfg.Matches {
		k := matchKey(m.Seed, m.Seats, seatCmds(cfg.Bots, m.Seats))
		if counts[k] != 1 {
			t.Errorf("game %s recorded %d times", k, counts[k])
		}
	}
	if len(counts) != len(cfg.Matches) {
		t.Errorf("%d games recorded, want %d", len(counts), len(cfg.Matches))
	}
}

// TestResumeTruncated cuts the results file in the middle of a line, as a
// kill during a write would, and resumes.
func TestResumeTruncated(t *testing.T) {
	for _, cut := range []int{1, 7, -1} { // bytes cut from the end; -1: none
		out := filepath.Join(t.TempDir(), "r.jsonl")
		nine, _ := ParseBot("toy", "builtin:nine")
		rnd, _ := ParseBot("toy", "builtin:random")
		cfg := Config{Game: toy(2, 5, 0), Bots: []Bot{nine, rnd},
			Matches: Schedule(SeedRange(1, 3), Seatings(2, true), 0), Limits: DefaultLimits, Out: out}
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(out)
		if cut > 0 {
			data = data[:len(data)-cut]
			if err := os.WriteFile(out, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// Without -resume the arena must not touch the file.
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Fatalf("cut %d: second run without resume accepted an existing file", cut)
		}
		cfg.Resume = true
		var total int
		cfg.Progress = func(done, n int) { total = n }
		results, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		if cut > 0 {
			want = 1
		}
		if total != want {
			t.Errorf("cut %d: resume played %d games, want %d", cut, total, want)
		}
		if len(results) != 6 {
			t.Errorf("cut %d: %d results, want 6", cut, len(results))
		}
		checkComplete(t, cfg, data)
	}
}

// TestResumeAfterKill kills a real arena process with SIGKILL while games
// are in flight, then resumes it.
func TestResumeAfterKill(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.jsonl")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, runnerArg, out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute) // a bound for a broken arena, never a window
	for {
		data, _ := os.ReadFile(out)
		if bytes.Count(data, []byte{'\n'}) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatal("arena wrote no results in 2 minutes")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	before, _ := os.ReadFile(out)
	cfg := resumeConfig(out)
	if n := len(keyCounts(t, out)); n >= len(cfg.Matches) {
		t.Fatalf("the arena finished all %d games before the kill; nothing to resume", n)
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	checkComplete(t, cfg, before)
}
