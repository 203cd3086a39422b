package arena

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestProbe: a bot that answers its first turn passes; one that is missing,
// exits, stays silent or answers short fails with an error that says which
// and quotes its stderr, within the first turn's limit.
func TestProbe(t *testing.T) {
	lim := Limits{First: 300 * time.Millisecond, Turn: 50 * time.Millisecond}
	g := toy(2, 5, 0)
	cases := []struct {
		name string
		cmd  string
		want []string // "" for success; else parts of the error
	}{
		{"answers", botCmd("nine"), nil},
		{"answers late turns wrong", botCmd("garbage"), nil}, // a probe checks it answers, not what
		{"missing program", "/nonexistent/cgpolicy-bot --fast", []string{"exited before its first answer", "not found"}},
		{"exits at once", "echo 'bot: cannot load weights' >&2; exit 1", []string{"exited before its first answer (0 of 1 lines)", "cannot load weights"}},
		{"silent", botCmd("deaf"), []string{"gave 0 of 1 lines in its first turn's 300ms", "wrote nothing to stderr"}},
		{"silent with a log", "echo starting >&2; exec sleep 5", []string{"gave 0 of 1 lines", "stderr ends:\nstarting"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			err := Probe(context.Background(), g, tc.cmd, 1, lim)
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("probe took %v", took)
			}
			if tc.want == nil {
				if err != nil {
					t.Fatalf("probe failed: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("probe passed")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestProbeBadSeed: a seed the referee cannot play is an error before any
// bot starts.
func TestProbeBadSeed(t *testing.T) {
	err := Probe(context.Background(), toy(2, 5, 0), "exit 0", 0, DefaultLimits)
	if err == nil || !strings.Contains(err.Error(), "seed 0") {
		t.Fatalf("err = %v, want the referee's seed error", err)
	}
}

func TestLastBytes(t *testing.T) {
	cases := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"0123456789", 4, "6789"},
		{"aaaa\nbbbbbbb", 9, "bbbbbbb"},     // cut at the line start inside the tail's first half
		{"aaaaaaa\nbb", 6, "aaa\nbb"},       // the newline is not in the first half: keep the cut
		{"x\nyyyyyyyyyy", 10, "yyyyyyyyyy"}, // tail is 'yyyyyyyyyy' exactly, no newline inside
	}
	for _, tc := range cases {
		if got := lastBytes(tc.s, tc.n); got != tc.want {
			t.Errorf("lastBytes(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
