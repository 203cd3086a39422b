package codegen

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/model"
	"cgpolicy/model/train"
)

// driver is a main package next to the generated file: it reads samples from
// stdin, prints each score and value exactly, and reports allocations.
const driver = `package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"testing"
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
	samples := int(next())
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	xa := make([]float32, AgentDim)
	xc := make([]float32, MaxCands*CandDim)
	dst := make([]float32, MaxCands)
	net := New()
	for s := 0; s < samples; s++ {
		n := int(next())
		for i := range xa {
			xa[i] = next()
		}
		for i := 0; i < n*CandDim; i++ {
			xc[i] = next()
		}
		net.ScoreAll(xa, xc, n, dst)
		for k := 0; k < n; k++ {
			fmt.Fprint(out, strconv.FormatFloat(float64(dst[k]), 'g', -1, 32), " ")
		}
		fmt.Fprintln(out, strconv.FormatFloat(float64(value(net, xa)), 'g', -1, 32))
	}
	allocs := testing.AllocsPerRun(100, func() { net.ScoreAll(xa, xc, MaxCands, dst); _ = value(net, xa) })
	fmt.Fprintln(out, "allocs", allocs)
}
`

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

// TestGeneratedMatchesGraph builds the generated file with a driver in a
// scratch module, runs it, and compares its scores and values with the
// reference forward pass and with the gorgonia training graph, all on the
// same dequantized weights.
func TestGeneratedMatchesGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	goCmd := goTool(t)
	for _, c := range []model.Config{
		{AgentDim: 7, CandDim: 5, MaxCands: 20, Hidden1: 24, Hidden2: 12, ValueHidden: 6},
		{AgentDim: 3, CandDim: 9, MaxCands: 4, Hidden1: 16, Hidden2: 8},
	} {
		t.Run(c.String(), func(t *testing.T) {
			w := compactFor(t, c, 21)
			dir := t.TempDir()
			code, err := Generate("main", w)
			if err != nil {
				t.Fatal(err)
			}
			drv := driver
			if c.HasValue() {
				drv += "\nfunc value(n *Net, xa []float32) float32 { return n.Value(xa) }\n"
			} else {
				drv += "\nfunc value(n *Net, xa []float32) float32 { return 0 }\n"
			}
			files := map[string]string{"go.mod": "module gentest\n\ngo 1.18\n", "main.go": drv, CodeFile: string(code)}
			for name, body := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
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
			cmd := exec.Command(goCmd, "run", ".")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GO111MODULE=on")
			cmd.Stdin = &in
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go run: %v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(data)+1 {
				t.Fatalf("driver printed %d lines, want %d:\n%s", len(lines), len(data)+1, out)
			}
			if lines[len(data)] != "allocs 0" {
				t.Errorf("generated forward pass allocates: %q", lines[len(data)])
			}

			p, err := w.Params()
			if err != nil {
				t.Fatal(err)
			}
			net := model.NewNet(p)
			graphScores, graphValues, err := train.Forward(p, data)
			if err != nil {
				t.Fatal(err)
			}
			ref := make([]float32, c.MaxCands)
			for i, s := range data {
				f := strings.Fields(lines[i])
				n := s.NumCands()
				if len(f) != n+1 {
					t.Fatalf("sample %d: %d numbers, want %d", i, len(f), n+1)
				}
				got := make([]float32, n+1)
				for k := range got {
					v, err := strconv.ParseFloat(f[k], 32)
					if err != nil {
						t.Fatal(err)
					}
					got[k] = float32(v)
				}
				net.ScoreAll(s.Agent, s.Cands, n, ref)
				for k := 0; k < n; k++ {
					if d := math.Abs(float64(got[k] - ref[k])); d > 1e-4 {
						t.Errorf("sample %d cand %d: generated %v, reference %v", i, k, got[k], ref[k])
					}
					if d := math.Abs(float64(got[k] - graphScores[i][k])); d > 1e-4 {
						t.Errorf("sample %d cand %d: generated %v, gorgonia %v", i, k, got[k], graphScores[i][k])
					}
				}
				if c.HasValue() {
					if d := math.Abs(float64(got[n] - graphValues[i])); d > 1e-4 {
						t.Errorf("sample %d: generated value %v, gorgonia %v", i, got[n], graphValues[i])
					}
					if got[n] != net.Value(s.Agent) {
						t.Errorf("sample %d: generated value %v, reference %v", i, got[n], net.Value(s.Agent))
					}
				}
			}
		})
	}
}

// TestGeneratedCompilesWithOldGo vets the generated package (less its
// test, which needs this module) with the oldest toolchain on the machine
// (Debian's Go 1.19), which rejects library calls and language features
// newer than it. Under CI the toolchain must be there (.ci/run installs it).
func TestGeneratedCompilesWithOldGo(t *testing.T) {
	const old = "/usr/lib/go-1.19/bin/go"
	if testing.Short() {
		t.Skip("builds with Go 1.19")
	}
	if _, err := os.Stat(old); err != nil {
		enginetest.Unavailable(t, "no Go 1.19 toolchain at "+old)
	}
	for _, c := range []model.Config{
		{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3, ValueHidden: 2},
		{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3},
	} {
		t.Run(c.String(), func(t *testing.T) {
			dir := t.TempDir()
			files, err := Package("weights", compactFor(t, c, 1))
			if err != nil {
				t.Fatal(err)
			}
			delete(files, TestFile)
			files["go.mod"] = []byte("module weights\n\ngo 1.18\n")
			if err := writeFiles(dir, files); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(old, "vet", ".")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOROOT=/usr/lib/go-1.19")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go1.19 vet: %v\n%s", err, out)
			}
		})
	}
}

// TestGeneratedPackageTests writes a whole weights package into a scratch
// module that uses this one, runs its generated tests, which must pass,
// then changes one weight in weights.txt, after which they must fail.
func TestGeneratedPackageTests(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test binary")
	}
	goCmd := goTool(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	w := compactFor(t, model.Config{AgentDim: 6, CandDim: 4, MaxCands: 7, Hidden1: 8, Hidden2: 5, ValueHidden: 3}, 5)
	if err := WriteDir(dir, "toy", w); err != nil {
		t.Fatal(err)
	}
	mod := "module gentest\n\ngo 1.18\n\nrequire cgpolicy v0.0.0\n\nreplace cgpolicy => " + strconv.Quote(root) + "\n"
	if err := writeFiles(dir, map[string][]byte{"go.mod": []byte(mod), "go.sum": sum}); err != nil {
		t.Fatal(err)
	}
	run := func() (string, error) {
		cmd := exec.Command(goCmd, "test", "-count=1", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(); err != nil {
		t.Fatalf("generated tests fail on their own weights: %v\n%s", err, out)
	}
	w.Q[3]++
	if err := model.SaveCompact(filepath.Join(dir, WeightsFile), w); err != nil {
		t.Fatal(err)
	}
	out, err := run()
	if err == nil {
		t.Fatalf("generated tests pass after weights.txt changed:\n%s", out)
	}
	for _, want := range []string{"TestRegenerateNoDiff", CodeFile, "TestForwardMatchesReference"} {
		if !strings.Contains(out, want) {
			t.Errorf("failure output lacks %q:\n%s", want, out)
		}
	}
}

func TestPackageFiles(t *testing.T) {
	for _, c := range []model.Config{
		{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3},
		{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3, ValueHidden: 2},
	} {
		t.Run(c.String(), func(t *testing.T) {
			w := compactFor(t, c, 1)
			a, err := Package("grass", w)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Package("grass", w)
			if err != nil {
				t.Fatal(err)
			}
			code, err := Generate("grass", w)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(code, a[CodeFile]) {
				t.Error("Generate and Package disagree on weights.go")
			}
			want := map[string][]string{
				CodeFile: {"\npackage grass\n", "AgentDim    = 2", "type Net struct", "func New() *Net",
					"func (n *Net) ScoreAll(", "func (n *Net) AgentHidden(", "func (n *Net) Score("},
				TestFile: {"\npackage grass\n", "func TestRegenerateNoDiff(", "func TestForwardMatchesReference(",
					"func TestNetsConcurrent(", `codegen.Stale(".", "grass")`},
				DocFile: {"\n// Package grass holds", "\npackage grass\n", "//go:generate go run gen.go"},
				GenFile: {"//go:build ignore\n", "\npackage main\n", `codegen.Regenerate(".", "grass")`},
			}
			if len(a) != len(want) {
				t.Fatalf("Package wrote %d files, want %d", len(a), len(want))
			}
			for name, subs := range want {
				src, ok := a[name]
				if !ok {
					t.Fatalf("no %s", name)
				}
				if !bytes.Equal(src, b[name]) {
					t.Errorf("%s: Package is not deterministic", name)
				}
				first, _, _ := bufio.NewReader(bytes.NewReader(src)).ReadLine()
				if string(first) != "// Code generated by cgpolicy/model/codegen; DO NOT EDIT." {
					t.Errorf("%s: first line %q", name, first)
				}
				for _, sub := range subs {
					if !bytes.Contains(src, []byte(sub)) {
						t.Errorf("%s lacks %q", name, sub)
					}
				}
			}
			value := bytes.Contains(a[CodeFile], []byte("func (n *Net) Value(")) && bytes.Contains(a[CodeFile], []byte(`"math"`))
			if value != c.HasValue() {
				t.Errorf("value head code generated: %v, network has one: %v", value, c.HasValue())
			}
			if tv := bytes.Contains(a[TestFile], []byte("net.Value(")); tv != c.HasValue() {
				t.Errorf("value head tested: %v, network has one: %v", tv, c.HasValue())
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
	tests := []struct {
		name string
		pkg  string
		w    *model.Compact
		want string
	}{
		{"package", "not-a-name", good, "package name"},
		{"short", "soak", &short, "values"},
		{"scale", "soak", &badScale, "scale 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Generate(tc.pkg, tc.w); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Generate: err = %v, want it to mention %q", err, tc.want)
			}
			if _, err := Package(tc.pkg, tc.w); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Package: err = %v, want it to mention %q", err, tc.want)
			}
		})
	}
	if _, err := Package("main", good); err == nil {
		t.Fatal("Package made a weights package main")
	}
}

// TestRegenerateAndStale: Regenerate restores exactly what WriteDir wrote,
// and Stale names each file that is missing or edited, and nothing else.
func TestRegenerateAndStale(t *testing.T) {
	dir := t.TempDir()
	w := compactFor(t, model.Config{AgentDim: 2, CandDim: 3, MaxCands: 5, Hidden1: 4, Hidden2: 3, ValueHidden: 2}, 9)
	if err := WriteDir(dir, "soak", w); err != nil {
		t.Fatal(err)
	}
	want, err := Package("soak", w)
	if err != nil {
		t.Fatal(err)
	}
	stale := func() string {
		t.Helper()
		s, err := Stale(dir, "soak")
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(s, " ")
	}
	if s := stale(); s != "" {
		t.Fatalf("fresh package stale: %s", s)
	}
	if err := os.Remove(filepath.Join(dir, CodeFile)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, DocFile), []byte("package soak\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if s := stale(); s != DocFile+" "+CodeFile {
		t.Fatalf("stale = %q, want %s and %s", s, DocFile, CodeFile)
	}
	if s, err := Stale(dir, "grass"); err != nil || len(s) != len(want) {
		t.Fatalf("Stale for another package name = %v, %v; want every file", s, err)
	}
	if err := Regenerate(dir, "soak"); err != nil {
		t.Fatal(err)
	}
	for name, src := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, src) {
			t.Errorf("regenerating from weights.txt changed %s", name)
		}
	}
	if s := stale(); s != "" {
		t.Fatalf("regenerated package stale: %s", s)
	}
	if err := Regenerate(t.TempDir(), "soak"); err == nil {
		t.Fatal("Regenerate succeeded without a weights file")
	}
	if _, err := Stale(t.TempDir(), "soak"); err == nil {
		t.Fatal("Stale succeeded without a weights file")
	}
}
