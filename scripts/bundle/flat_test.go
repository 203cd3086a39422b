package main

import "testing"

// TestFlatten: indentation goes, except on the lines of a raw string
// literal, whose value it is part of.
func TestFlatten(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"code", "package main\n\nfunc f() {\n\tif true {\n\t\tg()\n\t}\n}\n",
			"package main\n\nfunc f() {\nif true {\ng()\n}\n}\n"},
		{"raw string", "package main\n\nvar s = `a\n\tb\n  c`\n\nfunc f() {\n\t_ = `x\n\ty`\n}\n",
			"package main\n\nvar s = `a\n\tb\n  c`\n\nfunc f() {\n_ = `x\n\ty`\n}\n"},
		{"one-line raw string", "package main\n\nfunc f() {\n\t_ = `x`\n\t_ = \"\\ty\"\n}\n",
			"package main\n\nfunc f() {\n_ = `x`\n_ = \"\\ty\"\n}\n"},
		{"no final newline", "package main\n\n\tvar x = 1", "package main\n\nvar x = 1"},
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
