package main

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Boxing: the standard library calls methods such as String and Error on
// values it holds as interfaces (fmt checks for fmt.Stringer), where no
// interface with that method shows up in the bot's code. Such a method can
// only run if a value of its type (or one containing it: fmt prints the
// elements and fields of what it is given) is converted to an interface
// somewhere in kept code. The boxer finds those conversions: arguments,
// assignments, returns, composite literal elements, sends, comparisons and
// map indexes where a value of a concrete type meets an interface type.
// Anything else it cannot see through, a type parameter, counts every type
// argument of kept code as converted.

// boxer walks kept code; sig is the signature of the function around it.
type boxer struct {
	d    *dce
	info *types.Info
	sig  *types.Signature
}

func (b boxer) Visit(n ast.Node) ast.Visitor {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if obj, ok := b.info.Defs[n.Name].(*types.Func); ok {
			b.sig = obj.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		if sig, ok := b.info.TypeOf(n).(*types.Signature); ok {
			b.sig = sig
		}
	case *ast.CallExpr:
		b.call(n)
	case *ast.AssignStmt:
		// := gives new variables the values' types, but assigns to the
		// ones it redeclares
		lhs := typesOf(b.info, n.Lhs)
		if n.Tok == token.DEFINE {
			for i, e := range n.Lhs {
				if id, ok := e.(*ast.Ident); ok && b.info.Defs[id] != nil {
					lhs[i] = nil
				}
			}
		}
		if len(n.Lhs) == len(n.Rhs) {
			for i := range n.Lhs {
				b.flow(b.info.TypeOf(n.Rhs[i]), lhs[i])
			}
		} else if len(n.Rhs) == 1 {
			b.tuple(n.Rhs[0], lhs)
		}
	case *ast.ValueSpec:
		if n.Type == nil {
			break
		}
		t := b.info.TypeOf(n.Type)
		if len(n.Values) == len(n.Names) {
			for _, v := range n.Values {
				b.flow(b.info.TypeOf(v), t)
			}
		} else if len(n.Values) == 1 {
			ts := make([]types.Type, len(n.Names))
			for i := range ts {
				ts[i] = t
			}
			b.tuple(n.Values[0], ts)
		}
	case *ast.ReturnStmt:
		if b.sig == nil {
			break
		}
		res := b.sig.Results()
		if len(n.Results) == res.Len() {
			for i, r := range n.Results {
				b.flow(b.info.TypeOf(r), res.At(i).Type())
			}
		} else if len(n.Results) == 1 {
			ts := make([]types.Type, res.Len())
			for i := range ts {
				ts[i] = res.At(i).Type()
			}
			b.tuple(n.Results[0], ts)
		}
	case *ast.CompositeLit:
		b.composite(n)
	case *ast.SendStmt:
		if ch, ok := coreType(b.info.TypeOf(n.Chan)).(*types.Chan); ok {
			b.flow(b.info.TypeOf(n.Value), ch.Elem())
		}
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			x, y := b.info.TypeOf(n.X), b.info.TypeOf(n.Y)
			b.flow(x, y)
			b.flow(y, x)
		}
	case *ast.IndexExpr:
		if m, ok := coreType(b.info.TypeOf(n.X)).(*types.Map); ok {
			b.flow(b.info.TypeOf(n.Index), m.Key())
		}
	case *ast.SwitchStmt:
		if n.Tag == nil {
			break
		}
		tag := b.info.TypeOf(n.Tag)
		for _, c := range n.Body.List {
			for _, e := range c.(*ast.CaseClause).List {
				b.flow(b.info.TypeOf(e), tag)
				b.flow(tag, b.info.TypeOf(e))
			}
		}
	case *ast.RangeStmt:
		if n.Tok != token.ASSIGN {
			break
		}
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if e != nil && isInterface(b.info.TypeOf(e)) {
				b.d.box(b.info.TypeOf(n.X))
			}
		}
	}
	return b
}

// call handles conversions, the builtins that store their arguments, and
// the arguments of calls.
func (b boxer) call(n *ast.CallExpr) {
	tv, ok := b.info.Types[unparen(n.Fun)]
	if !ok {
		return
	}
	if tv.IsType() {
		if len(n.Args) == 1 {
			b.flow(b.info.TypeOf(n.Args[0]), tv.Type)
		}
		return
	}
	if tv.IsBuiltin() {
		id, _ := unparen(n.Fun).(*ast.Ident)
		if id == nil || len(n.Args) == 0 {
			return
		}
		switch id.Name {
		case "append":
			if s, ok := coreType(b.info.TypeOf(n.Args[0])).(*types.Slice); ok && !n.Ellipsis.IsValid() {
				for _, a := range n.Args[1:] {
					b.flow(b.info.TypeOf(a), s.Elem())
				}
			}
		case "panic":
			b.flow(b.info.TypeOf(n.Args[0]), types.NewInterfaceType(nil, nil))
		case "delete":
			if m, ok := coreType(b.info.TypeOf(n.Args[0])).(*types.Map); ok && len(n.Args) == 2 {
				b.flow(b.info.TypeOf(n.Args[1]), m.Key())
			}
		}
		return
	}
	sig, ok := coreType(tv.Type).(*types.Signature)
	if !ok {
		return
	}
	params := sig.Params()
	param := func(i int) types.Type {
		if sig.Variadic() && i >= params.Len()-1 {
			last := params.At(params.Len() - 1).Type()
			if n.Ellipsis.IsValid() {
				return last
			}
			if s, ok := last.(*types.Slice); ok {
				return s.Elem()
			}
			return last
		}
		if i < params.Len() {
			return params.At(i).Type()
		}
		return nil
	}
	if len(n.Args) == 1 {
		if tup, ok := b.info.TypeOf(n.Args[0]).(*types.Tuple); ok {
			for i := 0; i < tup.Len(); i++ {
				b.flow(tup.At(i).Type(), param(i))
			}
			return
		}
	}
	for i, a := range n.Args {
		b.flow(b.info.TypeOf(a), param(i))
	}
}

// composite handles the elements of a composite literal.
func (b boxer) composite(n *ast.CompositeLit) {
	switch t := coreType(b.info.TypeOf(n)).(type) {
	case *types.Struct:
		for i, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if f, ok := b.info.Uses[kv.Key.(*ast.Ident)].(*types.Var); ok {
					b.flow(b.info.TypeOf(kv.Value), f.Type())
				}
			} else if i < t.NumFields() {
				b.flow(b.info.TypeOf(e), t.Field(i).Type())
			}
		}
	case *types.Slice:
		b.elements(n, nil, t.Elem())
	case *types.Array:
		b.elements(n, nil, t.Elem())
	case *types.Map:
		b.elements(n, t.Key(), t.Elem())
	}
}

func (b boxer) elements(n *ast.CompositeLit, key, elem types.Type) {
	for _, e := range n.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key != nil {
				b.flow(b.info.TypeOf(kv.Key), key)
			}
			e = kv.Value
		}
		b.flow(b.info.TypeOf(e), elem)
	}
}

// tuple handles one multi-valued expression assigned to several targets.
func (b boxer) tuple(e ast.Expr, to []types.Type) {
	tup, ok := b.info.TypeOf(e).(*types.Tuple)
	if !ok {
		// v, ok forms: only the first value has e's type
		if len(to) > 0 {
			b.flow(b.info.TypeOf(e), to[0])
		}
		return
	}
	for i := 0; i < tup.Len() && i < len(to); i++ {
		b.flow(tup.At(i).Type(), to[i])
	}
}

// flow records a value of type from stored as type to.
func (b boxer) flow(from, to types.Type) {
	if from == nil || to == nil || !types.IsInterface(to) {
		return
	}
	if _, ok := to.(*types.TypeParam); ok {
		return // a value of a type parameter stays unboxed
	}
	if _, ok := from.(*types.TypeParam); ok {
		b.d.boxParams = true
		return
	}
	if !types.IsInterface(from) {
		b.d.box(from)
	}
}

func typesOf(info *types.Info, es []ast.Expr) []types.Type {
	out := make([]types.Type, len(es))
	for i, e := range es {
		out[i] = info.TypeOf(e)
	}
	return out
}

// isInterface reports whether t is an interface, a type parameter
// included: its values may be boxed by its instantiations.
func isInterface(t types.Type) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return true
	}
	return types.IsInterface(t)
}

// coreType is t's underlying type, or for a type parameter the one
// underlying type of its constraint's terms, if they share one.
func coreType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	tp, ok := t.(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var core types.Type
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		u, ok := iface.EmbeddedType(i).(*types.Union)
		if !ok {
			continue
		}
		for j := 0; j < u.Len(); j++ {
			ut := u.Term(j).Type().Underlying()
			if core != nil && !types.Identical(core, ut) {
				return nil
			}
			core = ut
		}
	}
	return core
}

// box marks t and every named type within it as converted to an interface.
// An alias (type Smitsi = search.Policy[...]) is the type it names.
func (d *dce) box(t types.Type) {
	t = types.Unalias(t)
	if t == nil || d.boxedSeen[t] {
		return
	}
	// An alias (type Smitsi = search.Policy[...]) boxes what it names.
	t = types.Unalias(t)
	d.boxedSeen[t] = true
	switch t := t.(type) {
	case *types.Named:
		d.boxed[t.Origin().Obj()] = true
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				d.box(args.At(i))
			}
		}
		d.box(t.Underlying())
	case *types.TypeParam:
		d.boxParams = true
	case *types.Struct:
		// fmt calls no method on an unexported field's value (reflection
		// cannot make it an interface), but an embedded field's methods
		// are promoted to the struct itself.
		for i := 0; i < t.NumFields(); i++ {
			if f := t.Field(i); f.Exported() || f.Embedded() {
				d.box(f.Type())
			}
		}
	default:
		parts(t, d.box)
	}
}

// parts calls f on the element types of a pointer, slice, array, channel
// or map type (a map's key first) and on each type of a tuple, and reports
// whether t is one of them.
func parts(t types.Type, f func(types.Type)) bool {
	switch t := t.(type) {
	case *types.Pointer:
		f(t.Elem())
	case *types.Slice:
		f(t.Elem())
	case *types.Array:
		f(t.Elem())
	case *types.Chan:
		f(t.Elem())
	case *types.Map:
		f(t.Key())
		f(t.Elem())
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			f(t.At(i).Type())
		}
	default:
		return false
	}
	return true
}

// instance records the type arguments of a generic function or type that
// kept code instantiates at id. A type argument whose constraint has
// methods counts as boxed: the generic code calls them through the
// constraint, as through an interface. The others count only if generic
// code boxes a value of a type parameter (boxParams).
func (d *dce) instance(info *types.Info, id *ast.Ident, inst types.Instance) {
	var params *types.TypeParamList
	switch o := info.Uses[id].(type) {
	case *types.Func:
		params = o.Origin().Type().(*types.Signature).TypeParams()
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok {
			params = n.Origin().TypeParams()
		}
	}
	for i := 0; i < inst.TypeArgs.Len(); i++ {
		arg := inst.TypeArgs.At(i)
		d.instances = append(d.instances, arg)
		if params == nil || i >= params.Len() {
			d.box(arg) // cannot tell: assume the worst
			continue
		}
		if c, ok := params.At(i).Constraint().Underlying().(*types.Interface); !ok || c.NumMethods() > 0 {
			d.box(arg)
		}
	}
}

// covers reports whether pos lies in one of u's nodes.
func (u *unit) covers(pos token.Pos) bool {
	for _, n := range u.nodes {
		if n.Pos() <= pos && pos < n.End() {
			return true
		}
	}
	return false
}
