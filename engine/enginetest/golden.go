package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// GoldenFiles lists the official traces of game, the files
// ../shared/golden/<game>/seed_*.json beside the module root, in name
// order, so every package finds them the same way at any depth.
//
// When there are none, as in a checkout without ../shared, it skips the
// test, except under CI (the CI environment variable set, and neither "0"
// nor "false"), where it fails it: a CI run without the traces would
// otherwise pass while checking none of them.
func GoldenFiles(tb testing.TB, game string) []string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatal(err)
		return nil
	}
	return goldenFiles(tb, filepath.Join(root, "..", "shared", "golden"), game, InCI())
}

// InCI reports whether the tests run under CI, where missing golden traces
// are an error rather than a reason to skip.
func InCI() bool {
	switch os.Getenv("CI") {
	case "", "0", "false":
		return false
	}
	return true
}

// goldenFiles is GoldenFiles with the golden folder and the CI switch
// given.
func goldenFiles(tb testing.TB, dir, game string, ci bool) []string {
	tb.Helper()
	pattern := filepath.Join(dir, game, "seed_*.json")
	files, err := filepath.Glob(pattern)
	if err != nil {
		tb.Fatal(err)
		return nil
	}
	if len(files) == 0 {
		unavailable(tb, ci, fmt.Sprintf("no golden traces match %s (CI runs need ../shared beside the repository)", pattern))
		return nil
	}
	return files
}

// Unavailable ends a test that lacks something outside the module it needs
// (a toolchain, a browser, a data folder): it skips outside CI, where a
// developer may not have it, and fails under CI, where the test would
// otherwise pass while checking nothing. why says what is missing.
func Unavailable(tb testing.TB, why string) {
	tb.Helper()
	unavailable(tb, InCI(), why)
}

// unavailable is Unavailable with the CI switch given.
func unavailable(tb testing.TB, ci bool, why string) {
	tb.Helper()
	if ci {
		tb.Fatalf("%s, and CI is set, where this test must run", why)
		return
	}
	tb.Skip(why)
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
