// Package codegen writes a trained network as a whole Go package for the
// CodinGame bot, the way gonum's unit/constant generates its code and its
// tests from one source. The package, weights/<game>, holds:
//
//   - weights.txt, the compact weights (model's text format), the source;
//   - weights.go: dimensions as constants, the weights packed in a raw
//     string and decoded once at init, and a Net type whose float32 forward
//     pass owns its scratch buffers, uses only the standard library and
//     compiles with Go 1.18;
//   - weights_test.go, which checks the forward pass against model.Net on
//     weights.txt, runs two Nets concurrently, and checks that regenerating
//     changes nothing;
//   - doc.go, the package comment and the //go:generate recipe;
//   - gen.go, the ignored program that go generate runs.
//
// Every .go file is generated. The one entry point for any game is
//
//	codegen.WriteDir("weights/"+game, game, w) // w a *model.Compact
//
// which the trainer (model/expert) calls at the end of a run; the game name
// is the package name, so it must be a Go identifier. After that,
// go generate ./weights/<game> (Regenerate) rewrites the .go files from
// weights.txt alone.
package codegen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"text/template"

	"cgpolicy/model"
)

// File names of a weights package.
const (
	WeightsFile = "weights.txt"     // compact weights, model's text format
	CodeFile    = "weights.go"      // generated forward pass
	TestFile    = "weights_test.go" // generated tests
	DocFile     = "doc.go"          // generated package comment and go:generate line
	GenFile     = "gen.go"          // generated go generate program
)

// templates are the generated files by name.
var templates = map[string]*template.Template{
	CodeFile: template.Must(template.New(CodeFile).Parse(codeSource)),
	TestFile: template.Must(template.New(TestFile).Parse(testSource)),
	DocFile:  template.Must(template.New(DocFile).Parse(docSource)),
	GenFile:  template.Must(template.New(GenFile).Parse(genSource)),
}

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

// newData validates pkg and w and computes what the templates print.
func newData(pkg string, w *model.Compact) (*data, error) {
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
	d := &data{
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
	return d, nil
}

// execute renders one template and formats it as gofmt does.
func execute(name string, d *data) ([]byte, error) {
	var buf bytes.Buffer
	if err := templates[name].Execute(&buf, d); err != nil {
		return nil, fmt.Errorf("codegen: %s: %w", name, err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("codegen: generated %s does not parse: %w", name, err)
	}
	return src, nil
}

// Generate returns the gofmt'ed source of weights.go for package pkg
// computing network w: the part a bot needs, usable on its own (in a
// package main, for instance).
func Generate(pkg string, w *model.Compact) ([]byte, error) {
	d, err := newData(pkg, w)
	if err != nil {
		return nil, err
	}
	return execute(CodeFile, d)
}

// Package returns every generated file of the weights package for game
// (also its package name) and network w, keyed by file name: CodeFile,
// TestFile, DocFile and GenFile. weights.txt is not among them.
func Package(game string, w *model.Compact) (map[string][]byte, error) {
	if game == "main" {
		return nil, fmt.Errorf("codegen: a weights package cannot be package main")
	}
	d, err := newData(game, w)
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte, len(templates))
	for name := range templates {
		src, err := execute(name, d)
		if err != nil {
			return nil, err
		}
		files[name] = src
	}
	return files, nil
}

// WriteDir writes w to dir as WeightsFile together with every file Package
// generates from it: the whole weights package of game. It is what the
// trainer calls; dir must exist.
func WriteDir(dir, game string, w *model.Compact) error {
	files, err := Package(game, w)
	if err != nil {
		return err
	}
	if err := model.SaveCompact(filepath.Join(dir, WeightsFile), w); err != nil {
		return err
	}
	return writeFiles(dir, files)
}

// Regenerate rewrites the generated files of dir from its WeightsFile; it
// is what a weights package's gen.go runs.
func Regenerate(dir, game string) error {
	files, err := generateFrom(dir, game)
	if err != nil {
		return err
	}
	return writeFiles(dir, files)
}

// Stale returns, sorted, the names of dir's generated files that are
// missing or differ from what its WeightsFile generates; none means the
// package is up to date. The generated tests call it.
func Stale(dir, game string) ([]string, error) {
	files, err := generateFrom(dir, game)
	if err != nil {
		return nil, err
	}
	var stale []string
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		if err != nil || !bytes.Equal(got, want) {
			stale = append(stale, name)
		}
	}
	sort.Strings(stale)
	return stale, nil
}

func generateFrom(dir, game string) (map[string][]byte, error) {
	w, err := model.LoadCompact(filepath.Join(dir, WeightsFile), nil)
	if err != nil {
		return nil, err
	}
	return Package(game, w)
}

// writeFiles writes files in name order, so a failure leaves a predictable
// state.
func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
