package main

import (
	"bytes"
	"regexp"
	"testing"

	"cgpolicy/scripts/internal/golist"
)

// TestPlainNames checks which package-level names keep their own name in
// the fixture bundle and which get a short prefix; TestBundleFixture
// checks that the bundle still behaves like the program.
func TestPlainNames(t *testing.T) {
	src, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app"})
	if err != nil {
		t.Fatal(err)
	}
	long, err := Bundle(Config{Dir: fixture, Pkg: "./cmd/app", LongNames: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		short, long string
	}{
		{"func Twice(", "func util_Twice("},                     // unique: plain
		{`const Name = "a/util"`, `const util_Name = "a/util"`}, // a collision: the first package keeps it
		{`const bu_Name = "b/util"`, `const b_util_Name = "b/util"`},
		{"type g_State struct", "type geom_State struct"}, // main declares State
		{"type s_State struct", "type sim_State struct"},
		{"func g_Order() string", "func geom_Order() string"}, // b/util's Order is named more often
		{"func Order() []string", "func b_util_Order() []string"},
		{"func bu_init()", "func b_util_init()"}, // init always gets a prefix
	} {
		if !bytes.Contains(src, []byte(tc.short)) {
			t.Errorf("bundle lacks %q", tc.short)
		}
		if !bytes.Contains(long, []byte(tc.long)) {
			t.Errorf("bundle with long names lacks %q", tc.long)
		}
	}
	if len(src) >= len(long) {
		t.Errorf("bundle is %d bytes, not smaller than %d with long names", len(src), len(long))
	}
}

// TestPlainNamesCannotCapture bundles programs where a plain name would
// be captured by, or would capture, a declaration of another package: the
// bundle must print what the program prints.
func TestPlainNamesCannotCapture(t *testing.T) {
	gomod := "module m\n\ngo 1.18\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		plain string // a name that must not stay plain
	}{
		{
			name: "local in another package",
			files: map[string]string{
				"go.mod":      gomod,
				"a/a.go":      "package a\n\nvar Count = 40\n",
				"b/b.go":      "package b\n\nimport \"m/a\"\n\nfunc F() int {\n\tCount := 2\n\treturn Count + a.Count\n}\n",
				"app/main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/b\"\n)\n\nfunc main() { fmt.Println(b.F()) }\n",
			},
			plain: "var Count",
		},
		{
			name: "parameter in main",
			files: map[string]string{
				"go.mod":      gomod,
				"a/a.go":      "package a\n\nfunc Limit() int { return 40 }\n",
				"app/main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/a\"\n)\n\nfunc add(Limit int) int { return Limit + a.Limit() }\n\nfunc main() { fmt.Println(add(2)) }\n",
			},
			plain: "func Limit()",
		},
		{
			name: "package-level in two packages",
			files: map[string]string{
				"go.mod":      gomod,
				"a/a.go":      "package a\n\nconst K = 40\n\nfunc Get() int { return K }\n",
				"b/b.go":      "package b\n\nimport \"m/a\"\n\nconst K = 2\n\nfunc Sum() int { return K + a.Get() + a.K }\n",
				"app/main.go": "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/b\"\n)\n\nfunc main() { fmt.Println(b.Sum()) }\n",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeModule(t, tc.files)
			src, err := Bundle(Config{Dir: dir, Pkg: "./app"})
			if err != nil {
				t.Fatal(err)
			}
			if tc.plain != "" && bytes.Contains(src, []byte(tc.plain)) {
				t.Errorf("bundle keeps %q plain:\n%s", tc.plain, src)
			}
			want := runGo(t, dir, "run", "./app")
			if got := runBundle(t, golist.GoCmd(), src); got != want {
				t.Errorf("bundled program prints %q, want %q\n%s", got, want, src)
			}
		})
	}
}

// TestBundleDeterministic bundles a game twice: the names, which come from
// maps, must not depend on their order.
func TestBundleDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("bundles a game twice")
	}
	first, err := Bundle(Config{Dir: moduleRoot, Pkg: botRoot + "soak"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		again, err := Bundle(Config{Dir: moduleRoot, Pkg: botRoot + "soak"})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, first) {
			t.Fatal("two bundles of the soak bot differ")
		}
	}
	if regexp.MustCompile(`\bfeatures_soak_`).Match(first) {
		t.Error("the soak bundle still has long prefixes")
	}
}

// TestLocalNames bundles a program whose locals would capture, or be
// captured by, other names if renamed carelessly: the bundle must print
// what the program prints, with the long locals shortened.
func TestLocalNames(t *testing.T) {
	lib := `package lib

import "strings"

var a = 40

// F would return 2*count if count became a.
func F(count int) int { return count + a }

// G would return 4 if total became the closure's b.
func G() int {
	total := 1
	f := func(b int) int { return total + b }
	return f(2)
}

// Kind uses a type switch's variable, which has no object of its own.
func Kind(x interface{}) string {
	switch value := x.(type) {
	case int:
		return strings.Repeat("i", value)
	case string:
		return value
	}
	return "?"
}

// Shadow declares err twice, in nested scopes.
func Shadow() (result int) {
	errors := 1
	if errors > 0 {
		errors := 2
		result += errors
	}
	return result + errors
}
`
	app := "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/lib\"\n)\n\nfunc b() int { return 100 }\n\n" +
		"func main() {\n\tcounter := 3\n\tfmt.Println(lib.F(2), lib.G(), lib.Kind(counter), lib.Kind(\"s\"), lib.Shadow(), b()+counter)\n}\n"
	dir := writeModule(t, map[string]string{"go.mod": "module m\n\ngo 1.18\n", "lib/lib.go": lib, "app/main.go": app})
	want := runGo(t, dir, "run", "./app")
	for _, long := range []bool{false, true} {
		src, err := Bundle(Config{Dir: dir, Pkg: "./app", LongNames: long})
		if err != nil {
			t.Fatal(err)
		}
		if got := runBundle(t, golist.GoCmd(), src); got != want {
			t.Errorf("long=%v: bundled program prints %q, want %q\n%s", long, got, want, src)
		}
		for _, name := range []string{"count", "total", "counter", "result"} {
			if got := regexp.MustCompile(`\b` + name + `\b`).Match(src); got != long {
				t.Errorf("long=%v: bundle has local %s = %v", long, name, got)
			}
		}
		if !bytes.Contains(src, []byte("switch value := x.(type)")) {
			t.Errorf("long=%v: the type switch's variable was renamed", long)
		}
	}
}
