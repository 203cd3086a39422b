package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// Dead-code elimination keeps a bundle under CodinGame's size limit: the
// packages a bot imports carry much the bot never runs (map generation,
// the engine.Game plumbing, helpers for training). It is a reachability
// analysis over package-level declarations, conservative wherever Go can
// reach code without naming it: interfaces (by method name and signature,
// on the types that kept code converts to an interface, see box.go),
// reflection, initialisers with side effects and init functions.

// unit is one removable piece of a package: a function or method, a type
// spec, a var or const spec, or a const group whose specs depend on their
// position (iota, implicit repetition).
type unit struct {
	pkg   *ownPkg
	nodes []ast.Node // what is walked when the unit is kept
	// ranges are what is cut when it is not: a declaration or a spec,
	// with its doc and line comments.
	ranges []posRange
	root   bool
	method *types.Func     // for methods: the declared method
	recv   *types.TypeName // for methods: the receiver's base type
	objs   []types.Object  // what it declares
	kept   bool
}

// group is a parenthesised declaration: once all its specs are cut, so
// are the keyword and parentheses around them.
type group struct {
	whole posRange
	specs []*unit
}

// posRange is a half-open source range [pos, end).
type posRange struct{ pos, end token.Pos }

// dynamicMethods are the names of methods the standard library may call
// through interfaces it type-asserts to inside, where no interface type
// shows up in the bot's code: fmt's Stringer and Formatter, error wrapping,
// sort and heap, the io interfaces, the encoding marshalers and flag.Value.
var dynamicMethods = map[string]bool{
	"Error": true, "String": true, "GoString": true, "Format": true, "Scan": true,
	"Unwrap": true, "Is": true, "As": true, "Timeout": true, "Temporary": true,
	"Len": true, "Less": true, "Swap": true, "Push": true, "Pop": true,
	"Read": true, "Write": true, "Close": true, "Seek": true, "ReadAt": true, "WriteAt": true,
	"ReadFrom": true, "WriteTo": true, "ReadByte": true, "UnreadByte": true,
	"ReadRune": true, "UnreadRune": true, "WriteByte": true, "WriteRune": true, "WriteString": true,
	"Size": true, "Stat": true,
	"MarshalText": true, "UnmarshalText": true, "MarshalBinary": true, "UnmarshalBinary": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalXML": true, "UnmarshalXML": true,
	"MarshalXMLAttr": true, "UnmarshalXMLAttr": true, "GobEncode": true, "GobDecode": true,
	"Set": true, "Get": true, "IsBoolFlag": true,
}

// reflective are packages that can call any exported method by name; a
// bot that uses one keeps every exported method of its kept types.
var reflective = map[string]bool{"reflect": true, "text/template": true, "html/template": true}

// dce marks what the bot can reach and records in each package the ranges
// to cut.
type dce struct {
	units    []*unit
	byObj    map[types.Object]*unit
	queue    []*unit
	selected map[*types.Func]bool          // methods selected or named in kept code
	names    map[string][]*types.Signature // signatures of the methods of interfaces kept code may use, by name
	allExp   bool                          // kept code uses reflection
	seen     map[types.Type]bool           // types already walked for interfaces
	groups   []group
	// boxed are the named types whose values kept code may convert to an
	// interface, where the standard library can find their dynamic
	// methods; boxedSeen are the types already marked.
	boxed     map[*types.TypeName]bool
	boxedSeen map[types.Type]bool
	// boxParams: kept code converts a type parameter to an interface, so
	// every type argument of kept code counts as boxed.
	boxParams bool
	instances []types.Type // type arguments in kept code
}

// eliminate decides which declarations of own survive and stores the
// others as each package's dead ranges.
func eliminate(own []*ownPkg) {
	d := &dce{
		byObj:     map[types.Object]*unit{},
		selected:  map[*types.Func]bool{},
		names:     map[string][]*types.Signature{},
		seen:      map[types.Type]bool{},
		boxed:     map[*types.TypeName]bool{},
		boxedSeen: map[types.Type]bool{},
	}
	for _, p := range own {
		d.collect(p)
	}
	for _, u := range d.units {
		if u.root {
			d.keep(u)
		}
	}
	for {
		for len(d.queue) > 0 {
			u := d.queue[0]
			d.queue = d.queue[1:]
			d.walk(u)
		}
		if d.boxParams {
			for len(d.instances) > 0 {
				t := d.instances[0]
				d.instances = d.instances[1:]
				d.box(t)
			}
		}
		grew := false
		for _, u := range d.units {
			if !u.kept && u.method != nil && d.methodLive(u) {
				d.keep(u)
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	for _, p := range own {
		p.dead = nil
	}
	for _, u := range d.units {
		if !u.kept {
			u.pkg.dead = append(u.pkg.dead, u.ranges...)
		}
	}
	for _, g := range d.groups {
		if !anyKept(g.specs) {
			g.specs[0].pkg.dead = append(g.specs[0].pkg.dead, g.whole)
		}
	}
	for _, p := range own {
		p.dead = mergeRanges(p.dead)
	}
}

func anyKept(us []*unit) bool {
	for _, u := range us {
		if u.kept {
			return true
		}
	}
	return false
}

func (d *dce) methodLive(u *unit) bool {
	if d.selected[u.method] {
		return true
	}
	if u.recv == nil {
		return true // a receiver we cannot resolve: keep it
	}
	if rk := d.byObj[u.recv]; rk != nil && !rk.kept {
		return false
	}
	if d.allExp && u.method.Exported() {
		return true
	}
	// Only an interface can call a method that is not selected, and only
	// on a value of a type that kept code converts to one.
	name := u.method.Name()
	return (d.callable(u.method) || dynamicMethods[name]) && d.boxed[u.recv]
}

// callable reports whether an interface of kept code may have a method
// that m implements: the same name and, as Go's method sets require,
// identical parameters and results. A type parameter in either signature
// (a generic interface, a method of a generic type) may stand for any
// type, so only the positions without one must be identical.
func (d *dce) callable(m *types.Func) bool {
	sig := m.Type().(*types.Signature)
	for _, s := range d.names[m.Name()] {
		if s.Variadic() == sig.Variadic() && sameTuple(s.Params(), sig.Params()) && sameTuple(s.Results(), sig.Results()) {
			return true
		}
	}
	return false
}

// sameTuple reports whether a and b may be the same tuple once their type
// parameters are instantiated.
func sameTuple(a, b *types.Tuple) bool {
	if a.Len() != b.Len() {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		x, y := a.At(i).Type(), b.At(i).Type()
		if !mentionsTypeParam(x) && !mentionsTypeParam(y) && !types.Identical(x, y) {
			return false
		}
	}
	return true
}

// mentionsTypeParam reports whether t has a type parameter in it, as an
// element, a parameter, a result, a field or a type argument.
func mentionsTypeParam(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		args := t.TypeArgs()
		for i := 0; args != nil && i < args.Len(); i++ {
			if mentionsTypeParam(args.At(i)) {
				return true
			}
		}
	case *types.Signature:
		return mentionsTypeParam(t.Params()) || mentionsTypeParam(t.Results())
	case *types.Tuple:
		for i := 0; t != nil && i < t.Len(); i++ {
			if mentionsTypeParam(t.At(i).Type()) {
				return true
			}
		}
	case *types.Pointer:
		return mentionsTypeParam(t.Elem())
	case *types.Slice:
		return mentionsTypeParam(t.Elem())
	case *types.Array:
		return mentionsTypeParam(t.Elem())
	case *types.Chan:
		return mentionsTypeParam(t.Elem())
	case *types.Map:
		return mentionsTypeParam(t.Key()) || mentionsTypeParam(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if mentionsTypeParam(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			if mentionsTypeParam(t.Method(i).Type()) {
				return true
			}
		}
	}
	return false
}

func (d *dce) keep(u *unit) {
	if u.kept {
		return
	}
	u.kept = true
	d.queue = append(d.queue, u)
}

func (d *dce) add(u *unit) {
	d.units = append(d.units, u)
	for _, o := range u.objs {
		if o != nil {
			d.byObj[o] = u
		}
	}
}

// collect splits p's files into units.
func (d *dce) collect(p *ownPkg) {
	isMain := p.list.Name == "main"
	for _, f := range p.files {
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				u := &unit{pkg: p, nodes: []ast.Node{decl}, ranges: []posRange{withDoc(decl.Doc, decl.Pos(), decl.End())}, root: isMain}
				fn, _ := p.info.Defs[decl.Name].(*types.Func)
				if decl.Recv == nil {
					if decl.Name.Name == "init" {
						u.root = true
					} else {
						u.objs = []types.Object{fn}
					}
				} else if fn != nil {
					u.method = fn
					u.recv = recvBase(fn)
				}
				d.add(u)
			case *ast.GenDecl:
				if decl.Tok == token.IMPORT {
					continue
				}
				d.collectGen(p, decl, isMain)
			}
		}
	}
}

func (d *dce) collectGen(p *ownPkg, g *ast.GenDecl, isMain bool) {
	whole := withDoc(g.Doc, g.Pos(), g.End())
	if g.Tok == token.CONST && positional(g) {
		u := &unit{pkg: p, nodes: []ast.Node{g}, ranges: []posRange{whole}, root: isMain}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				u.objs = append(u.objs, p.info.Defs[n])
			}
		}
		d.add(u)
		return
	}
	var specs []*unit
	for _, s := range g.Specs {
		u := &unit{pkg: p, nodes: []ast.Node{s}, root: isMain}
		switch s := s.(type) {
		case *ast.TypeSpec:
			u.objs = []types.Object{p.info.Defs[s.Name]}
			u.ranges = []posRange{specRange(s.Doc, s.Pos(), s.End(), s.Comment)}
		case *ast.ValueSpec:
			// A blank var without side effects (var _ I = (*T)(nil)) only
			// asserts at compile time; keeping it would root T's whole
			// method set, so it goes like any other unused spec.
			for _, n := range s.Names {
				u.objs = append(u.objs, p.info.Defs[n])
			}
			if g.Tok == token.VAR && sideEffects(p.info, s.Values) {
				u.root = true
			}
			u.ranges = []posRange{specRange(s.Doc, s.Pos(), s.End(), s.Comment)}
		}
		specs = append(specs, u)
	}
	if !g.Lparen.IsValid() && len(specs) == 1 {
		specs[0].ranges = []posRange{whole}
	} else if len(specs) > 0 {
		d.groups = append(d.groups, group{whole, specs})
	}
	for _, u := range specs {
		d.add(u)
	}
}

// walk records what a kept unit refers to.
func (d *dce) walk(u *unit) {
	info := u.pkg.info
	for id, inst := range info.Instances {
		if u.covers(id.Pos()) {
			d.instance(info, id, inst)
		}
	}
	for _, n := range u.nodes {
		ast.Walk(boxer{d: d, info: info}, n)
	}
	for _, n := range u.nodes {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if obj, ok := info.Uses[n]; ok {
					d.use(obj)
				}
			case *ast.SelectorExpr:
				if sel, ok := info.Selections[n]; ok {
					d.use(sel.Obj())
				}
			}
			if e, ok := n.(ast.Expr); ok {
				if tv, ok := info.Types[e]; ok {
					d.interfaces(tv.Type)
				}
			}
			return true
		})
	}
}

func (d *dce) use(obj types.Object) {
	switch o := origin(obj).(type) {
	case *types.PkgName:
		if reflective[o.Imported().Path()] {
			d.allExp = true
		}
		return
	case *types.Func:
		if o.Type().(*types.Signature).Recv() != nil {
			d.selected[o] = true
			return
		}
		obj = o
	default:
		obj = o
	}
	if u := d.byObj[obj]; u != nil {
		d.keep(u)
	}
}

// interfaces adds the method names of every interface within t, seen
// through aliases.
func (d *dce) interfaces(t types.Type) {
	t = types.Unalias(t)
	if t == nil || d.seen[t] {
		return
	}
	d.seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		d.interfaces(t.Underlying())
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				d.interfaces(args.At(i))
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			d.names[m.Name()] = append(d.names[m.Name()], m.Type().(*types.Signature))
			d.interfaces(m.Type())
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			d.interfaces(t.EmbeddedType(i))
		}
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			d.interfaces(t.Term(i).Type())
		}
	case *types.TypeParam:
		d.interfaces(t.Constraint())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			d.interfaces(t.Field(i).Type())
		}
	case *types.Signature:
		d.interfaces(t.Params())
		d.interfaces(t.Results())
	default:
		parts(t, d.interfaces)
	}
}

// recvBase is the named type a method is declared on.
func recvBase(fn *types.Func) *types.TypeName {
	t := fn.Type().(*types.Signature).Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// positional reports whether a const group's values depend on where each
// spec sits: iota or an omitted value list.
func positional(g *ast.GenDecl) bool {
	if len(g.Specs) < 2 {
		return false
	}
	for _, s := range g.Specs {
		vs := s.(*ast.ValueSpec)
		if len(vs.Values) == 0 {
			return true
		}
		for _, v := range vs.Values {
			iota := false
			ast.Inspect(v, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
					iota = true
				}
				return !iota
			})
			if iota {
				return true
			}
		}
	}
	return false
}

// pureBuiltins are builtins that cannot do anything observable besides
// panicking on bad sizes, which an initialiser the bot never reads would
// also do in the original; they are treated as pure like conversions.
var pureBuiltins = map[string]bool{
	"append": true, "cap": true, "complex": true, "imag": true, "len": true,
	"make": true, "new": true, "real": true, "min": true, "max": true,
}

// sideEffects reports whether evaluating exprs may do more than compute a
// value: any call other than a conversion or a pure builtin, or a channel
// receive. Function literals are not run unless called.
func sideEffects(info *types.Info, exprs []ast.Expr) bool {
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					found = true
				}
			case *ast.CallExpr:
				fun := unparen(n.Fun)
				if tv, ok := info.Types[fun]; ok && tv.IsType() {
					return true
				}
				if id, ok := fun.(*ast.Ident); ok {
					if b, ok := info.Uses[id].(*types.Builtin); ok && pureBuiltins[b.Name()] {
						return true
					}
				}
				found = true
			}
			return !found
		})
	}
	return found
}

func withDoc(doc *ast.CommentGroup, pos, end token.Pos) posRange {
	if doc != nil {
		pos = doc.Pos()
	}
	return posRange{pos, end}
}

func specRange(doc *ast.CommentGroup, pos, end token.Pos, comment *ast.CommentGroup) posRange {
	r := withDoc(doc, pos, end)
	if comment != nil && comment.End() > r.end {
		r.end = comment.End()
	}
	return r
}

// mergeRanges sorts rs and joins overlapping ones.
func mergeRanges(rs []posRange) []posRange {
	sort.Slice(rs, func(i, j int) bool { return rs[i].pos < rs[j].pos })
	var out []posRange
	for _, r := range rs {
		if n := len(out); n > 0 && r.pos <= out[n-1].end {
			if r.end > out[n-1].end {
				out[n-1].end = r.end
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// isDead reports whether pos lies in code the bundle drops.
func (p *ownPkg) isDead(pos token.Pos) bool {
	i := sort.Search(len(p.dead), func(i int) bool { return p.dead[i].end > pos })
	return i < len(p.dead) && p.dead[i].pos <= pos
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
