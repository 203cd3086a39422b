package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// namer chooses every name the merged file needs: a prefixed name for each
// package-level object of a non-main package, a name for each standard
// import, and the names of embedded fields whose types were renamed.
//
// New names are chosen so that nothing can capture them: prefixed names
// avoid every identifier declared anywhere in the bundle, and an import
// keeps its natural name only if no declaration in scope at any of its uses
// would shadow it once all files share one file scope.
type namer struct {
	fset    *token.FileSet
	long    bool // prefix every package-level name, for readable bundles
	own     []*ownPkg
	ownPath map[string]bool
	taken   map[string]bool           // every declared name, plus names given out
	given   map[string]bool           // names the namer gave out
	sels    map[*ast.Ident]bool       // identifiers in selector position
	inits   map[*ast.File][]string    // new names of a file's init functions
	mainTop map[string]bool           // package-level names of package main
	renamed map[types.Object]string   // package-level objects of non-main packages
	fields  map[*types.Var]string     // embedded fields whose type was renamed
	locals  map[*types.Var]string     // local variables with shorter names
	imports map[string]string         // std import path -> name in the bundle
	blank   map[string]bool           // std paths imported only for effect
	stdPkgs map[string]*types.Package // std import path -> package
}

type useSite struct {
	pkg *types.Package
	pos token.Pos
}

func newNamer(fset *token.FileSet, own []*ownPkg) *namer {
	nm := &namer{
		fset:    fset,
		given:   map[string]bool{},
		sels:    map[*ast.Ident]bool{},
		inits:   map[*ast.File][]string{},
		own:     own,
		ownPath: map[string]bool{},
		taken:   map[string]bool{},
		mainTop: map[string]bool{},
		renamed: map[types.Object]string{},
		fields:  map[*types.Var]string{},
		locals:  map[*types.Var]string{},
		imports: map[string]string{},
		blank:   map[string]bool{},
		stdPkgs: map[string]*types.Package{},
	}
	for _, p := range own {
		nm.ownPath[p.list.ImportPath] = true
	}
	return nm
}

func (nm *namer) assign() error {
	for _, p := range nm.own {
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if s, ok := n.(*ast.SelectorExpr); ok {
					nm.sels[s.Sel] = true
				}
				return true
			})
		}
		for id := range p.info.Defs {
			if id.Name != "_" {
				nm.taken[id.Name] = true
			}
		}
		if p.list.Name == "main" {
			for _, n := range p.types.Scope().Names() {
				nm.mainTop[n] = true
			}
		}
	}
	nm.assignPrefixes()
	plain := nm.plainNames()
	for _, p := range nm.prefixed() {
		scope := p.types.Scope()
		for _, n := range scope.Names() {
			obj := scope.Lookup(n)
			if plain[obj] {
				nm.given[n] = true
				nm.renamed[obj] = n
				continue
			}
			nm.renamed[obj] = nm.fresh(p.short + "_" + n)
		}
		for _, f := range p.files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
					name := nm.fresh(p.short + "_init")
					p.inits = append(p.inits, name)
					nm.inits[f] = append(nm.inits[f], name)
				}
			}
		}
	}
	nm.assignFields()
	if err := nm.assignImports(); err != nil {
		return err
	}
	for _, p := range nm.own {
		nm.assignLocals(p)
	}
	return nil
}

// plainNames are the package-level objects of non-main packages that keep
// their own name in the bundle, unless long names are asked for. A name
// qualifies when every live declaration of it outside its own package is
// a package-level one of another imported package, which gets a prefix:
// fields, methods and labels live in namespaces of their own, and code the
// bundle drops declares nothing. Such a name can neither capture nor be
// captured, since a declaration that could shadow it would have shadowed it
// in its own package already. Where several packages could keep a name,
// the one whose object the bundle names most often does. Universe names
// and those of init and main always get a prefix.
func (nm *namer) plainNames() map[types.Object]bool {
	out := map[types.Object]bool{}
	if nm.long {
		return out
	}
	locals := map[string]map[*ownPkg]bool{} // names declared other than at package level
	uses := map[types.Object]int{}
	for _, p := range nm.own {
		clause := map[*ast.Ident]bool{}
		for _, f := range p.files {
			clause[f.Name] = true
		}
		for id, obj := range p.info.Defs {
			if id.Name == "_" || clause[id] || p.isDead(id.Pos()) {
				continue
			}
			switch o := obj.(type) {
			case *types.Var:
				if o.IsField() {
					continue
				}
			case *types.Func:
				if o.Type().(*types.Signature).Recv() != nil {
					continue
				}
			case *types.Label:
				continue
			}
			if p.prefix != "" && obj != nil && obj.Parent() == p.types.Scope() {
				continue
			}
			if locals[id.Name] == nil {
				locals[id.Name] = map[*ownPkg]bool{}
			}
			locals[id.Name][p] = true
		}
		for id, obj := range p.info.Uses {
			if !p.isDead(id.Pos()) {
				uses[origin(obj)]++
			}
		}
	}
	best := map[string]types.Object{}
	for _, p := range nm.prefixed() {
		scope := p.types.Scope()
		for _, n := range scope.Names() {
			obj := scope.Lookup(n)
			if n == "init" || n == "main" || types.Universe.Lookup(n) != nil || p.isDead(obj.Pos()) {
				continue
			}
			if in := locals[n]; len(in) > 1 || len(in) == 1 && !in[p] {
				continue
			}
			if b, ok := best[n]; !ok || uses[obj] > uses[b] {
				best[n] = obj
			}
		}
	}
	for _, obj := range best {
		out[obj] = true
	}
	return out
}

// prefixed are the own packages whose names take a prefix, in order.
func (nm *namer) prefixed() []*ownPkg {
	var out []*ownPkg
	for _, p := range nm.own {
		if p.prefix != "" {
			out = append(out, p)
		}
	}
	return out
}

// fresh returns base, or base with a numeric suffix, such that the result
// is declared nowhere in the bundle and reserves it.
func (nm *namer) fresh(base string) string {
	name := base
	for i := 2; nm.taken[name] || types.Universe.Lookup(name) != nil; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	nm.taken[name] = true
	nm.given[name] = true
	return name
}

// assignPrefixes gives each non-main package a distinct prefix: its name,
// or more of its import path when two packages share a name (engine/soak
// and features/soak).
func (nm *namer) assignPrefixes() {
	used := map[string]bool{}
	for _, p := range nm.own {
		if p.list.Name == "main" {
			continue
		}
		elems := strings.Split(p.list.ImportPath, "/")
		elems[len(elems)-1] = p.list.Name
		prefix := ""
		for k := 1; k <= len(elems); k++ {
			prefix = sanitize(strings.Join(elems[len(elems)-k:], "_"))
			if !used[prefix] {
				break
			}
		}
		for i := 2; used[prefix]; i++ {
			prefix = sanitize(p.list.Name) + strconv.Itoa(i)
		}
		used[prefix] = true
		p.prefix = prefix
	}
	// Short prefixes are the initials of the long ones (features_soak
	// becomes fs), for the few names that cannot stay plain.
	for _, p := range nm.own {
		if p.prefix == "" {
			continue
		}
		p.short = p.prefix
		if nm.long {
			continue
		}
		short := ""
		for _, e := range strings.Split(p.prefix, "_") {
			if e != "" {
				short += e[:1]
			}
		}
		p.short = short
		for i := 2; used[p.short]; i++ {
			p.short = short + strconv.Itoa(i)
		}
		used[p.short] = true
	}
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// assignFields renames embedded fields whose type got a new name, since an
// embedded field is named after its type.
func (nm *namer) assignFields() {
	for _, p := range nm.own {
		for _, obj := range p.info.Defs {
			v, ok := obj.(*types.Var)
			if !ok || !v.Embedded() {
				continue
			}
			t := v.Type()
			if ptr, ok := t.(*types.Pointer); ok {
				t = ptr.Elem()
			}
			n, ok := t.(*types.Named)
			if !ok {
				continue
			}
			if name, ok := nm.renamed[n.Origin().Obj()]; ok {
				nm.fields[v] = name
			}
		}
	}
}

// assignImports names each standard-library import of the bundle.
func (nm *namer) assignImports() error {
	sites := map[string][]useSite{}
	for _, p := range nm.own {
		for id, obj := range p.info.Uses {
			if p.isDead(id.Pos()) {
				continue // imports are recomputed from the code that stays
			}
			switch o := obj.(type) {
			case *types.PkgName:
				path := o.Imported().Path()
				if !nm.ownPath[path] {
					sites[path] = append(sites[path], useSite{p.types, id.Pos()})
					nm.stdPkgs[path] = o.Imported()
				}
			default:
				if path, ok := nm.dotImported(p, obj); ok && !nm.sels[id] {
					sites[path] = append(sites[path], useSite{p.types, id.Pos()})
					nm.stdPkgs[path] = obj.Pkg()
				}
			}
		}
		for _, f := range p.files {
			for _, spec := range f.Imports {
				path, err := strconv.Unquote(spec.Path.Value)
				if err != nil {
					return err
				}
				if !nm.ownPath[path] && spec.Name != nil && spec.Name.Name == "_" {
					nm.blank[path] = true
				}
			}
		}
	}
	paths := make([]string, 0, len(sites))
	for path := range sites {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		base := nm.stdPkgs[path].Name()
		name := base
		for i := 2; !nm.importNameOK(name, sites[path]); i++ {
			name = base + "_" + strconv.Itoa(i)
		}
		nm.taken[name] = true
		nm.given[name] = true
		nm.imports[path] = name
	}
	return nil
}

// dotImported reports whether a use of obj in p comes through a dot
// import of a standard package, and which.
func (nm *namer) dotImported(p *ownPkg, obj types.Object) (string, bool) {
	pkg := obj.Pkg()
	if pkg == nil || pkg == p.types || nm.ownPath[pkg.Path()] || obj.Parent() != pkg.Scope() {
		return "", false
	}
	return pkg.Path(), true
}

func (nm *namer) importNameOK(name string, sites []useSite) bool {
	// Local declarations named name are checked by scope below.
	if nm.given[name] || nm.mainTop[name] || types.Universe.Lookup(name) != nil {
		return false
	}
	for _, s := range sites {
		inner := s.pkg.Scope().Innermost(s.pos)
		if inner == nil {
			continue
		}
		_, obj := inner.LookupParent(name, s.pos)
		if obj == nil {
			continue
		}
		switch obj.Parent() {
		case s.pkg.Scope(), types.Universe:
			// Package-level names outside main are renamed; main's are
			// excluded above.
			continue
		}
		if _, ok := obj.(*types.PkgName); ok && obj.Parent().Parent() == s.pkg.Scope() {
			continue // a file-scope import; the merged block replaces it
		}
		return false
	}
	return true
}

// importLines are the lines of the merged import block.
func (nm *namer) importLines() []string {
	var lines []string
	for path, name := range nm.imports {
		q := strconv.Quote(path)
		if name == nm.stdPkgs[path].Name() && !strings.ContainsAny(path, ".-") && lastElem(path) == name {
			lines = append(lines, q)
		} else {
			lines = append(lines, name+" "+q)
		}
	}
	for path := range nm.blank {
		if _, ok := nm.imports[path]; !ok {
			lines = append(lines, "_ "+strconv.Quote(path))
		}
	}
	sort.Slice(lines, func(i, j int) bool { return importPath(lines[i]) < importPath(lines[j]) })
	return lines
}

func lastElem(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
}

func importPath(line string) string {
	return line[strings.Index(line, `"`):]
}

// edits lists the rewrites of file f of package p.
func (nm *namer) edits(p *ownPkg, f *ast.File) []edit {
	tf := nm.fset.File(f.Pos())
	off := func(pos token.Pos) int { return tf.Offset(pos) }
	done := map[*ast.Ident]bool{}
	var out []edit
	replace := func(id *ast.Ident, text string) {
		done[id] = true
		if text != id.Name {
			out = append(out, edit{off(id.Pos()), off(id.End()), text})
		}
	}
	// Skip the package clause and imports: they are rewritten wholesale.
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			return n.Tok != token.IMPORT
		case *ast.FuncDecl:
			if p.prefix != "" && n.Recv == nil && n.Name.Name == "init" {
				done[n.Name] = true
			}
		case *ast.SelectorExpr:
			x, ok := n.X.(*ast.Ident)
			if !ok {
				return true
			}
			pn, ok := p.info.Uses[x].(*types.PkgName)
			if !ok || !nm.ownPath[pn.Imported().Path()] {
				return true
			}
			// pkg.Name -> pkg_Name: drop the qualifier along with it.
			obj := origin(p.info.Uses[n.Sel])
			out = append(out, edit{off(n.X.Pos()), off(n.Sel.End()), nm.renamed[obj]})
			done[x], done[n.Sel] = true, true
			return false
		}
		return true
	})
	// init functions get the new names assigned to this file, in order.
	k := 0
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && p.prefix != "" && fd.Recv == nil && fd.Name.Name == "init" {
			out = append(out, edit{off(fd.Name.Pos()), off(fd.Name.End()), nm.inits[f][k]})
			k++
		}
	}
	for id, obj := range p.info.Uses {
		if done[id] || !within(tf, id) {
			continue
		}
		obj = origin(obj)
		if pn, ok := obj.(*types.PkgName); ok {
			if name, ok := nm.imports[pn.Imported().Path()]; ok {
				replace(id, name)
			}
			continue
		}
		if name, ok := nm.renamed[obj]; ok {
			replace(id, name)
			continue
		}
		if v, ok := obj.(*types.Var); ok {
			if name, ok := nm.fields[v]; ok {
				replace(id, name)
				continue
			}
			if name, ok := nm.locals[v]; ok {
				replace(id, name)
				continue
			}
		}
		if path, ok := nm.dotImported(p, obj); ok && !nm.sels[id] {
			replace(id, nm.imports[path]+"."+id.Name)
		}
	}
	for id, obj := range p.info.Defs {
		if done[id] || obj == nil || !within(tf, id) {
			continue
		}
		if _, ok := p.info.Uses[id]; ok {
			continue // an embedded field's type, handled as a use
		}
		if name, ok := nm.renamed[obj]; ok {
			replace(id, name)
		}
		if v, ok := obj.(*types.Var); ok {
			if name, ok := nm.locals[v]; ok {
				replace(id, name)
			}
		}
	}
	return out
}

func within(tf *token.File, id *ast.Ident) bool {
	return int(id.Pos()) >= tf.Base() && int(id.Pos()) <= tf.Base()+tf.Size()
}

// origin maps an instantiated generic function or field to its declaration.
func origin(obj types.Object) types.Object {
	switch o := obj.(type) {
	case *types.Func:
		return o.Origin()
	case *types.Var:
		return o.Origin()
	}
	return obj
}
