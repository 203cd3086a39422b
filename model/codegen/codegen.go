// Package codegen writes a trained network as one self-contained Go file
// for the CodinGame bot: dimensions as constants, the weights packed in a
// raw string and decoded once at init, and a float32 forward pass that uses
// only the standard library and compiles with Go 1.18.
//
// A weights package (weights/<game>) holds the committed weights.txt, the
// generated weights.go and a gen.go that regenerates it:
//
//	//go:build ignore
//
//	package main
//
//	import (
//		"log"
//
//		"cgpolicy/model/codegen"
//	)
//
//	func main() {
//		if err := codegen.Regenerate(".", "soak"); err != nil {
//			log.Fatal(err)
//		}
//	}
//
// with //go:generate go run gen.go in a non-ignored file of the package.
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

// File names used by WriteDir and Regenerate.
const (
	WeightsFile = "weights.txt" // compact weights, model's text format
	CodeFile    = "weights.go"  // generated code
)

var tmpl = template.Must(template.New("weights").Parse(source))

type tensorView struct {
	Var    string
	Lo, Hi int
}

type data struct {
	Pkg                                                        string
	Config                                                     model.Config
	AgentDim, CandDim, MaxCands, Hidden1, Hidden2, ValueHidden int
	NumParams                                                  int
	Value                                                      bool
	Packed                                                     string
	Scales                                                     []string
	Sizes                                                      []int
	Tensors                                                    []tensorView
}

// varNames maps canonical tensor names to the generated variables. All
// unexported names carry an nn prefix so that a bundler merging packages
// into one bot file meets fewer collisions.
var varNames = map[string]string{
	model.NameW1: "nnW1", model.NameB1: "nnB1", model.NameW2: "nnW2", model.NameB2: "nnB2", model.NameW3: "nnW3",
	model.NameWv1: "nnWv1", model.NameBv1: "nnBv1", model.NameWv2: "nnWv2", model.NameBv2: "nnBv2",
}

// Generate returns the gofmt'ed Go source of package pkg computing network w.
func Generate(pkg string, w *model.Compact) ([]byte, error) {
	if !token.IsIdentifier(pkg) {
		return nil, fmt.Errorf("codegen: package name %q is not a Go identifier", pkg)
	}
	// Round-trip through Params to validate w before trusting its parts.
	if _, err := w.Params(); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	c := w.Config
	packed, err := w.Packed()
	if err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	d := data{
		Pkg: pkg, Config: c,
		AgentDim: c.AgentDim, CandDim: c.CandDim, MaxCands: c.MaxCands,
		Hidden1: c.Hidden1, Hidden2: c.Hidden2, ValueHidden: c.ValueHidden,
		NumParams: c.NumParams(), Value: c.HasValue(), Packed: packed,
	}
	off := 0
	for i, s := range c.Specs() {
		v, ok := varNames[s.Name]
		if !ok {
			return nil, fmt.Errorf("codegen: no variable for tensor %q", s.Name)
		}
		d.Scales = append(d.Scales, model.FormatFloat32(w.Scales[i]))
		d.Sizes = append(d.Sizes, s.Size())
		d.Tensors = append(d.Tensors, tensorView{v, off, off + s.Size()})
		off += s.Size()
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, d); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("codegen: generated code does not parse: %w", err)
	}
	return src, nil
}

// WriteDir writes w to dir as WeightsFile and the generated CodeFile of
// package pkg, the pair a weights package commits.
func WriteDir(dir, pkg string, w *model.Compact) error {
	src, err := Generate(pkg, w)
	if err != nil {
		return err
	}
	if err := model.SaveCompact(filepath.Join(dir, WeightsFile), w); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, CodeFile), src, 0o644)
}

// Regenerate rewrites dir's CodeFile from its WeightsFile; it is what a
// weights package's gen.go runs.
func Regenerate(dir, pkg string) error {
	w, err := model.LoadCompact(filepath.Join(dir, WeightsFile), nil)
	if err != nil {
		return err
	}
	src, err := Generate(pkg, w)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, CodeFile), src, 0o644)
}
