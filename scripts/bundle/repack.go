package main

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Repacking shrinks the packed network weights, the largest single item of
// a bundle. The weights packages (model/codegen) hold a network as a string
// constant of one character per parameter: q+8192 above U+4E00, 14 bits in
// one CJK character, which CodinGame counts as one unit. The values are far
// from uniform (roughly normal, most of them small), so a Rice code of
// their zigzag form needs about 12.3 bits each instead of 14. The bundle
// stores that bit stream 14 bits a character, in the same CJK alphabet, and
// rebuilds the very same string at start-up, so that the code that reads
// the constant runs unchanged.

const (
	packBase  = 0x4E00 // first character of the packed alphabet
	packBits  = 14     // bits a packed character holds
	packMid   = 1 << (packBits - 1)
	packRunes = 1 << packBits
	// A constant is only repacked if it saves more than the decoder
	// costs, and the decoder is only written once.
	minRepack = 2048
)

// unriceSrc is the decoder, written into the bundle under a fresh name
// (NAME): it turns the Rice code of n values with k remainder bits, stored
// packBits to a character, back into one character per value.
const unriceSrc = `
func NAME(s string, n, k int) string {
	var b []int
	for _, r := range s {
		for i := 13; i >= 0; i-- {
			b = append(b, int(r-0x4E00)>>i&1)
		}
	}
	o := make([]rune, n)
	p := 0
	for i := range o {
		z := 0
		for b[p] == 1 {
			z++
			p++
		}
		p++
		for j := 0; j < k; j++ {
			z = z<<1 | b[p]
			p++
		}
		o[i] = rune(z>>1^-(z&1)) + 0x6E00
	}
	return string(o)
}
`

// repack is one packed constant to rewrite: the declaration's range and
// what replaces it.
type repack struct {
	pos, end token.Pos
	text     string
}

// findRepacks finds the packed constants worth repacking in the live code of
// p: a package-level const declaration of one name whose value is at least
// minRepack packed characters and which the code only uses as a string
// value, so that turning it into a variable changes nothing: it ranges
// over it, or passes it as a string to a function or in a composite
// literal (the weights packages hand it to internal/nn). Any other use,
// such as len(packed), needs a constant. decoder names the decoder.
func findRepacks(p *ownPkg, nm *namer, decoder func() string) []repack {
	asValue := map[types.Object]int{}
	used := map[types.Object]int{}
	value := func(e ast.Expr, typed bool) {
		id, ok := unparen(e).(*ast.Ident)
		if !ok || p.isDead(id.Pos()) || typed && p.info.Types[id].Type != types.Typ[types.String] {
			return
		}
		asValue[p.info.Uses[id]]++
	}
	for _, f := range p.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				value(n.X, false)
			case *ast.CallExpr:
				if tv := p.info.Types[unparen(n.Fun)]; !tv.IsType() && !tv.IsBuiltin() && !n.Ellipsis.IsValid() {
					for _, a := range n.Args {
						value(a, true)
					}
				}
			case *ast.CompositeLit:
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						e = kv.Value
					}
					value(e, true)
				}
			case *ast.Ident:
				if obj, ok := p.info.Uses[n]; ok && !p.isDead(n.Pos()) {
					used[obj]++
				}
			}
			return true
		})
	}
	var out []repack
	for _, f := range p.files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST || g.Lparen.IsValid() || len(g.Specs) != 1 || p.isDead(g.Pos()) {
				continue
			}
			vs := g.Specs[0].(*ast.ValueSpec)
			if len(vs.Names) != 1 || len(vs.Values) != 1 || vs.Type != nil {
				continue
			}
			obj, ok := p.info.Defs[vs.Names[0]].(*types.Const)
			if !ok || obj.Parent() != p.types.Scope() || used[obj] == 0 || asValue[obj] != used[obj] {
				continue
			}
			if obj.Val().Kind() != constant.String {
				continue
			}
			s := constant.StringVal(obj.Val())
			vals, ok := unpackRunes(s)
			if !ok || len(vals) < minRepack {
				continue
			}
			packed, k := riceEncode(vals)
			if len([]rune(packed))+len(unriceSrc) >= len(vals) {
				continue
			}
			name, ok := nm.renamed[obj]
			if !ok {
				name = obj.Name() // package main keeps its names
			}
			out = append(out, repack{
				pos:  g.Pos(),
				end:  g.End(),
				text: fmt.Sprintf("var %s = %s(`%s`, %d, %d)", name, decoder(), packed, len(vals), k),
			})
		}
	}
	return out
}

// unpackRunes reads s as packed characters, offset from the middle of the
// alphabet, and reports whether all of them are.
func unpackRunes(s string) ([]int, bool) {
	var out []int
	for _, r := range s {
		v := int(r) - packBase
		if v < 0 || v >= packRunes {
			return nil, false
		}
		out = append(out, v-packMid)
	}
	return out, true
}

// riceEncode codes vals (in [-packMid, packMid)) in zigzag form with the
// Rice parameter k that gives the shortest stream, the smallest k on a tie,
// and packs the bits packBits to a character, the last one padded with 0.
func riceEncode(vals []int) (string, int) {
	best, bestK := -1, 0
	for k := 0; k < packBits; k++ {
		bits := 0
		for _, v := range vals {
			bits += zigzag(v)>>k + 1 + k
		}
		if best < 0 || bits < best {
			best, bestK = bits, k
		}
	}
	var b strings.Builder
	acc, n := 0, 0
	put := func(bit int) {
		acc = acc<<1 | bit
		n++
		if n == packBits {
			b.WriteRune(rune(packBase + acc))
			acc, n = 0, 0
		}
	}
	for _, v := range vals {
		z := zigzag(v)
		for q := z >> bestK; q > 0; q-- {
			put(1)
		}
		put(0)
		for i := bestK - 1; i >= 0; i-- {
			put(z >> i & 1)
		}
	}
	for n != 0 {
		put(0)
	}
	return b.String(), bestK
}

// zigzag maps 0, -1, 1, -2, ... to 0, 1, 2, 3, ...
func zigzag(v int) int {
	if v < 0 {
		return -2*v - 1
	}
	return 2 * v
}
