package enginetest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/trace"
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

// Golden is one official trace and its file's name.
type Golden struct {
	Name  string
	Trace *trace.Trace
}

// LoadGolden loads every official trace of game (GoldenFiles), skipping
// or failing as GoldenFiles does when there are none.
func LoadGolden(tb testing.TB, game string) []Golden {
	tb.Helper()
	var out []Golden
	for _, f := range GoldenFiles(tb, game) {
		tr, err := trace.Load(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, Golden{filepath.Base(f), tr})
	}
	return out
}

// RunGolden checks every trace of g, a parallel subtest each: it must replay
// through the text protocol without a difference (trace.Replay), pass
// check, when there is one, and give every player the view that its own
// lines rebuild (CheckViewTrace).
func RunGolden(t *testing.T, g engine.Game, traces []Golden, check func(*trace.Trace) error) {
	t.Helper()
	for _, gt := range traces {
		gt := gt
		t.Run(gt.Name, func(t *testing.T) {
			t.Parallel()
			if err := ReplayCheck(g)(gt.Trace); err != nil {
				t.Fatal(err)
			}
			if check != nil {
				if err := check(gt.Trace); err != nil {
					t.Fatal(err)
				}
			}
			if err := CheckViewTrace(g, gt.Trace); err != nil {
				t.Fatal("views:", err)
			}
		})
	}
}

// Longest is the trace whose player 0 plays the most turns, fewer than
// below when below is not 0: the one the alteration tests change.
func Longest(traces []Golden, below int) *trace.Trace {
	tr := traces[0].Trace
	for _, g := range traces {
		n := len(g.Trace.Players[0].Turns)
		if n > len(tr.Players[0].Turns) && (below == 0 || n < below) {
			tr = g.Trace
		}
	}
	return tr
}

// Updates plays tr's answers on s in lockstep, for games whose players
// all answer at every step: each step that asks anyone, every player asked
// gives its recorded answer of that turn number, and a refused answer goes
// to fault with the turn (from 1) and the player; after every update
// (Advance) it runs after. It returns the turns played: the steps that
// asked anyone.
func Updates(s engine.State, tr *trace.Trace, fault func(turn, p int, err error), after func() error) (int, error) {
	turns := 0
	for !s.Done() {
		if pend := s.Pending(); len(pend) > 0 {
			for _, p := range pend {
				rec := tr.Players[p].Turns
				if turns >= len(rec) {
					return turns, fmt.Errorf("player %d asked for turn %d, trace has %d", p, turns+1, len(rec))
				}
				if err := s.Answer(p, rec[turns].Output); err != nil {
					fault(turns+1, p, err)
				}
			}
			turns++
		}
		if err := s.Advance(); err != nil {
			return turns, err
		}
		if err := after(); err != nil {
			return turns, err
		}
	}
	return turns, nil
}

// Scored is a two-player state's points and its updates so far.
type Scored interface {
	Turn() int
	Points(p int) int
}

// PointsAt checks s's points against points, a trace's points after each
// update, at s's last update, and returns that update's index into the
// trace's per-update records.
func PointsAt(s Scored, points [][2]int) (int, error) {
	i := s.Turn() - 1
	if i >= len(points) {
		return i, fmt.Errorf("engine plays update %d, trace has %d", s.Turn(), len(points))
	}
	if got := [2]int{s.Points(0), s.Points(1)}; got != points[i] {
		return i, fmt.Errorf("update %d: points %v, want %v", s.Turn(), got, points[i])
	}
	return i, nil
}
