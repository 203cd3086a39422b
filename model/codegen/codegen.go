// Package codegen writes a trained network as the Go package its bot plays,
// weights/<game>. The package holds the network's source, weights.txt (the
// compact weights, model's text format), and one generated file, weights.go:
// the network's shape, its weights packed one character per parameter with
// the per-tensor scales, and a New that makes a forward pass over them.
// The forward pass itself, and the decoding of the packed weights, live
// once in internal/nn, which every bot bundles; the generated file is only
// data, so there is no generated code to test but the data itself.
//
// The one entry point for any game is
//
//	codegen.WriteDir("weights/"+game, game, w) // w a *model.Compact
//
// which the trainer (model/expert) calls at the end of a run; the game name
// is the package name, so it must be a Go identifier. After that,
// go generate ./weights/<game> (Regenerate, through cmd/regen) rewrites
// weights.go from weights.txt alone, and this package's tests check that
// every committed weights package is what its weights.txt generates.
package codegen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"path/filepath"
	"text/template"

	"cgpolicy/model"
)

// File names of a weights package.
const (
	WeightsFile = "weights.txt" // compact weights, model's text format: the source
	CodeFile    = "weights.go"  // generated from it
)

var code = template.Must(template.New(CodeFile).Parse(codeSource))

// data is what the template prints.
type data struct {
	Pkg       string
	Config    model.Config
	NumParams int
	Packed    string
	Scales    []string
}

// Generate returns the gofmt'ed weights.go of package pkg for network w.
func Generate(pkg string, w *model.Compact) ([]byte, error) {
	if !token.IsIdentifier(pkg) || pkg == "main" {
		return nil, fmt.Errorf("codegen: package name %q is not a Go identifier other than main", pkg)
	}
	// Round-trip through Params to validate w before trusting its parts.
	if _, err := w.Params(); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	packed, err := w.Packed()
	if err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	d := &data{Pkg: pkg, Config: w.Config, NumParams: w.Config.NumParams(), Packed: packed}
	for _, s := range w.Scales {
		d.Scales = append(d.Scales, model.FormatFloat32(s))
	}
	var buf bytes.Buffer
	if err := code.Execute(&buf, d); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("codegen: generated %s does not parse: %w", CodeFile, err)
	}
	return src, nil
}

// WriteDir writes w to dir as WeightsFile together with the CodeFile
// generated from it: the whole weights package of game. It is what the
// trainer calls; dir must exist.
func WriteDir(dir, game string, w *model.Compact) error {
	src, err := Generate(game, w)
	if err != nil {
		return err
	}
	if err := model.SaveCompact(filepath.Join(dir, WeightsFile), w); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, CodeFile), src, 0o644)
}

// Regenerate rewrites dir's CodeFile from its WeightsFile; it is what a
// weights package's go:generate line runs (cmd/regen).
func Regenerate(dir, game string) error {
	src, err := generateFrom(dir, game)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, CodeFile), src, 0o644)
}

// Stale reports whether dir's CodeFile is missing or differs from what its
// WeightsFile generates: edited by hand, or left behind by an edit of the
// weights.
func Stale(dir, game string) (bool, error) {
	want, err := generateFrom(dir, game)
	if err != nil {
		return false, err
	}
	got, err := os.ReadFile(filepath.Join(dir, CodeFile))
	if os.IsNotExist(err) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return !bytes.Equal(got, want), nil
}

func generateFrom(dir, game string) ([]byte, error) {
	w, err := model.LoadCompact(filepath.Join(dir, WeightsFile), nil)
	if err != nil {
		return nil, err
	}
	return Generate(game, w)
}
