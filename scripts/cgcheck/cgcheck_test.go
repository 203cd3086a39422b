package cgcheck

import (
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
)

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"é", 1}, // 2 bytes, 1 unit
		{"€", 1}, // 3 bytes, 1 unit
		{"😀", 2}, // outside the BMP: a surrogate pair
		{"a😀b", 4},
		{"\xff\xfe", 2}, // invalid bytes count one each
	}
	for _, tt := range tests {
		if got := UTF16Len([]byte(tt.in)); got != tt.want {
			t.Errorf("UTF16Len(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestCheckSize(t *testing.T) {
	tests := []struct {
		in      string
		max     int
		wantErr bool
	}{
		{"abcd", 4, false},
		{"abcde", 4, true},
		{"ab😀", 4, false},
		{"abc😀", 4, true},
	}
	for _, tt := range tests {
		err := CheckSize([]byte(tt.in), tt.max)
		if (err != nil) != tt.wantErr {
			t.Errorf("CheckSize(%q, %d) = %v, want error %v", tt.in, tt.max, err, tt.wantErr)
		}
	}
}

func TestParseAPILine(t *testing.T) {
	tests := []struct {
		line, want string
	}{
		{"pkg strings, func CutPrefix(string, string) (string, bool) #42537", "strings.CutPrefix"},
		{"pkg sync/atomic, type Int64 struct #50860", "sync/atomic.Int64"},
		{"pkg sync/atomic, method (*Int64) Add(int64) int64 #50860", "sync/atomic.Int64.Add"},
		{"pkg sync/atomic, method (*Pointer[$0]) Load() *$0 #50860", "sync/atomic.Pointer.Load"},
		{"pkg sync/atomic, type Pointer[$0 interface{}] struct #50860", "sync/atomic.Pointer"},
		{"pkg go/ast, type FuncType struct, TypeParams *FieldList", "go/ast.FuncType.TypeParams"},
		{"pkg crypto/ecdh, type Curve interface, GenerateKey(io.Reader) (*PrivateKey, error) #52221", "crypto/ecdh.Curve.GenerateKey"},
		{"pkg crypto/rsa, const PSSSaltLengthAuto = 0", "crypto/rsa.PSSSaltLengthAuto"},
		{"pkg os, var ErrProcessDone error", "os.ErrProcessDone"},
		{"pkg syscall (linux-amd64), const SYS_X = 1", "syscall.SYS_X"},
		{"pkg syscall (linux-amd64-cgo), const SYS_X = 1", "syscall.SYS_X"},
		{"pkg log/syslog (freebsd-386-cgo), const LOG_ALERT Priority", ""},
		{"pkg net/http, type Foo struct, embedded *url.URL", "net/http.Foo.URL"},
		{"", ""},
		{"# comment", ""},
	}
	for _, tt := range tests {
		if got := ParseAPILine(tt.line); got != tt.want {
			t.Errorf("ParseAPILine(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

const cleanSrc = `package main

import (
	"fmt"
	"strings"
	"sync/atomic"
)

type box[T any] struct{ v T }

func main() {
	var n int64
	atomic.AddInt64(&n, 1)
	var sb strings.Builder
	sb.WriteString(strings.TrimPrefix("xab", "x"))
	for i := range []int{1, 2} {
		_ = i
	}
	b := box[int]{v: 1}
	fmt.Println(sb.String(), n, b.v)
}
`

func TestCheckAPI(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // substrings of the error, in order; nil means clean
	}{
		{"clean", cleanSrc, nil},
		{"atomic.Int64", `package main

import "sync/atomic"

func main() {
	var n atomic.Int64
	n.Add(1)
}
`, []string{"sync/atomic.Int64 needs go1.19", "sync/atomic.Int64.Add needs go1.19"}},
		{"CutPrefix", `package main

import "strings"

func main() { _, _ = strings.CutPrefix("ab", "a") }
`, []string{"strings.CutPrefix needs go1.20"}},
		{"min max clear", `package main

func main() {
	m := map[int]int{}
	clear(m)
	_ = min(1, 2) + max(3, 4)
}
`, []string{"builtin clear needs go1.21", "builtin min needs go1.21", "builtin max needs go1.21"}},
		{"range over int", `package main

func main() {
	for i := range 10 {
		_ = i
	}
}
`, []string{"range over an integer needs go1.22"}},
		{"range over func", `package main

func main() {
	for x := range func(yield func(int) bool) {} {
		_ = x
	}
}
`, []string{"range over a function needs go1.23"}},
		{"struct field", `package main

import "net/http"

func main() { _ = http.Server{DisableGeneralOptionsHandler: true} }
`, []string{"net/http.Server.DisableGeneralOptionsHandler needs go1.20"}},
		{"type error", `package main

func main() { var x int = "s"; _ = x }
`, []string{"cannot use"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckAPI("bot.go", []byte(tt.src))
			if tt.want == nil {
				if err != nil {
					t.Fatalf("CheckAPI: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("CheckAPI passed, want %q", tt.want)
			}
			msg := err.Error()
			rest := msg
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("error lacks %q (in order):\n%s", w, msg)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestCompile118 needs Debian's Go 1.19: it skips without it, except under
// CI, where it fails, since .ci/run installs it.
func TestCompile118(t *testing.T) {
	if !HaveGo119() {
		enginetest.Unavailable(t, ErrNoGo119.Error())
	}
	tests := []struct {
		name string
		src  string
		ok   bool
	}{
		{"clean", cleanSrc, true},
		{"min builtin", "package main\n\nfunc main() { _ = min(1, 2) }\n", false},
		{"CutPrefix", "package main\n\nimport \"strings\"\n\nfunc main() { _, _ = strings.CutPrefix(\"ab\", \"a\") }\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Compile118([]byte(tt.src))
			if (err == nil) != tt.ok {
				t.Fatalf("Compile118 = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func TestStdlibOnly(t *testing.T) {
	tests := []struct {
		pkg  string
		want string // "" for success, else a substring of the error
	}{
		{"cgpolicy/engine/jrand", ""},
		{"cgpolicy/scripts/cgcheck", ""},
		{"gorgonia.org/tensor", "banned in bots"},
		{"cgpolicy/no/such/pkg", "no/such/pkg"},
	}
	for _, tt := range tests {
		t.Run(tt.pkg, func(t *testing.T) {
			err := StdlibOnly(tt.pkg)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("StdlibOnly(%s) = %v, want error containing %q", tt.pkg, err, tt.want)
			}
		})
	}
}

func TestErrNoGo119Message(t *testing.T) {
	if !strings.Contains(ErrNoGo119.Error(), "apt-get install golang-1.19-go") {
		t.Fatalf("ErrNoGo119 = %q", ErrNoGo119)
	}
}
