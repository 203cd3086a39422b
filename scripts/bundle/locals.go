package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// Local names: unless long names are asked for, the variables declared
// inside a top-level declaration (parameters, results, receivers and
// local variables) whose names are three characters or longer get the
// shortest names free in that declaration, the most used first. A new name
// is declared nowhere else in the declaration and names nothing it refers
// to, so it can neither capture nor be captured; the short names the code
// already has stay, as do local constants and types, type parameters and
// the variables of type switches.

// assignLocals chooses the new names of p's locals, after the package-level
// and import names are settled.
func (nm *namer) assignLocals(p *ownPkg) {
	if nm.long {
		return
	}
	p.implicit = map[types.Object]bool{}
	for _, obj := range p.info.Implicits {
		p.implicit[obj] = true
	}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if p.isDead(d.Pos()) {
				continue
			}
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
				continue
			}
			nm.assignDeclLocals(p, d)
		}
	}
}

func (nm *namer) assignDeclLocals(p *ownPkg, d ast.Decl) {
	reserved := map[string]bool{}
	uses := map[*types.Var]int{}
	var order []*types.Var
	ast.Inspect(d, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		obj, isDef := p.info.Defs[id]
		if !isDef {
			obj = p.info.Uses[id]
		}
		if obj == nil {
			if isDef {
				reserved[id.Name] = true // a type switch's variable
			}
			return true
		}
		obj = origin(obj)
		switch o := obj.(type) {
		case *types.Label:
			return true
		case *types.Func:
			if o.Type().(*types.Signature).Recv() != nil {
				return true // methods are selected, never in scope
			}
		case *types.Var:
			if o.IsField() {
				return true
			}
			if nm.isLocal(p, o) && len(id.Name) >= 3 {
				if _, ok := uses[o]; !ok {
					order = append(order, o)
				}
				uses[o]++
				return true
			}
		case *types.PkgName:
			if name, ok := nm.imports[o.Imported().Path()]; ok {
				reserved[name] = true
			}
			return true
		}
		if name, ok := nm.renamed[obj]; ok {
			reserved[name] = true
		} else {
			reserved[id.Name] = true
		}
		if path, ok := nm.dotImported(p, obj); ok {
			reserved[nm.imports[path]] = true
		}
		return true
	})
	sort.SliceStable(order, func(i, j int) bool { return uses[order[i]] > uses[order[j]] })
	next := 0
	for _, v := range order {
		for ; next < maxShortNames; next++ {
			name := shortName(next)
			if !reserved[name] && !token.IsKeyword(name) && types.Universe.Lookup(name) == nil {
				if len(name) < len(v.Name()) {
					nm.locals[v] = name
				}
				next++
				break
			}
		}
	}
}

// isLocal reports whether v is a variable declared inside a function of
// p (including a function type's parameters).
func (nm *namer) isLocal(p *ownPkg, v *types.Var) bool {
	return v.Pkg() == p.types && v.Parent() != nil && v.Parent() != p.types.Scope() && v.Name() != "_" && !p.implicit[v]
}

// maxShortNames is the number of names shortName makes: one or two letters.
const maxShortNames = 52 + 52*52

// shortName is the i-th name of the sequence a, ..., z, A, ..., Z, aa, ab, ...
func shortName(i int) string {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if i < len(letters) {
		return letters[i : i+1]
	}
	i -= len(letters)
	return string(letters[i/len(letters)]) + string(letters[i%len(letters)])
}
