package enginetest

import (
	"os"
	"path/filepath"
	"testing"
)

// GoldenFiles lists the official traces of game, the files
// ../shared/golden/<game>/seed_*.json beside the module root, in name
// order. It skips the test when there are none, as in a checkout without
// ../shared, so every package finds them the same way at any depth.
func GoldenFiles(tb testing.TB, game string) []string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatal(err)
	}
	pattern := filepath.Join(root, "..", "shared", "golden", game, "seed_*.json")
	files, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Skipf("no golden traces match %s", pattern)
	}
	return files
}

// moduleRoot is the nearest directory at or above the working directory
// (a test's package directory) that holds a go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", os.ErrNotExist
		}
		dir = up
	}
}
