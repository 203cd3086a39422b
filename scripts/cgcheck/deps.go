package cgcheck

import (
	"fmt"
	"sort"
	"strings"

	"cgpolicy/scripts/internal/golist"
)

// Module is the module whose packages a bot may import besides the
// standard library.
const Module = "cgpolicy"

// banned names modules that must never reach a bot even by mistake; they
// are outside the standard library anyway, but naming them makes the error
// obvious when training code leaks into the bot.
var banned = []string{"gorgonia.org/", "github.com/schollz/progressbar"}

// StdlibOnly fails if pkg (a pattern for `go list`, resolved in the current
// directory) depends on anything outside the standard library and module
// cgpolicy. Bot tests call it so a stray import fails in CI, not on
// submission.
func StdlibOnly(pkg string) error {
	return StdlibOnlyIn("", Module, pkg)
}

// StdlibOnlyIn is StdlibOnly for another module, running go list in dir.
func StdlibOnlyIn(dir, module, pkg string) error {
	pkgs, err := golist.List(dir, "-deps", pkg)
	if err != nil {
		return err
	}
	if err := golist.FirstError(pkgs); err != nil {
		return err
	}
	importers := map[string][]string{}
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			importers[imp] = append(importers[imp], p.ImportPath)
		}
	}
	var bad []string
	for _, p := range pkgs {
		if p.Standard {
			continue
		}
		why := ""
		for _, b := range banned {
			if strings.HasPrefix(p.ImportPath, b) {
				why = "banned in bots"
			}
		}
		if why == "" && (p.Module == nil || p.Module.Path != module) {
			why = "outside the standard library and module " + module
		}
		if why == "" {
			continue
		}
		by := importers[p.ImportPath]
		sort.Strings(by)
		bad = append(bad, fmt.Sprintf("%s (%s; imported by %s)", p.ImportPath, why, strings.Join(by, ", ")))
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s must depend only on the standard library and %s:\n\t%s", pkg, module, strings.Join(bad, "\n\t"))
	}
	return nil
}
