package golist

import (
	"go/token"
	"strings"
	"testing"
)

func TestList(t *testing.T) {
	pkgs, err := List("", "-deps", "cgpolicy/engine/jrand")
	if err != nil {
		t.Fatal(err)
	}
	if err := FirstError(pkgs); err != nil {
		t.Fatal(err)
	}
	last := pkgs[len(pkgs)-1]
	if last.ImportPath != "cgpolicy/engine/jrand" || last.Standard || last.Module == nil || last.Module.Path != "cgpolicy" {
		t.Errorf("last package = %+v, want cgpolicy/engine/jrand in module cgpolicy", last)
	}
	for _, p := range pkgs[:len(pkgs)-1] {
		if !p.Standard {
			t.Errorf("dependency %s is not standard", p.ImportPath)
		}
	}
}

func TestFirstError(t *testing.T) {
	tests := []struct {
		pkgs []Package
		want string
	}{
		{nil, ""},
		{[]Package{{ImportPath: "a"}}, ""},
		{[]Package{{ImportPath: "a", Error: &PackageError{Pos: "a.go:1:1", Err: "boom"}}}, "package a: a.go:1:1: boom"},
		{[]Package{{ImportPath: "a", DepsErrors: []*PackageError{{Err: "dep"}}}}, "package a: dep"},
	}
	for _, tt := range tests {
		err := FirstError(tt.pkgs)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("FirstError(%+v) = %q, want %q", tt.pkgs, got, tt.want)
		}
	}
}

func TestStdImporter(t *testing.T) {
	fset := token.NewFileSet()
	imp, err := StdImporter(fset, "", []string{"strings"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := imp.Import("strings")
	if err != nil {
		t.Fatal(err)
	}
	if p.Scope().Lookup("Builder") == nil {
		t.Error("strings.Builder not found")
	}
	if _, err := imp.Import("net/http"); err == nil {
		t.Error("importing a package not asked for succeeded")
	}
	if _, err := StdImporter(fset, "", []string{"cgpolicy/engine/jrand"}); err == nil || !strings.Contains(err.Error(), "not a standard-library package") {
		t.Errorf("StdImporter(non-std) = %v", err)
	}
}
