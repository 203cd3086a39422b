package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"cgpolicy/scripts/cgcheck"
	"cgpolicy/scripts/internal/golist"
)

const dceFixture = "testdata/dce"

// Each fragment names a declaration of testdata/dce/lib, as it reads in the
// bundle. All are in the input, so with -keep-dead all must be present.
var (
	dceGone = []string{
		"lib_Unused",                   // unused func
		"lib_DeadConst",                // unused const
		"lib_deadTable",                // unused var, pure initialiser
		"type lib_Dead ",               // unused type ...
		"func (d lib_Dead)",            // ... and its String method
		"deadMethod",                   // unexported method nobody selects
		"Perimeter",                    // method no interface names
		"Bye()",                        // method of a kept type, not promoted anywhere used
		"Drop()",                       // method of a generic type, not selected
		"lib_deadA",                    // a wholly dead var group ...
		"lib_deadB",                    //
		"lib_deadC",                    // ... and the dead half of another
		`"strings"`,                    // import used only by dead code
		"// Unused is never ",          // doc comment of a dead func (with -comments)
		"lib_Asserted",                 // only a blank compile-time assertion names it
		"func (q lib_Quiet) String()",  // never converted to an interface
		"func (h lib_Hidden) String()", // only in an unexported field of what fmt prints
		"func (s lib_Sq) Scale(",       // an interface's method name, another signature
	}
	dceKept = []string{
		"func lib_Used()",
		"lib_LiveConst = 40",
		"liveV",
		"var lib_announced = ",            // unread, but its initialiser prints
		"func lib_init()",                 // init function
		"func (t lib_T) String()",         // reached via fmt.Stringer only
		"func (t *lib_T) Live()",          // selected
		"func (e *lib_Err) Error()",       // reached via error only
		"func (s lib_Sq) Area()",          // reached via lib.Shape only
		"func (lib_Inner) Hello()",        // promoted through Outer
		"func (b lib_Box[T]) Get()",       // selected on Box[string]
		"lib_Red lib_Color = iota",        // iota group kept whole for Blue
		"lib_Green",                       //
		"// Used is called by the app.",   // a kept doc comment (with -comments)
		"lib_announce(\"lib var initiali", // the side effect itself
		"func (lib_Stored) String()",      // printed from a Shape
		"func (n lib_Nested) String()",    // printed in a slice in a struct
		"func (g lib_Gen) String()",       // printed through a type parameter
		"func (c lib_Coin) Val()",         // called through a constraint
		"func (*lib_Err2) Error()",        // assigned to an error by :=
		"func (lib_Unit) Scale()",         // reached via lib.Scaler only
		"func (w lib_Wrap[T]) Peek()",     // a generic method through a plain interface
		"func (t *lib_Twin[T]) Double()",  // through an interface, on an alias of an instance
		"func (p lib_Pair[T]) Poke()",     // the same on an alias of an instantiation
	}
)

// TestDCE bundles testdata/dce with and without elimination and checks
// both what is left and that the program still prints the same.
func TestDCE(t *testing.T) {
	want := runGo(t, dceFixture, "run", "./cmd/app")
	tests := []struct {
		name     string
		keepDead bool
		comments bool
	}{
		{"dce", false, false},
		{"dce comments", false, true},
		{"keep-dead", true, false},
		{"keep-dead comments", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := Bundle(Config{Dir: dceFixture, Pkg: "./cmd/app", KeepDead: tt.keepDead, KeepComments: tt.comments, LongNames: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("bundle: %d UTF-16 code units", cgcheck.UTF16Len(src))
			for _, s := range dceGone {
				if strings.HasPrefix(s, "//") && !tt.comments {
					continue
				}
				if got := bytes.Contains(src, []byte(s)); got != tt.keepDead {
					t.Errorf("bundle contains %q = %v, want %v", s, got, tt.keepDead)
				}
			}
			for _, s := range dceKept {
				if strings.HasPrefix(s, "//") && !tt.comments {
					continue
				}
				if !bytes.Contains(src, []byte(s)) {
					t.Errorf("bundle lacks %q", s)
				}
			}
			if got := runBundle(t, golist.GoCmd(), src); got != want {
				t.Errorf("bundled program prints\n%s\nwant\n%s", got, want)
			}
			if !tt.keepDead && !tt.comments && haveGo119(t) {
				if got := runBundle(t, cgcheck.Go119, src); got != want {
					t.Errorf("bundle built with Go 1.19 prints\n%s\nwant\n%s", got, want)
				}
			}
		})
	}
}

// TestDCECatchesDroppedMethod shows that the behaviour check above can
// fail: without the names of the interfaces fmt checks for dynamically,
// T's String method is dropped, the bundle still compiles, and prints
// something else.
func TestDCECatchesDroppedMethod(t *testing.T) {
	saved := dynamicMethods
	dynamicMethods = map[string]bool{}
	t.Cleanup(func() { dynamicMethods = saved })

	src, err := Bundle(Config{Dir: dceFixture, Pkg: "./cmd/app", LongNames: true})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(src, []byte("func (t lib_T) String()")) {
		t.Fatal("String kept without the dynamic-method names: the mutant is not one")
	}
	// Error is still reached: error appears in the kept code's types.
	if !bytes.Contains(src, []byte("func (e *lib_Err) Error()")) {
		t.Error("Error dropped although lib.Fail returns error")
	}
	want := runGo(t, dceFixture, "run", "./cmd/app")
	if got := runBundle(t, golist.GoCmd(), src); got == want {
		t.Errorf("bundle without String prints the same as the original:\n%s", got)
	}
}

// TestDCEFixture checks the parity fixture both ways: dead code goes,
// and the output does not change.
func TestDCEFixture(t *testing.T) {
	want := runGo(t, fixture, "run", "./cmd/app")
	sizes := map[bool]int{}
	for _, keep := range []bool{false, true} {
		src, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app", KeepDead: keep, LongNames: true})
		if err != nil {
			t.Fatal(err)
		}
		sizes[keep] = len(src)
		if got := bytes.Contains(src, []byte("geom_Centroid")); got != keep {
			t.Errorf("keepDead=%v: bundle contains geom_Centroid = %v", keep, got)
		}
		if got := runBundle(t, golist.GoCmd(), src); got != want {
			t.Errorf("keepDead=%v: bundled program prints\n%s\nwant\n%s", keep, got, want)
		}
	}
	if sizes[false] >= sizes[true] {
		t.Errorf("dce bundle is %d bytes, not smaller than %d without", sizes[false], sizes[true])
	}
}

func TestSideEffects(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"1 + 2", false},
		{"int64(3)", false},
		{"(int)(3)", false},
		{"[]int{len(\"ab\"), cap(make([]int, 2))}", false},
		{"append([]int(nil), 1)", false},
		{"new(int)", false},
		{"func() int { return f() }", false}, // not called
		{"map[string]int{\"a\": 1}", false},
		{"f()", true},
		{"func() int { return 1 }()", true},
		{"<-ch", true},
		{"int64(f())", true},
		{"[]int{f()}", true},
		{"fmt.Sprint(1)", true},
		{"T{}.m()", true},
		{"copy(buf, buf)", true},
	}
	fset := token.NewFileSet()
	std, err := golist.StdImporter(fset, "", []string{"fmt"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n\ntype T struct{}\n\nfunc (T) m() int { return 0 }\n\n" +
				"var ch chan int\nvar buf []byte\n\nfunc f() int { return 1 }\n\nvar x = " + tt.expr + "\n"
			f, err := parser.ParseFile(fset, "p.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
			conf := types.Config{Importer: std}
			if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
				t.Fatal(err)
			}
			last := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
			if got := sideEffects(info, last.Values); got != tt.want {
				t.Errorf("sideEffects(%s) = %v, want %v", tt.expr, got, tt.want)
			}
		})
	}
}

func TestPositional(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"const (\n\tA = iota\n\tB\n)", true},
		{"const (\n\tA = 1 << iota\n\tB = 7\n)", true},
		{"const (\n\tA = 1\n\tB\n)", true},
		{"const (\n\tA = 1\n\tB = 2\n)", false},
		{"const A = iota", false},
	}
	for _, tt := range tests {
		f, err := parser.ParseFile(token.NewFileSet(), "p.go", "package p\n\n"+tt.src+"\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := positional(f.Decls[0].(*ast.GenDecl)); got != tt.want {
			t.Errorf("positional(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestDeadRanges(t *testing.T) {
	p := &ownPkg{dead: mergeRanges([]posRange{{30, 40}, {10, 20}, {15, 25}, {40, 45}})}
	if want := []posRange{{10, 25}, {30, 45}}; !slices.Equal(p.dead, want) {
		t.Fatalf("mergeRanges = %v, want %v", p.dead, want)
	}
	tests := []struct {
		pos  token.Pos
		want bool
	}{
		{9, false}, {10, true}, {24, true}, {25, false}, {29, false}, {30, true}, {44, true}, {45, false},
	}
	for _, tt := range tests {
		if got := p.isDead(tt.pos); got != tt.want {
			t.Errorf("isDead(%d) = %v, want %v", tt.pos, got, tt.want)
		}
	}
}
