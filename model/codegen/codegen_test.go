package codegen

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
)

// configs are the networks generated here, with and without a value head.
var configs = []model.Config{
	{AgentDim: 7, CandDim: 5, MaxCands: 20, Hidden1: 24, Hidden2: 12, ValueHidden: 6},
	{AgentDim: 3, CandDim: 9, MaxCands: 4, Hidden1: 16, Hidden2: 8},
}

// synth makes random samples with sparse features.
func synth(c model.Config, n int, seed int64) []model.Sample {
	r := rand.New(rand.NewSource(seed))
	var out []model.Sample
	for i := 0; i < n; i++ {
		k := 1 + r.Intn(c.MaxCands)
		s := model.Sample{Agent: make([]float32, c.AgentDim), Cands: make([]float32, k*c.CandDim), Target: make([]float32, k)}
		for j := range s.Agent {
			if r.Intn(3) > 0 {
				s.Agent[j] = float32(r.NormFloat64())
			}
		}
		for j := range s.Cands {
			if r.Intn(3) > 0 {
				s.Cands[j] = float32(r.NormFloat64())
			}
		}
		s.Target[r.Intn(k)] = 1
		out = append(out, s)
	}
	return out
}

func compactFor(t *testing.T, c model.Config, seed int64) *model.Compact {
	t.Helper()
	p, err := model.Init(c, seed)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	for i, s := range c.Specs() {
		if s.Rows == 1 { // give biases values, Init leaves them at zero
			for j := range p.Tensors[i] {
				p.Tensors[i][j] = float32(r.NormFloat64() * 0.2)
			}
		}
	}
	w, err := model.Quantize(p)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// generated is what a weights.go holds, read back from its source.
type generated struct {
	imports []string
	shape   nn.Shape
	scales  []float32
	packed  string
}

// parseGenerated reads src the way the compiler will, and picks out the
// shape, the scales and the packed constant.
func parseGenerated(t *testing.T, src []byte) generated {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), CodeFile, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var g generated
	for _, im := range f.Imports {
		g.imports = append(g.imports, im.Path.Value)
	}
	lit := func(e ast.Expr) string {
		b, ok := e.(*ast.BasicLit)
		if !ok {
			t.Fatalf("%T where weights.go should have a literal", e)
		}
		return b.Value
	}
	fields := func(e ast.Expr) map[string]ast.Expr {
		cl, ok := e.(*ast.CompositeLit)
		if !ok {
			t.Fatalf("%T where weights.go should have a composite literal", e)
		}
		m := map[string]ast.Expr{}
		for _, el := range cl.Elts {
			kv := el.(*ast.KeyValueExpr)
			m[kv.Key.(*ast.Ident).Name] = kv.Value
		}
		return m
	}
	specs := map[string]ast.Expr{}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, s := range gd.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
					specs[vs.Names[0].Name] = vs.Values[0]
				}
			}
		}
	}
	for name, dst := range map[string]*int{"AgentDim": &g.shape.AgentDim, "CandDim": &g.shape.CandDim, "MaxCands": &g.shape.MaxCands,
		"Hidden1": &g.shape.Hidden1, "Hidden2": &g.shape.Hidden2, "ValueHidden": &g.shape.ValueHidden} {
		v, err := strconv.Atoi(lit(fields(specs["Shape"])[name]))
		if err != nil {
			t.Fatal(err)
		}
		*dst = v
	}
	for _, e := range fields(specs["net"])["Scales"].(*ast.CompositeLit).Elts {
		v, err := strconv.ParseFloat(lit(e), 32)
		if err != nil {
			t.Fatal(err)
		}
		g.scales = append(g.scales, float32(v))
	}
	if g.packed, err = strconv.Unquote(lit(specs["packed"])); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGeneratedRoundTrip: the shape, scales and packed weights printed in
// weights.go decode (internal/nn, as the bot does) to exactly the
// parameters of the compact weights, and so to the same network.
func TestGeneratedRoundTrip(t *testing.T) {
	for _, c := range configs {
		t.Run(c.String(), func(t *testing.T) {
			w := compactFor(t, c, 21)
			src, err := Generate("toy", w)
			if err != nil {
				t.Fatal(err)
			}
			g := parseGenerated(t, src)
			if g.shape != c.Shape() {
				t.Fatalf("weights.go has shape %+v, want %+v", g.shape, c.Shape())
			}
			got, err := nn.Decode(g.shape, g.packed, g.scales)
			if err != nil {
				t.Fatal(err)
			}
			p, err := w.Params()
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Data()) != len(p.Data) {
				t.Fatalf("%d parameters decoded, want %d", len(got.Data()), len(p.Data))
			}
			for i, v := range got.Data() {
				if v != p.Data[i] || math.Signbit(float64(v)) != math.Signbit(float64(p.Data[i])) {
					t.Fatalf("parameter %d decodes to %v, want %v", i, v, p.Data[i])
				}
			}
		})
	}
}

// TestGenerate: weights.go is generated code with its recipe, is a
// function of its inputs, and needs internal/nn alone.
func TestGenerate(t *testing.T) {
	for _, c := range configs {
		t.Run(c.String(), func(t *testing.T) {
			w := compactFor(t, c, 1)
			a, err := Generate("grass", w)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Generate("grass", w)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Error("Generate is not deterministic")
			}
			first, _, _ := bufio.NewReader(bytes.NewReader(a)).ReadLine()
			if string(first) != "// Code generated by cgpolicy/model/codegen; DO NOT EDIT." {
				t.Errorf("first line %q", first)
			}
			for _, sub := range []string{"\n// Package grass is", "\npackage grass\n",
				"\n//go:generate go run cgpolicy/model/codegen/cmd/regen grass\n", "\nfunc New() (*nn.Net, error) {"} {
				if !bytes.Contains(a, []byte(sub)) {
					t.Errorf("weights.go lacks %q", sub)
				}
			}
			if g := parseGenerated(t, a); len(g.imports) != 1 || g.imports[0] != `"cgpolicy/internal/nn"` {
				t.Errorf("weights.go imports %v, want internal/nn alone", g.imports)
			}
		})
	}
}

func TestGenerateRejects(t *testing.T) {
	good := compactFor(t, model.Config{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3}, 1)
	short := *good
	short.Q = short.Q[:len(short.Q)-1]
	badScale := *good
	badScale.Scales = append([]float32{float32(math.NaN())}, good.Scales[1:]...)
	for _, tc := range []struct {
		name string
		pkg  string
		w    *model.Compact
		want string
	}{
		{"package", "not-a-name", good, "package name"},
		{"main", "main", good, "other than main"},
		{"short", "soak", &short, "values"},
		{"scale", "soak", &badScale, "scale 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Generate(tc.pkg, tc.w); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Generate: err = %v, want it to mention %q", err, tc.want)
			}
			dir := t.TempDir()
			if err := WriteDir(dir, tc.pkg, tc.w); err == nil {
				t.Fatal("WriteDir succeeded")
			}
			if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) > 0 {
				t.Fatalf("a failed WriteDir left %v", names)
			}
		})
	}
}

// TestRegenerateAndStale: Regenerate restores exactly what WriteDir wrote,
// and Stale sees weights.go missing, edited, or behind weights.txt.
func TestRegenerateAndStale(t *testing.T) {
	w := compactFor(t, configs[0], 9)
	want, err := Generate("soak", w)
	if err != nil {
		t.Fatal(err)
	}
	changed := *w
	changed.Q = append([]int16{}, w.Q...)
	changed.Q[3]++
	for _, tc := range []struct {
		name  string
		spoil func(dir string) error
		game  string
	}{
		{"missing", func(dir string) error { return os.Remove(filepath.Join(dir, CodeFile)) }, "soak"},
		{"edited", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, CodeFile), []byte("package soak\n"), 0o644)
		}, "soak"},
		{"weights changed", func(dir string) error { return model.SaveCompact(filepath.Join(dir, WeightsFile), &changed) }, "soak"},
		{"another package", func(string) error { return nil }, "grass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := WriteDir(dir, "soak", w); err != nil {
				t.Fatal(err)
			}
			if s, err := Stale(dir, "soak"); err != nil || s {
				t.Fatalf("fresh package: Stale = %v, %v", s, err)
			}
			if err := tc.spoil(dir); err != nil {
				t.Fatal(err)
			}
			if s, err := Stale(dir, tc.game); err != nil || !s {
				t.Fatalf("Stale = %v, %v; want stale", s, err)
			}
			if err := Regenerate(dir, tc.game); err != nil {
				t.Fatal(err)
			}
			if s, err := Stale(dir, tc.game); err != nil || s {
				t.Fatalf("regenerated package: Stale = %v, %v", s, err)
			}
			if tc.name == "missing" || tc.name == "edited" {
				if got, _ := os.ReadFile(filepath.Join(dir, CodeFile)); !bytes.Equal(got, want) {
					t.Error("regenerating from weights.txt did not restore what WriteDir wrote")
				}
			}
		})
	}
	if err := Regenerate(t.TempDir(), "soak"); err == nil {
		t.Fatal("Regenerate succeeded without a weights file")
	}
	if _, err := Stale(t.TempDir(), "soak"); err == nil {
		t.Fatal("Stale succeeded without a weights file")
	}
}

// TestWeightsPackages: every weights package of the module holds its
// weights.txt and the weights.go it generates, byte for byte, and nothing
// else: no file was edited by hand or left behind. The packages are found
// on disk, so a new game's is checked without being listed here.
func TestWeightsPackages(t *testing.T) {
	sources, err := filepath.Glob(filepath.Join("..", "..", "weights", "*", WeightsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(sources) == 0 {
		t.Fatal("no weights/*/" + WeightsFile + " in the module")
	}
	for _, src := range sources {
		dir := filepath.Dir(src)
		game := filepath.Base(dir)
		t.Run(game, func(t *testing.T) {
			stale, err := Stale(dir, game)
			if err != nil {
				t.Fatal(err)
			}
			if stale {
				t.Errorf("weights/%s/%s is not what %s generates: run go generate ./weights/%s", game, CodeFile, WeightsFile, game)
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			sort.Strings(names)
			if strings.Join(names, " ") != CodeFile+" "+WeightsFile {
				t.Errorf("weights/%s holds %v, want %s and %s alone", game, names, CodeFile, WeightsFile)
			}
		})
	}
}

// driver is a main package beside a generated weights package: it reads
// samples from stdin and prints each score and value exactly.
const driver = `package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"

	"cgpolicy/weights/toy"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	in.Split(bufio.ScanWords)
	next := func() float32 {
		in.Scan()
		f, err := strconv.ParseFloat(in.Text(), 32)
		if err != nil {
			panic(err)
		}
		return float32(f)
	}
	net, err := toy.New()
	if err != nil {
		panic(err)
	}
	s := toy.Shape
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	xa := make([]float32, s.AgentDim)
	xc := make([]float32, s.MaxCands*s.CandDim)
	dst := make([]float32, s.MaxCands)
	for samples := int(next()); samples > 0; samples-- {
		n := int(next())
		for i := range xa {
			xa[i] = next()
		}
		for i := 0; i < n*s.CandDim; i++ {
			xc[i] = next()
		}
		net.ScoreAll(xa, xc, n, dst)
		for k := 0; k < n; k++ {
			fmt.Fprint(out, strconv.FormatFloat(float64(dst[k]), 'g', -1, 32), " ")
		}
		fmt.Fprintln(out, strconv.FormatFloat(float64(net.Value(xa)), 'g', -1, 32))
	}
}
`

// scratchModule writes a module named cgpolicy, as CodinGame would see a
// bundle's parts: a copy of internal/nn, the weights package toy generated
// from w, and the driver. Naming it cgpolicy lets the generated import
// resolve without this module's dependencies, so an old toolchain can
// build it.
func scratchModule(t *testing.T, w *model.Compact) string {
	t.Helper()
	dir := t.TempDir()
	code, err := Generate("toy", w)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"go.mod":                  []byte("module cgpolicy\n\ngo 1.18\n"),
		"weights/toy/" + CodeFile: code,
		"cmd/drive/main.go":       []byte(driver),
	}
	srcs, err := filepath.Glob(filepath.Join("..", "..", "internal", "nn", "*.go"))
	if err != nil || len(srcs) == 0 {
		t.Fatalf("internal/nn sources: %v, %v", srcs, err)
	}
	for _, src := range srcs {
		if strings.HasSuffix(src, "_test.go") {
			continue
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		files["internal/nn/"+filepath.Base(src)] = b
	}
	for name, body := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func goTool(t *testing.T) string {
	t.Helper()
	g := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(g); err != nil {
		if g, err = exec.LookPath("go"); err != nil {
			enginetest.Unavailable(t, "no go command to build the generated code")
		}
	}
	return g
}

// TestGeneratedRuns builds a generated package with the driver and checks
// that New's forward pass answers what model's Net answers on the compact
// weights, bit for bit: the bot plays the network the trainer measured.
func TestGeneratedRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	goCmd := goTool(t)
	for _, c := range configs {
		t.Run(c.String(), func(t *testing.T) {
			w := compactFor(t, c, 21)
			dir := scratchModule(t, w)
			data := synth(c, 40, 3)
			var in bytes.Buffer
			fmt.Fprintln(&in, len(data))
			for _, s := range data {
				fmt.Fprint(&in, s.NumCands())
				for _, f := range append(append([]float32{}, s.Agent...), s.Cands...) {
					fmt.Fprint(&in, " ", model.FormatFloat32(f))
				}
				fmt.Fprintln(&in)
			}
			cmd := exec.Command(goCmd, "run", "./cmd/drive")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GO111MODULE=on", "GOPROXY=off")
			cmd.Stdin = &in
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go run: %v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(data) {
				t.Fatalf("driver printed %d lines, want %d:\n%s", len(lines), len(data), out)
			}
			p, err := w.Params()
			if err != nil {
				t.Fatal(err)
			}
			net := model.NewNet(p)
			want := make([]float32, c.MaxCands)
			for i, s := range data {
				n := s.NumCands()
				net.ScoreAll(s.Agent, s.Cands, n, want)
				wantLine := ""
				for k := 0; k < n; k++ {
					wantLine += model.FormatFloat32(want[k]) + " "
				}
				wantLine += model.FormatFloat32(net.Value(s.Agent))
				if lines[i] != wantLine {
					t.Errorf("sample %d: generated package says %q, model.Net %q", i, lines[i], wantLine)
				}
			}
		})
	}
}

// TestGeneratedCompilesWithOldGo vets a generated package, with the copy
// of internal/nn it needs, under the oldest toolchain on the machine
// (Debian's Go 1.19) and go 1.18 in go.mod, which rejects library calls
// and language features newer than CodinGame's Go 1.18. Under CI the
// toolchain must be there (.ci/run installs it).
func TestGeneratedCompilesWithOldGo(t *testing.T) {
	const old = "/usr/lib/go-1.19/bin/go"
	if testing.Short() {
		t.Skip("builds with Go 1.19")
	}
	if _, err := os.Stat(old); err != nil {
		enginetest.Unavailable(t, "no Go 1.19 toolchain at "+old)
	}
	for _, c := range configs {
		t.Run(c.String(), func(t *testing.T) {
			cmd := exec.Command(old, "vet", "./...")
			cmd.Dir = scratchModule(t, compactFor(t, c, 1))
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOROOT=/usr/lib/go-1.19", "GOFLAGS=-mod=mod", "GOPROXY=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go1.19 vet: %v\n%s", err, out)
			}
		})
	}
}
