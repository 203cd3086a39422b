// Command bundle flattens a bot into the one Go file CodinGame accepts.
//
// CodinGame compiles a single file of package main with Go 1.18 and only the
// standard library, while our bots import the engine, features and weights
// packages of this module. Bundle merges the bot's main package with every
// package of its module that it imports: package-level names of the other
// packages keep their own name where no other package declares it and get
// a short prefix otherwise (soak.abs becomes s_abs), standard imports are
// merged, and the result is gofmt'ed and measured against CodinGame's size
// limit. To fit the limit it also drops the declarations the bot cannot
// reach (dce.go, box.go), gives long locals short names (locals.go) and
// stores the packed weights in a denser code (repack.go); -long-names
// (soak_abs, no local renaming) gives a bundle that is easier to read and
// behaves the same.
//
// Usage:
//
//	go run ./scripts/bundle -game soak               # writes dist/soak.go
//	go run ./scripts/bundle -pkg ./cmd/bot/soak -o - # any main package, to stdout
//	go run ./scripts/bundle -game soak -check        # also the Go 1.18 checks
//	go run ./scripts/bundle -game soak -bin dist/soak  # and the executable, to play in the arena
//	go run ./scripts/bundle -game soak -keep-dead    # no dead-code elimination
//	go run ./scripts/bundle -game soak -long-names   # soak_Agent, not Agent
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"cgpolicy/scripts/cgcheck"
	"cgpolicy/scripts/internal/golist"
)

const botRoot = "cgpolicy/cmd/bot/"

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

var gameName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bundle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "bundle the bot "+botRoot+"`NAME`")
	pkg := fs.String("pkg", "", "bundle this main `package` (a go list pattern) instead of a game's bot")
	dir := fs.String("C", "", "run go list in `dir`")
	out := fs.String("o", "", "output `file` (\"-\" is stdout; default dist/NAME.go with -game, stdout with -pkg)")
	max := fs.Int("max", cgcheck.MaxChars, "fail above this many UTF-16 code units")
	comments := fs.Bool("comments", false, "keep comments (they are stripped by default to save size)")
	keepDead := fs.Bool("keep-dead", false, "keep declarations the bot cannot reach (they are dropped by default to save size)")
	long := fs.Bool("long-names", false, "prefix every imported package-level name with its package and keep local names, for reading (by default unique names stay plain and long locals get short names)")
	noRepack := fs.Bool("no-repack", false, "keep packed weights one character per parameter (they are stored denser by default)")
	indent := fs.Bool("indent", false, "keep gofmt's indentation, for reading (lines start at their first token by default, to save size)")
	check := fs.Bool("check", false, "also check the bundle against Go 1.18: API use and a Go 1.19 compile")
	bin := fs.String("bin", "", "also compile the bundle as CodinGame does (Go 1.19 under go 1.18) into this `executable`, the bot to play in the arena")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	target := *pkg
	switch {
	case *game != "" && *pkg != "":
		return errors.New("use -game or -pkg, not both")
	case *game != "":
		if !gameName.MatchString(*game) {
			return fmt.Errorf("bad game name %q", *game)
		}
		target = botRoot + *game
		if err := checkGame(*dir, *game); err != nil {
			return err
		}
		if *out == "" {
			*out = filepath.Join("dist", *game+".go")
		}
	case *pkg == "":
		return errors.New("say which bot: -game NAME or -pkg PATH")
	}
	if *out == "" {
		*out = "-"
	}

	src, err := Bundle(Config{Dir: *dir, Pkg: target, KeepComments: *comments, KeepDead: *keepDead, LongNames: *long, NoRepack: *noRepack, Indent: *indent})
	if err != nil {
		return err
	}
	if *out == "-" {
		if _, err := stdout.Write(src); err != nil {
			return err
		}
	} else {
		if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(*out, src, 0o644); err != nil {
			return err
		}
		if err := fence(filepath.Dir(*out)); err != nil {
			return err
		}
	}
	n := cgcheck.UTF16Len(src)
	fmt.Fprintf(stderr, "%s: %d UTF-16 code units (limit %d, %.1f%%)\n", *out, n, *max, 100*float64(n)/float64(*max))
	if err := cgcheck.CheckSize(src, *max); err != nil {
		return err
	}
	if *check {
		if err := cgcheck.CheckAPI(*out, src); err != nil {
			return err
		}
		if *bin == "" {
			if err := cgcheck.Compile118(src); err != nil {
				return err
			}
		}
	}
	// The executable is built from the bundle, not from cmd/bot, so that
	// what the arena plays is what CodinGame compiles.
	if *bin != "" {
		if err := cgcheck.Build118(src, *bin); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "%s: the bundle compiled with Go 1.19 under go 1.18\n", *bin)
	}
	if *check {
		fmt.Fprintln(stderr, "Go 1.18 checks passed: no newer API, compiles with Go 1.19 under go 1.18")
	}
	return nil
}

// checkGame turns go list's "package not found" into a list of the games
// that have a bot.
func checkGame(dir, game string) error {
	pkgs, err := golist.List(dir, botRoot+"...")
	if err != nil {
		return err
	}
	var games []string
	for _, p := range pkgs {
		name := strings.TrimPrefix(p.ImportPath, botRoot)
		if name == game {
			return nil
		}
		if p.Error == nil && !strings.Contains(name, "/") {
			games = append(games, name)
		}
	}
	have := "none yet"
	if len(games) > 0 {
		have = strings.Join(games, ", ")
	}
	return fmt.Errorf("unknown game %q: no package %s%s (bots: %s)", game, botRoot, game, have)
}

// bundleHeader starts every file the bundler writes.
const bundleHeader = "// Code generated by `go run ./scripts/bundle`"

// fence makes a directory that holds only bundles a module of its own
// (go 1.18, as on CodinGame), so that go build, vet and test on ./... of
// the enclosing module skip it: two bundles there would both declare main
// and break them. A directory with a go.mod, or with any Go file the
// bundler did not write, is left alone.
func fence(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(b, []byte(bundleHeader)) {
			return nil
		}
	}
	name := filepath.Base(dir)
	if abs, err := filepath.Abs(dir); err == nil {
		name = filepath.Base(abs)
	}
	return os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+name+"\n\ngo 1.18\n"), 0o644)
}
