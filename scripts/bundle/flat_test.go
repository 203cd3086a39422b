package main

import "testing"

// TestFlatten: indentation, blank lines and alignment go; a string keeps
// its value (spaces, tabs, the lines of a raw string), a kept comment its
// text, and tokens that touch still touch.
func TestFlatten(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"code", "package main\n\nfunc f() {\n\tif true {\n\t\tg()\n\t}\n}\n",
			"package main\nfunc f() {\nif true {\ng()\n}\n}\n"},
		{"raw string", "package main\n\nvar s = `a\n\tb\n\n  c`\n\nfunc f() {\n\t_ = `x\n\ty`\n}\n",
			"package main\nvar s = `a\n\tb\n\n  c`\nfunc f() {\n_ = `x\n\ty`\n}\n"},
		{"one-line raw string", "package main\n\nfunc f() {\n\t_ = `x`\n\t_ = \"\\ty\"\n}\n",
			"package main\nfunc f() {\n_ = `x`\n_ = \"\\ty\"\n}\n"},
		{"alignment", "package main\n\ntype T struct {\n\ta    int\n\tlong string // why\n}\n\nvar (\n\tx  = \"a  b\"\n\tyy = 'c'\n)\n",
			"package main\ntype T struct {\na int\nlong string // why\n}\nvar (\nx = \"a  b\"\nyy = 'c'\n)\n"},
		{"touching tokens", "package main\n\nvar x = f(a.b[1]+-2, &y)...\n", "package main\nvar x = f(a.b[1]+-2, &y)...\n"},
		{"comments", "package main\n\n/* a\n   b */\nvar x = 1 /* c */ + 2\n", "package main\n/* a\n   b */\nvar x = 1 /* c */ + 2\n"},
		{"no final newline", "package main\n\n\tvar x = 1", "package main\nvar x = 1"},
	} {
		got, err := flatten([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s: flatten gives\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
	if _, err := flatten([]byte("package main\n\nvar s = `open")); err == nil {
		t.Error("an unterminated raw string: no error")
	}
}
