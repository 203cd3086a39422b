// Package golist runs `go list` and loads export data for go/types.
//
// It stands in for golang.org/x/tools/go/packages, which cannot be used
// here: every x/tools release that still accepts our `go 1.18` go.mod fails
// to compile under the newer toolchains we develop with (its
// internal/tokeninternal package breaks). The standard library is enough:
// `go list -deps -json` gives the package graph in dependency order and
// `go list -export` gives compiled export data, which the "gc" importer reads
// far faster than type-checking the standard library from source.
package golist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// Package is the subset of `go list -json` output the scripts use.
type Package struct {
	Dir        string
	ImportPath string
	Name       string
	Export     string
	Standard   bool
	GoFiles    []string
	CgoFiles   []string
	EmbedFiles []string
	Imports    []string
	Module     *Module
	Error      *PackageError
	DepsErrors []*PackageError
	Incomplete bool
	ForTest    string
	DepOnly    bool
	Goroot     bool
}

// Module is the module a package belongs to.
type Module struct {
	Path string
	Main bool
	Dir  string
}

// PackageError is a load error reported by go list.
type PackageError struct {
	ImportStack []string
	Pos         string
	Err         string
}

// Error formats the error the way go list prints it.
func (e *PackageError) Error() string {
	if e.Pos != "" {
		return e.Pos + ": " + e.Err
	}
	return e.Err
}

// GoCmd is the go command to run. It prefers the toolchain that built the
// running binary, because the export data it writes must match the format
// this binary's go/importer reads.
func GoCmd() string {
	if root := runtime.GOROOT(); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}

// List runs `go list -json args...` in dir and decodes every package.
// Packages that go list could not load are returned with Error set; the
// command failing as a whole is an error.
func List(dir string, args ...string) ([]Package, error) {
	cmdArgs := append([]string{"list", "-e", "-json"}, args...)
	cmd := exec.Command(GoCmd(), cmdArgs...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("go %s: %s", strings.Join(cmdArgs, " "), msg)
	}
	var pkgs []Package
	dec := json.NewDecoder(&stdout)
	for {
		var p Package
		err := dec.Decode(&p)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("decoding go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// FirstError returns the first load error among pkgs, if any.
func FirstError(pkgs []Package) error {
	for _, p := range pkgs {
		if p.Error != nil {
			return fmt.Errorf("package %s: %v", p.ImportPath, p.Error)
		}
		for _, e := range p.DepsErrors {
			return fmt.Errorf("package %s: %v", p.ImportPath, e)
		}
	}
	return nil
}

// StdImporter returns an importer for the given standard-library packages
// (and their dependencies), backed by export data from `go list -export`.
func StdImporter(fset *token.FileSet, dir string, paths []string) (types.Importer, error) {
	exports := map[string]string{}
	if len(paths) > 0 {
		pkgs, err := List(dir, append([]string{"-deps", "-export"}, paths...)...)
		if err != nil {
			return nil, err
		}
		if err := FirstError(pkgs); err != nil {
			return nil, err
		}
		for _, p := range pkgs {
			if !p.Standard {
				return nil, fmt.Errorf("%s is not a standard-library package", p.ImportPath)
			}
			exports[p.ImportPath] = p.Export
		}
	}
	lookup := func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(f)
	}
	return importer.ForCompiler(fset, "gc", lookup), nil
}
