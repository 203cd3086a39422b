package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// verdict records how a test ended instead of ending it.
type verdict struct {
	testing.TB
	failed, skipped bool
	msg             string
}

func (v *verdict) Helper() {}

func (v *verdict) Fatal(args ...interface{}) { v.failed, v.msg = true, fmt.Sprint(args...) }

func (v *verdict) Fatalf(format string, args ...interface{}) {
	v.failed, v.msg = true, fmt.Sprintf(format, args...)
}

func (v *verdict) Skipf(format string, args ...interface{}) {
	v.skipped, v.msg = true, fmt.Sprintf(format, args...)
}

func (v *verdict) Skip(args ...interface{}) { v.skipped, v.msg = true, fmt.Sprint(args...) }

// TestGoldenFilesCI checks that missing golden traces skip a test outside
// CI and fail it under CI, and that traces present are listed in order
// either way.
func TestGoldenFilesCI(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "toy"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"seed_2.json", "seed_1.json", "notes.md"} {
		if err := os.WriteFile(filepath.Join(dir, "toy", name), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		game          string
		ci            bool
		files         int
		fail, skipped bool
	}{
		{game: "toy", files: 2},
		{game: "toy", ci: true, files: 2},
		{game: "missing", skipped: true},
		{game: "missing", ci: true, fail: true},
		{game: "empty", skipped: true},
		{game: "empty", ci: true, fail: true},
	}
	for _, tc := range cases {
		v := &verdict{TB: t}
		files := goldenFiles(v, dir, tc.game, tc.ci)
		if len(files) != tc.files || v.failed != tc.fail || v.skipped != tc.skipped {
			t.Errorf("%s with CI %v: %d files, failed %v, skipped %v (%s); want %d, %v, %v",
				tc.game, tc.ci, len(files), v.failed, v.skipped, v.msg, tc.files, tc.fail, tc.skipped)
		}
		if len(files) == 2 && filepath.Base(files[0]) != "seed_1.json" {
			t.Errorf("%s: files %q not in name order", tc.game, files)
		}
	}
}

// TestUnavailable checks that a missing requirement skips a test outside
// CI and fails it under CI, saying what is missing either way.
func TestUnavailable(t *testing.T) {
	for _, tc := range []struct {
		ci            bool
		fail, skipped bool
	}{{ci: false, skipped: true}, {ci: true, fail: true}} {
		v := &verdict{TB: t}
		unavailable(v, tc.ci, "no frobnicator")
		if v.failed != tc.fail || v.skipped != tc.skipped || !strings.Contains(v.msg, "no frobnicator") {
			t.Errorf("CI %v: failed %v, skipped %v (%q); want %v, %v, naming what is missing",
				tc.ci, v.failed, v.skipped, v.msg, tc.fail, tc.skipped)
		}
	}
}

// TestInCI checks how the CI variable is read.
func TestInCI(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  bool
	}{{"", false}, {"0", false}, {"false", false}, {"true", true}, {"1", true}, {"yes", true}} {
		t.Setenv("CI", tc.value)
		if got := InCI(); got != tc.want {
			t.Errorf("CI=%q: InCI() = %v, want %v", tc.value, got, tc.want)
		}
	}
}
