package cgcheck

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"cgpolicy/scripts/internal/golist"
)

// BaseVersion is the Go release CodinGame compiles with (1.18.1).
const BaseVersion = 18

// Violation is one use of something Go 1.18 lacks.
type Violation struct {
	Pos token.Position
	Msg string
}

// String is "file:line:col: message", as compilers print.
func (v Violation) String() string { return v.Pos.String() + ": " + v.Msg }

// APIError lists every violation found in a file.
type APIError struct {
	Violations []Violation
}

// Error lists the violations one per line.
func (e *APIError) Error() string {
	lines := make([]string, len(e.Violations))
	for i, v := range e.Violations {
		lines[i] = v.String()
	}
	return fmt.Sprintf("%d use(s) of features newer than Go 1.%d:\n\t%s", len(lines), BaseVersion, strings.Join(lines, "\n\t"))
}

// newBuiltins are the predeclared functions added after Go 1.18.
var newBuiltins = map[string]string{"min": "go1.21", "max": "go1.21", "clear": "go1.21"}

// CheckAPI type-checks a single-file main package and reports every use of
// standard-library API added after Go 1.18 (per the api/go1.N.txt files of
// the installed toolchain), of the min, max and clear builtins, and of
// range over integers or functions. Compiling with Go 1.19 catches most of
// these, but not 1.19's own additions such as sync/atomic.Int64; this check
// is exact for the API. It returns an *APIError when it finds any.
func CheckAPI(filename string, src []byte) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	var paths []string
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return err
		}
		if p != "unsafe" && p != "C" {
			paths = append(paths, p)
		}
	}
	imp, err := golist.StdImporter(fset, "", paths)
	if err != nil {
		return err
	}
	index, err := loadAPI()
	if err != nil {
		return err
	}
	c := &apiChecker{fset: fset, index: index, fields: map[*types.Package]map[*types.Var]string{}}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{},
		Uses:  map[*ast.Ident]types.Object{},
	}
	var typeErrs []Violation
	conf := types.Config{
		Importer:  imp,
		GoVersion: fmt.Sprintf("go1.%d", BaseVersion),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				typeErrs = append(typeErrs, Violation{fset.Position(te.Pos), te.Msg})
			}
		},
	}
	_, _ = conf.Check("main", fset, []*ast.File{f}, info)
	c.uses(info)
	c.ranges(f, info)
	// Prefer our messages; keep type errors at other positions (they
	// include language changes we do not look for, or plain mistakes).
	seen := map[token.Position]bool{}
	for _, v := range c.found {
		seen[v.Pos] = true
	}
	for _, v := range typeErrs {
		if !seen[v.Pos] {
			c.found = append(c.found, v)
		}
	}
	if len(c.found) == 0 {
		return nil
	}
	sort.SliceStable(c.found, func(i, j int) bool {
		a, b := c.found[i].Pos, c.found[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return &APIError{Violations: c.found}
}

type apiChecker struct {
	fset   *token.FileSet
	index  map[string]string
	fields map[*types.Package]map[*types.Var]string
	found  []Violation
}

func (c *apiChecker) add(pos token.Pos, format string, args ...interface{}) {
	c.found = append(c.found, Violation{c.fset.Position(pos), fmt.Sprintf(format, args...)})
}

func (c *apiChecker) uses(info *types.Info) {
	for id, obj := range info.Uses {
		if b, ok := obj.(*types.Builtin); ok {
			if v, ok := newBuiltins[b.Name()]; ok && obj.Parent() == types.Universe {
				c.add(id.Pos(), "builtin %s needs %s", b.Name(), v)
				continue
			}
			if obj.Parent() == types.Unsafe.Scope() {
				if v, ok := c.index["unsafe."+b.Name()]; ok {
					c.add(id.Pos(), "unsafe.%s needs %s", b.Name(), v)
				}
			}
			continue
		}
		key := c.key(obj)
		if key == "" {
			continue
		}
		if v, ok := c.index[key]; ok {
			c.add(id.Pos(), "%s needs %s", key, v)
		}
	}
}

// key names obj the way the api files do: "path.Name" for package-level
// objects, "path.Type.Name" for methods and struct fields.
func (c *apiChecker) key(obj types.Object) string {
	pkg := obj.Pkg()
	if pkg == nil || pkg.Path() == "main" {
		return ""
	}
	if obj.Parent() == pkg.Scope() {
		return pkg.Path() + "." + obj.Name()
	}
	switch o := obj.(type) {
	case *types.Func:
		o = o.Origin()
		sig, ok := o.Type().(*types.Signature)
		if !ok || sig.Recv() == nil {
			return ""
		}
		if n := typeName(sig.Recv().Type()); n != "" {
			return pkg.Path() + "." + n + "." + o.Name()
		}
	case *types.Var:
		if o.IsField() {
			if owner := c.fieldOwner(pkg, o.Origin()); owner != "" {
				return pkg.Path() + "." + owner + "." + o.Name()
			}
		}
	}
	return ""
}

func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// fieldOwner finds the named struct type of pkg that declares field f;
// go/types records no back link from a field to its struct.
func (c *apiChecker) fieldOwner(pkg *types.Package, f *types.Var) string {
	m, ok := c.fields[pkg]
	if !ok {
		m = map[*types.Var]string{}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for i := 0; i < st.NumFields(); i++ {
					m[st.Field(i)] = name
				}
			}
		}
		c.fields[pkg] = m
	}
	return m[f]
}

func (c *apiChecker) ranges(f *ast.File, info *types.Info) {
	ast.Inspect(f, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if !ok {
			return true
		}
		t := info.TypeOf(rs.X)
		if t == nil {
			return true
		}
		switch u := t.Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsInteger != 0 {
				c.add(rs.X.Pos(), "range over an integer needs go1.22")
			}
		case *types.Signature:
			c.add(rs.X.Pos(), "range over a function needs go1.23")
		}
		return true
	})
}

var (
	apiOnce  sync.Once
	apiIndex map[string]string
	apiErr   error
)

// loadAPI reads the api/go1.N.txt files (N > BaseVersion) of the go
// command's GOROOT into a map from API key to the first version with it.
func loadAPI() (map[string]string, error) {
	apiOnce.Do(func() {
		out, err := exec.Command(golist.GoCmd(), "env", "GOROOT").Output()
		if err != nil {
			apiErr = fmt.Errorf("go env GOROOT: %v", err)
			return
		}
		apiIndex, apiErr = LoadAPIDir(filepath.Join(strings.TrimSpace(string(out)), "api"))
	})
	return apiIndex, apiErr
}

// LoadAPIDir parses the go1.N.txt files with N > BaseVersion in dir.
func LoadAPIDir(dir string) (map[string]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "go1.*.txt"))
	if err != nil {
		return nil, err
	}
	index := map[string]string{}
	loaded := 0
	for _, file := range files {
		base := filepath.Base(file)
		minor, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(base, "go1."), ".txt"))
		if err != nil || minor <= BaseVersion {
			continue
		}
		version := fmt.Sprintf("go1.%d", minor)
		fh, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			key := ParseAPILine(sc.Text())
			if key == "" {
				continue
			}
			if old, ok := index[key]; !ok || versionLess(version, old) {
				index[key] = version
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		loaded++
	}
	if loaded == 0 {
		return nil, fmt.Errorf("no api/go1.N.txt files newer than go1.%d in %s", BaseVersion, dir)
	}
	return index, nil
}

func versionLess(a, b string) bool {
	x, _ := strconv.Atoi(strings.TrimPrefix(a, "go1."))
	y, _ := strconv.Atoi(strings.TrimPrefix(b, "go1."))
	return x < y
}

// ParseAPILine turns one api file line into the key CheckAPI looks up, or
// "" for lines that do not apply to linux/amd64 or name nothing usable.
//
//	pkg strings, func CutPrefix(string, string) (string, bool)  -> strings.CutPrefix
//	pkg sync/atomic, method (*Int64) Add(int64) int64          -> sync/atomic.Int64.Add
//	pkg go/ast, type FuncType struct, TypeParams *FieldList    -> go/ast.FuncType.TypeParams
func ParseAPILine(line string) string {
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	if !strings.HasPrefix(line, "pkg ") {
		return ""
	}
	line = line[len("pkg "):]
	comma := strings.Index(line, ", ")
	if comma < 0 {
		return ""
	}
	path, rest := line[:comma], line[comma+2:]
	if sp := strings.Index(path, " ("); sp >= 0 {
		if !strings.HasPrefix(path[sp+2:], "linux-amd64") {
			return ""
		}
		path = path[:sp]
	}
	kind, rest := cut(rest, " ")
	switch kind {
	case "func":
		return path + "." + ident(rest)
	case "const", "var":
		return path + "." + ident(rest)
	case "method":
		if !strings.HasPrefix(rest, "(") {
			return ""
		}
		end := strings.Index(rest, ") ")
		if end < 0 {
			return ""
		}
		recv := strings.TrimPrefix(rest[1:end], "*")
		return path + "." + ident(recv) + "." + ident(rest[end+2:])
	case "type":
		name := ident(rest)
		rest = skipTypeParams(rest[len(name):])
		// rest is now " struct", " struct, Field T", " interface, M()", ...
		if i := strings.Index(rest, ", "); i >= 0 && (strings.HasPrefix(rest, " struct,") || strings.HasPrefix(rest, " interface,")) {
			member := rest[i+2:]
			if strings.HasPrefix(member, "embedded ") {
				member = strings.TrimPrefix(member[len("embedded "):], "*")
				if j := strings.LastIndex(member, "."); j >= 0 {
					member = member[j+1:]
				}
			}
			return path + "." + name + "." + ident(member)
		}
		return path + "." + name
	}
	return ""
}

func cut(s, sep string) (string, string) {
	if i := strings.Index(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):]
	}
	return s, ""
}

// ident is the leading Go identifier of s.
func ident(s string) string {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 0x7f) {
			return s[:i]
		}
	}
	return s
}

// skipTypeParams drops a leading bracketed type-parameter list.
func skipTypeParams(s string) string {
	if !strings.HasPrefix(s, "[") {
		return s
	}
	depth := 0
	for i, r := range s {
		switch r {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return s[i+1:]
			}
		}
	}
	return s
}
