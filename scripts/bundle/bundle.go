package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"cgpolicy/scripts/internal/golist"
)

// Config says what to bundle.
type Config struct {
	// Dir is where go list runs; "" is the current directory.
	Dir string
	// Pkg is the main package to bundle, as go list accepts it.
	Pkg string
	// KeepComments keeps comments; the default strips them to save size.
	KeepComments bool
	// KeepDead keeps declarations the bot cannot reach; by default they
	// are dropped so that the bundle fits CodinGame's size limit.
	KeepDead bool
	// LongNames prefixes every package-level name of an imported package
	// with the package (soak.Agent becomes soak_Agent) and keeps the names
	// of locals; by default a name no other package declares keeps its own
	// (Agent) and long locals get short names, to save size.
	LongNames bool
	// NoRepack keeps packed weight constants as they are; by default they
	// are stored in a denser code that the bundle decodes at start-up
	// (see repack.go).
	NoRepack bool
	// Indent keeps gofmt's indentation; by default every line starts at
	// its first token, to save size (see flatten).
	Indent bool
}

// ownPkg is one package of the main module with its syntax and types.
type ownPkg struct {
	list   golist.Package
	files  []*ast.File
	srcs   [][]byte
	types  *types.Package
	info   *types.Info
	prefix string     // "" for package main
	short  string     // what names that cannot stay plain start with
	inits  []string   // new names of its init functions, in order
	dead   []posRange // sorted source ranges the bundle drops
	packs  []repack   // packed constants the bundle stores denser
	// implicit are the objects declared without an identifier of their
	// own: a type switch's variable in each clause.
	implicit map[types.Object]bool
}

// Bundle flattens cfg.Pkg and the packages of its module that it imports
// into the source of one package main that uses only the standard
// library: gofmt'ed, then without indentation unless cfg.Indent.
func Bundle(cfg Config) ([]byte, error) {
	list, err := golist.List(cfg.Dir, "-deps", cfg.Pkg)
	if err != nil {
		return nil, err
	}
	if err := golist.FirstError(list); err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("go list found no package %s", cfg.Pkg)
	}
	target := list[len(list)-1]
	if target.Name != "main" {
		return nil, fmt.Errorf("%s is package %s, not a main package", target.ImportPath, target.Name)
	}
	if target.Module == nil {
		return nil, fmt.Errorf("%s is not in a module", target.ImportPath)
	}
	module := target.Module.Path

	fset := token.NewFileSet()
	var own []*ownPkg
	stdSet := map[string]bool{}
	for _, p := range list {
		switch {
		case p.Standard:
			continue
		case p.Module == nil || p.Module.Path != module:
			return nil, fmt.Errorf("%s imports %s, which is outside the standard library and module %s; CodinGame offers only the standard library", target.ImportPath, p.ImportPath, module)
		case len(p.CgoFiles) > 0:
			return nil, fmt.Errorf("%s uses cgo, which a single-file bot cannot", p.ImportPath)
		case len(p.EmbedFiles) > 0:
			return nil, fmt.Errorf("%s uses //go:embed, which a single-file bot cannot", p.ImportPath)
		}
		op := &ownPkg{list: p}
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			op.files = append(op.files, f)
			op.srcs = append(op.srcs, src)
			for _, imp := range f.Imports {
				ip, _ := strconv.Unquote(imp.Path.Value)
				if ip != "unsafe" && !isOwn(list, module, ip) {
					stdSet[ip] = true
				}
			}
		}
		own = append(own, op)
	}
	stdImp, err := golist.StdImporter(fset, cfg.Dir, sortedKeys(stdSet))
	if err != nil {
		return nil, err
	}
	if err := typeCheck(fset, own, stdImp); err != nil {
		return nil, err
	}
	if !cfg.KeepDead {
		eliminate(own)
	}
	nm := newNamer(fset, own)
	nm.long = cfg.LongNames
	if err := nm.assign(); err != nil {
		return nil, err
	}
	var extra string
	if !cfg.NoRepack {
		decoder := func() string {
			if extra == "" {
				extra = nm.fresh("unrice")
			}
			return extra
		}
		for _, p := range own {
			p.packs = findRepacks(p, nm, decoder)
		}
		if extra != "" {
			extra = strings.Replace(unriceSrc, "NAME", extra, 1)
		}
	}
	src, err := assemble(own, nm, target.ImportPath, extra)
	if err != nil {
		return nil, err
	}
	out, err := finish(src, cfg.KeepComments, target.ImportPath)
	if err != nil {
		return nil, err
	}
	if !cfg.Indent {
		if out, err = flatten(out); err != nil {
			return nil, fmt.Errorf("internal error: the bundled source does not scan: %v", err)
		}
	}
	// The bundle must type-check on its own; if not, the bundler has a bug
	// and saying so here beats a puzzling compile error on CodinGame.
	if err := checkBundle(out, stdImp, fset); err != nil {
		return out, fmt.Errorf("internal error: the bundled file does not type-check: %v", err)
	}
	return out, nil
}

func isOwn(list []golist.Package, module, path string) bool {
	for _, p := range list {
		if p.ImportPath == path {
			return !p.Standard && p.Module != nil && p.Module.Path == module
		}
	}
	return false
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ownImporter resolves our packages to the ones already checked and the
// rest to standard-library export data.
type ownImporter struct {
	own map[string]*types.Package
	std types.Importer
}

func (im ownImporter) Import(path string) (*types.Package, error) {
	if p, ok := im.own[path]; ok {
		return p, nil
	}
	return im.std.Import(path)
}

func typeCheck(fset *token.FileSet, own []*ownPkg, std types.Importer) error {
	imp := ownImporter{own: map[string]*types.Package{}, std: std}
	for _, p := range own {
		var errs []string
		conf := types.Config{
			Importer: imp,
			Error: func(err error) {
				if len(errs) < 10 {
					errs = append(errs, err.Error())
				}
			},
		}
		p.info = &types.Info{
			Defs:       map[*ast.Ident]types.Object{},
			Uses:       map[*ast.Ident]types.Object{},
			Types:      map[ast.Expr]types.TypeAndValue{},
			Selections: map[*ast.SelectorExpr]*types.Selection{},
			Instances:  map[*ast.Ident]types.Instance{},
			Implicits:  map[ast.Node]types.Object{},
		}
		tp, _ := conf.Check(p.list.ImportPath, fset, p.files, p.info)
		if len(errs) > 0 {
			return fmt.Errorf("type errors in %s:\n\t%s", p.list.ImportPath, strings.Join(errs, "\n\t"))
		}
		p.types = tp
		imp.own[p.list.ImportPath] = tp
	}
	return nil
}

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// assemble writes every package's declarations, renamed, after one merged
// import block.
// extra is more source to add at the end.
func assemble(own []*ownPkg, nm *namer, target, extra string) ([]byte, error) {
	var body bytes.Buffer
	for _, p := range own {
		for i, f := range p.files {
			tf := nm.fset.File(f.Pos())
			start := tf.Offset(f.Name.End())
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
					start = tf.Offset(g.End())
				}
			}
			edits := cutRepacked(p, tf, cutDead(p, tf, nm.edits(p, f)))
			sort.Slice(edits, func(a, b int) bool { return edits[a].start < edits[b].start })
			src := p.srcs[i]
			fmt.Fprintf(&body, "\n// ---- %s/%s ----\n", p.list.ImportPath, filepath.Base(tf.Name()))
			pos := start
			for _, e := range edits {
				if e.start < pos {
					return nil, fmt.Errorf("internal error: overlapping rewrites in %s at offset %d", tf.Name(), e.start)
				}
				body.Write(src[pos:e.start])
				body.WriteString(e.text)
				pos = e.end
			}
			body.Write(src[pos:])
			body.WriteString("\n")
		}
		if len(p.inits) > 0 {
			// Package inits run before importers' variables are set up;
			// a merged package runs all inits after all variables, so call
			// them from a variable declared after the package's own.
			fmt.Fprintf(&body, "\nvar _ = func() bool {\n")
			for _, name := range p.inits {
				fmt.Fprintf(&body, "\t%s()\n", name)
			}
			fmt.Fprintf(&body, "\treturn true\n}()\n")
		}
	}
	body.WriteString(extra)
	var out bytes.Buffer
	out.WriteString("package main\n\n")
	if imports := nm.importLines(); len(imports) > 0 {
		out.WriteString("import (\n")
		for _, l := range imports {
			out.WriteString("\t" + l + "\n")
		}
		out.WriteString(")\n")
	}
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

// cutDead drops the edits inside p's dead code in file tf and adds the
// edits that remove that code.
func cutDead(p *ownPkg, tf *token.File, edits []edit) []edit {
	if len(p.dead) == 0 {
		return edits
	}
	base, end := token.Pos(tf.Base()), token.Pos(tf.Base()+tf.Size())
	out := edits[:0]
	for _, e := range edits {
		if !p.isDead(base + token.Pos(e.start)) {
			out = append(out, e)
		}
	}
	for _, r := range p.dead {
		if r.pos >= base && r.end <= end {
			out = append(out, edit{tf.Offset(r.pos), tf.Offset(r.end), ""})
		}
	}
	return out
}

// cutRepacked replaces the packed constants of p in file tf with their
// repacked form, dropping the edits inside them.
func cutRepacked(p *ownPkg, tf *token.File, edits []edit) []edit {
	if len(p.packs) == 0 {
		return edits
	}
	base, end := token.Pos(tf.Base()), token.Pos(tf.Base()+tf.Size())
	out := edits[:0]
	for _, e := range edits {
		pos := base + token.Pos(e.start)
		inside := false
		for _, r := range p.packs {
			if r.pos <= pos && pos < r.end {
				inside = true
			}
		}
		if !inside {
			out = append(out, e)
		}
	}
	for _, r := range p.packs {
		if r.pos >= base && r.end <= end {
			out = append(out, edit{tf.Offset(r.pos), tf.Offset(r.end), r.text})
		}
	}
	return out
}

// finish gofmts src, strips comments unless asked to keep them, and adds
// the generated-code header.
func finish(src []byte, keepComments bool, target string) ([]byte, error) {
	mode := parser.SkipObjectResolution
	if keepComments {
		mode |= parser.ParseComments
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bundle.go", src, mode)
	if err != nil {
		return nil, fmt.Errorf("internal error: bundled source does not parse: %v", err)
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, bundleHeader+" from %s; DO NOT EDIT.\n\n", target)
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}

func checkBundle(src []byte, std types.Importer, fset *token.FileSet) error {
	f, err := parser.ParseFile(fset, "bundle.go", src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	var first error
	conf := types.Config{Importer: std, Error: func(err error) {
		if first == nil {
			first = err
		}
	}}
	_, _ = conf.Check("main", fset, []*ast.File{f}, nil)
	return first
}
