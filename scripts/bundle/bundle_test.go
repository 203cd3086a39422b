package main

import (
	"bytes"
	"go/format"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/scripts/cgcheck"
	"cgpolicy/scripts/internal/golist"
)

const fixture = "testdata/fixture"

// TestBundleFixture bundles the fixture bot and checks that the single
// file behaves exactly like the program it came from.
func TestBundleFixture(t *testing.T) {
	for _, keep := range []bool{false, true} {
		name := "stripped"
		if keep {
			name = "comments"
		}
		t.Run(name, func(t *testing.T) {
			src, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app", KeepComments: keep})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("bundle: %d UTF-16 code units", cgcheck.UTF16Len(src))
			again, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app", KeepComments: keep})
			if err != nil || !bytes.Equal(again, src) {
				t.Fatalf("second bundle differs (err %v)", err)
			}
			indented, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app", KeepComments: keep, Indent: true})
			if err != nil {
				t.Fatal(err)
			}
			if formatted, err := format.Source(indented); err != nil || !bytes.Equal(formatted, indented) {
				t.Fatalf("bundle with -indent is not gofmt'ed (err %v)", err)
			}
			// the default drops whitespace only: the tokens, and the
			// newlines that end statements, are -indent's
			if a, b := tokens(t, src), tokens(t, indented); strings.Join(a, " ") != strings.Join(b, " ") {
				t.Fatalf("the bundle's tokens are not those of the bundle with -indent:\n%q\n%q", a, b)
			}
			if len(src) >= len(indented) {
				t.Errorf("bundle %d bytes, with -indent %d: want it smaller", len(src), len(indented))
			}
			if !bytes.HasPrefix(src, []byte("// Code generated ")) || !bytes.Contains(src, []byte("DO NOT EDIT.")) {
				t.Errorf("bundle lacks the generated-code header")
			}
			if got := bytes.Contains(src, []byte("// Dist is the Euclidean distance.")); got != keep {
				t.Errorf("doc comment present = %v, want %v", got, keep)
			}
			for _, bad := range []string{`"fixture/`, "undefinedInBundle", "not an int"} {
				if bytes.Contains(src, []byte(bad)) {
					t.Errorf("bundle contains %q", bad)
				}
			}
			want := runGo(t, fixture, "run", "./cmd/app")
			got := runBundle(t, golist.GoCmd(), src)
			if got != want {
				t.Errorf("bundled program prints\n%s\nwant\n%s", got, want)
			}
			if err := cgcheck.CheckAPI("app.go", src); err != nil {
				t.Errorf("CheckAPI: %v", err)
			}
			if haveGo119(t) {
				if got := runBundle(t, cgcheck.Go119, src); got != want {
					t.Errorf("bundle built with Go 1.19 prints\n%s\nwant\n%s", got, want)
				}
			}
		})
	}
}

// haveGo119 reports whether Debian's Go 1.19 is there for the checks that
// build with it. Outside CI they are left out without it; under CI, where
// .ci/run installs it, its absence fails the test, which would otherwise
// pass with the oldest-compiler check never run.
func haveGo119(t *testing.T) bool {
	t.Helper()
	if cgcheck.HaveGo119() {
		return true
	}
	if enginetest.InCI() {
		t.Error(cgcheck.ErrNoGo119)
	}
	return false
}

func runGo(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(golist.GoCmd(), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func runBundle(t *testing.T, goCmd string, src []byte) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bot")
	if err := cgcheck.BuildWith(goCmd, src, bin); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("bundled program: %v\n%s", err, out)
	}
	return string(out)
}

// writeModule lays out a throwaway module for the error cases.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestBundleErrors(t *testing.T) {
	gomod := "module m\n\ngo 1.18\n"
	tests := []struct {
		name  string
		files map[string]string
		pkg   string
		want  string
	}{
		{"missing package", map[string]string{"go.mod": gomod}, "./nope", "nope"},
		{"not main", map[string]string{"go.mod": gomod, "lib/lib.go": "package lib\n"}, "./lib", "not a main package"},
		{"type error", map[string]string{
			"go.mod":      gomod,
			"main.go":     "package main\n\nimport \"m/lib\"\n\nfunc main() { lib.F() }\n",
			"lib/lib.go":  "package lib\n\nfunc F() { var x int = \"s\"; _ = x }\n",
			"lib/lib2.go": "package lib\n",
		}, ".", "type errors in m/lib"},
		{"outside module", map[string]string{
			"go.mod":         gomod + "\nrequire other v0.0.0\n\nreplace other => ./other\n",
			"main.go":        "package main\n\nimport \"other\"\n\nfunc main() { other.F() }\n",
			"other/go.mod":   "module other\n\ngo 1.18\n",
			"other/other.go": "package other\n\nfunc F() {}\n",
		}, ".", "outside the standard library and module m"},
		{"embed", map[string]string{
			"go.mod":  gomod,
			"main.go": "package main\n\nimport _ \"embed\"\n\n//go:embed x.txt\nvar s string\n\nfunc main() { println(s) }\n",
			"x.txt":   "hi",
		}, ".", "go:embed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeModule(t, tt.files)
			_, err := Bundle(Config{Dir: dir, Pkg: tt.pkg})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Bundle = %v, want error containing %q", err, tt.want)
			}
		})
	}
}

func TestRunFlags(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist", "app.go")
	bin := filepath.Join(t.TempDir(), "app")
	tests := []struct {
		name string
		args []string
		want string // "" for success, else a substring of the error
	}{
		{"ok", []string{"-C", fixture, "-pkg", "./cmd/app", "-o", out}, ""},
		{"check", []string{"-C", fixture, "-pkg", "./cmd/app", "-o", out, "-check"}, ""},
		{"keep-dead", []string{"-C", fixture, "-pkg", "./cmd/app", "-o", out, "-keep-dead"}, ""},
		{"bin", []string{"-C", fixture, "-pkg", "./cmd/app", "-o", out, "-check", "-bin", bin}, ""},
		{"over the limit", []string{"-C", fixture, "-pkg", "./cmd/app", "-o", out, "-max", "100"}, "over the limit of 100"},
		{"unknown game", []string{"-game", "nosuchgame"}, `unknown game "nosuchgame"`},
		{"bad game name", []string{"-game", "../x"}, "bad game name"},
		{"no target", nil, "-game NAME or -pkg PATH"},
		{"both", []string{"-game", "soak", "-pkg", "."}, "not both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(tt.args, &stdout, &stderr)
			if err == cgcheck.ErrNoGo119 {
				enginetest.Unavailable(t, err.Error())
			}
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(stderr.String(), "UTF-16 code units") {
					t.Errorf("size not reported: %q", stderr.String())
				}
				if _, err := os.Stat(out); err != nil {
					t.Error(err)
				}
				if tt.name == "bin" {
					runBin(t, bin)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("run(%q) = %v, want error containing %q", tt.args, err, tt.want)
			}
		})
	}
}

// runBin runs the fixture's bundled executable, which must work.
func runBin(t *testing.T, bin string) {
	t.Helper()
	got, err := exec.Command(bin).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, got)
	}
	if len(got) == 0 {
		t.Errorf("%s printed nothing", bin)
	}
}

// A directory of bundles becomes a go 1.18 module of its own, so that the
// enclosing module's ./... skips it; a directory with other Go code is left
// alone.
func TestRunFencesBundleDir(t *testing.T) {
	tests := []struct {
		name    string
		foreign bool // the directory also holds a Go file of the user's
		want    bool // a go.mod is written
	}{
		{"bundles only", false, true},
		{"user code beside", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "dist")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.foreign {
				if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte("package x\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, name := range []string{"a.go", "b.go"} {
				args := []string{"-C", fixture, "-pkg", "./cmd/app", "-o", filepath.Join(dir, name)}
				if err := run(args, io.Discard, io.Discard); err != nil {
					t.Fatal(err)
				}
			}
			mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if got := err == nil; got != tt.want {
				t.Fatalf("go.mod written = %v, want %v", got, tt.want)
			}
			if tt.want && string(mod) != "module dist\n\ngo 1.18\n" {
				t.Fatalf("go.mod = %q", mod)
			}
		})
	}
}

func BenchmarkBundleFixture(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app"}); err != nil {
			b.Fatal(err)
		}
	}
}

// tokens are the tokens of src, comments and the semicolons that newlines
// insert included, each with its text.
func tokens(t *testing.T, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	var sc scanner.Scanner
	sc.Init(fset.AddFile("bundle.go", -1, len(src)), src, func(pos token.Position, msg string) { t.Errorf("%v: %s", pos, msg) }, scanner.ScanComments)
	var out []string
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return out
		}
		out = append(out, tok.String()+lit)
	}
}
