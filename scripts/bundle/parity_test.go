package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
	"cgpolicy/scripts/cgcheck"
	"cgpolicy/scripts/internal/golist"
)

// moduleRoot is this module's root, seen from the package directory.
const moduleRoot = "../.."

// bots lists the games that have a bot: the main packages directly under
// cmd/bot, whose names are also the games' golden trace folders.
func bots(t *testing.T) []string {
	t.Helper()
	pkgs, err := golist.List(moduleRoot, botRoot+"...")
	if err != nil {
		t.Fatal(err)
	}
	var games []string
	for _, p := range pkgs {
		name := strings.TrimPrefix(p.ImportPath, botRoot)
		if p.Name == "main" && !strings.Contains(name, "/") {
			games = append(games, name)
		}
	}
	if len(games) == 0 {
		t.Fatalf("no bot under %s", botRoot)
	}
	return games
}

// script is one seat's side of a recorded game: what the bot reads.
type script struct {
	name  string
	stdin string
}

// scripts loads the recorded inputs of every golden game of game and seat.
func scripts(t *testing.T, game string) []script {
	t.Helper()
	var out []script
	for _, f := range enginetest.GoldenFiles(t, game) {
		tr, err := trace.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		for p, pl := range tr.Players {
			var b strings.Builder
			for _, l := range pl.Init {
				b.WriteString(l + "\n")
			}
			for _, turn := range pl.Turns {
				for _, l := range turn.Input {
					b.WriteString(l + "\n")
				}
			}
			out = append(out, script{name: filepath.Base(f) + "/p" + strconv.Itoa(p), stdin: b.String()})
		}
	}
	return out
}

// TestBundleParity bundles every bot under cmd/bot as it would be
// submitted and checks that the bundle and the ordinary build print the
// same lines on every recorded input of the game, for every policy the bot
// lists with -policies, without deadlines (-nodeadline) so that the output
// depends on the input and the seed only. A bundler bug that changes what
// a bot does, rather than failing to compile, shows up here.
//
// Every bot must accept -policies (print the policy names, one a line),
// -policy NAME, -seed N and -nodeadline.
func TestBundleParity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two binaries per bot")
	}
	for _, game := range bots(t) {
		game := game
		t.Run(game, func(t *testing.T) {
			t.Parallel() // one game's builds overlap another's plays
			scs := scripts(t, game)
			plain, bundled := buildBoth(t, game)
			pols, err := output(plain, "", "-policies")
			if err != nil {
				t.Fatal(err)
			}
			if again, err := output(bundled, "", "-policies"); err != nil || again != pols {
				t.Fatalf("bundle -policies: %q, %v; build: %q", again, err, pols)
			}
			names := strings.Fields(pols)
			if len(names) == 0 {
				t.Fatal("-policies lists no policy")
			}
			type play struct {
				pol string
				sc  script
			}
			var plays []play
			for _, pol := range names {
				for _, sc := range scs {
					plays = append(plays, play{pol, sc})
				}
			}
			// Each play is two processes that depend on their input and
			// seed alone, so they run on every CPU at once; the first
			// failure in the order above is the one reported.
			errs := make([]error, len(plays))
			jobs := make(chan int)
			var wg sync.WaitGroup
			for w := 0; w < runtime.NumCPU(); w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range jobs {
						errs[i] = agree(plain, bundled, plays[i].pol, plays[i].sc)
					}
				}()
			}
			for i := range plays {
				jobs <- i
			}
			close(jobs)
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%d policies × %d inputs: bundle and build agree", len(names), len(scs))
		})
	}
}

// agree plays policy pol on sc's input with the plain and the bundled bot
// and says how they differ, if they do.
func agree(plain, bundled, pol string, sc script) error {
	args := []string{"-policy", pol, "-seed", "11", "-nodeadline"}
	want, err := output(plain, sc.stdin, args...)
	if err != nil {
		return fmt.Errorf("build %s %s: %v", pol, sc.name, err)
	}
	got, err := output(bundled, sc.stdin, args...)
	if err != nil {
		return fmt.Errorf("bundle %s %s: %v", pol, sc.name, err)
	}
	if got != want {
		return fmt.Errorf("%s %s: bundle and build differ at %s", pol, sc.name, firstDiff(want, got))
	}
	if want == "" {
		return fmt.Errorf("%s %s: no output", pol, sc.name)
	}
	return nil
}

// buildBoth builds the bot of game twice: from its bundle (with Go 1.19
// when installed, as the submission check does) and as an ordinary
// package.
func buildBoth(t *testing.T, game string) (plain, bundled string) {
	t.Helper()
	dir := t.TempDir()
	// no size limit here: that is the bundle command's own check, and
	// parity must hold regardless
	src, err := Bundle(Config{Dir: moduleRoot, Pkg: botRoot + game})
	if err != nil {
		t.Fatalf("bundle: %v", err)
	}
	bundled = filepath.Join(dir, "bundled")
	if haveGo119(t) {
		err = cgcheck.Build118(src, bundled)
	} else {
		err = cgcheck.BuildWith(golist.GoCmd(), src, bundled)
	}
	if err != nil {
		t.Fatalf("build bundle: %v", err)
	}
	plain = filepath.Join(dir, "plain")
	cmd := exec.Command(golist.GoCmd(), "build", "-o", plain, botRoot+game)
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return plain, bundled
}

// output runs bin with args on stdin and returns what it printed.
func output(bin, stdin string, args ...string) (string, error) {
	c := exec.Command(bin, args...)
	c.Stdin = strings.NewReader(stdin)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return "", fmt.Errorf("%v\n%s", err, stderr.String())
	}
	return string(out), nil
}

// firstDiff describes the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: build %q, bundle %q", i+1, x, y)
		}
	}
	return "no line"
}

// TestFirstDiff checks the report of a parity failure.
func TestFirstDiff(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"x\ny\n", "x\nz\n", `line 2: build "y", bundle "z"`},
		{"x\n", "x\ny\n", `line 2: build "", bundle "y"`},
		{"x", "x", "no line"},
	} {
		if got := firstDiff(tc.a, tc.b); got != tc.want {
			t.Errorf("firstDiff(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
	}
}
