package main

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"cgpolicy/scripts/cgcheck"
	"cgpolicy/scripts/internal/golist"
)

// packedConst writes n packed characters as the weights packages do: a
// roughly normal spread of the given width, plus both extremes.
func packedConst(seed int64, n int, width float64) string {
	r := rand.New(rand.NewSource(seed))
	var b strings.Builder
	for i := 0; i < n; i++ {
		v := int(r.NormFloat64() * width)
		switch {
		case i == 0 || v < -packMid:
			v = -packMid
		case i == 1 || v >= packMid:
			v = packMid - 1
		}
		b.WriteRune(rune(packBase + packMid + v))
	}
	return b.String()
}

// TestRepack bundles programs that hash a packed constant by ranging over
// it: the bundle must print the same hash, and store the constant denser
// where it can.
func TestRepack(t *testing.T) {
	gomod := "module m\n\ngo 1.18\n"
	main := "package main\n\nimport (\n\t\"fmt\"\n\n\t\"m/w\"\n)\n\nfunc main() { fmt.Println(w.Hash()) }\n"
	hash := "func Hash() uint32 {\n\th := uint32(7)\n\tfor _, r := range packed {\n\t\th = h*31 + uint32(r)\n\t}\n\treturn h\n}\n"
	for _, tc := range []struct {
		name   string
		lib    string
		repack bool
	}{
		{"weights", "package w\n\nconst packed = `" + packedConst(1, 20000, 1200) + "`\n\n" + hash, true},
		{"wide values", "package w\n\nconst packed = `" + packedConst(2, 6000, 1e5) + "`\n\n" + hash, false},
		{"too short", "package w\n\nconst packed = `" + packedConst(3, 1000, 1200) + "`\n\n" + hash, false},
		{"not packed", "package w\n\nconst packed = `" + strings.Repeat("ab", 3000) + "`\n\n" + hash, false},
		{"used as a constant", "package w\n\nconst packed = `" + packedConst(4, 6000, 1200) + "`\n\nconst size = len(packed)\n\n" +
			strings.Replace(hash, "uint32(7)", "uint32(size)", 1), false},
		{"in a group", "package w\n\nconst (\n\tpacked = `" + packedConst(5, 6000, 1200) + "`\n\tother = 1\n)\n\n" + hash, false},
		// The weights packages hand the constant to internal/nn, in a
		// struct literal; a function argument is as good.
		{"in a composite literal", "package w\n\nconst packed = `" + packedConst(6, 20000, 1200) + "`\n\n" +
			"type net struct{ data string }\n\nvar n = net{data: packed}\n\n" + strings.Replace(hash, "range packed", "range n.data", 1), true},
		{"a function argument", "package w\n\nconst packed = `" + packedConst(7, 20000, 1200) + "`\n\n" +
			"func Hash() uint32 { return hash(packed) }\n\n" + strings.Replace(strings.Replace(hash, "Hash()", "hash(s string)", 1), "range packed", "range s", 1), true},
		{"a named string type", "package w\n\nconst packed = `" + packedConst(8, 6000, 1200) + "`\n\n" +
			"type str string\n\nfunc Hash() uint32 { return hash(packed) }\n\n" + strings.Replace(strings.Replace(hash, "Hash()", "hash(s str)", 1), "range packed", "range s", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeModule(t, map[string]string{"go.mod": gomod, "w/w.go": tc.lib, "app/main.go": main})
			src, err := Bundle(Config{Dir: dir, Pkg: "./app"})
			if err != nil {
				t.Fatal(err)
			}
			if got := bytes.Contains(src, []byte("unrice(")); got != tc.repack {
				t.Errorf("repacked = %v, want %v", got, tc.repack)
			}
			want := runGo(t, dir, "run", "./app")
			if got := runBundle(t, golist.GoCmd(), src); got != want {
				t.Errorf("bundled program prints %q, want %q", got, want)
			}
			plain, err := Bundle(Config{Dir: dir, Pkg: "./app", NoRepack: true})
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(plain, []byte("unrice(")) {
				t.Error("NoRepack bundle repacks")
			}
			// 20000 values of spread 1200 take about 12.4 bits each, so the
			// bundle must shrink by more than 1500 units with the decoder
			if n, m := cgcheck.UTF16Len(src), cgcheck.UTF16Len(plain); tc.repack && n > m-1500 {
				t.Errorf("bundle is %d units, %d without repacking", n, m)
			}
		})
	}
}

// TestRiceEncode checks the choice of the Rice parameter and the padding
// of the last character.
func TestRiceEncode(t *testing.T) {
	for _, tc := range []struct {
		vals  []int
		k     int
		chars int
	}{
		{[]int{0}, 0, 1},                  // one bit, padded
		{make([]int, 14), 0, 1},           // 14 zeros: one bit each
		{make([]int, 15), 0, 2},           //
		{[]int{-8192, 8191}, 13, 3},       // 16383 and 16382: one 1, the 0, 13 bits
		{[]int{100, -100, 90, -90}, 7, 3}, // zigzag 200, 199, 180, 179: 1+1+7 bits each = 36
	} {
		s, k := riceEncode(tc.vals)
		if k != tc.k || len([]rune(s)) != tc.chars {
			t.Errorf("riceEncode(%v) = %d chars, k %d; want %d chars, k %d", tc.vals, len([]rune(s)), k, tc.chars, tc.k)
		}
		for _, r := range s {
			if r < packBase || r >= packBase+packRunes {
				t.Errorf("riceEncode(%v) writes %U, outside the alphabet", tc.vals, r)
			}
		}
	}
	for i, want := range []int{0, 1, 2, 3, 4} {
		if got := zigzag([]int{0, -1, 1, -2, 2}[i]); got != want {
			t.Errorf("zigzag #%d = %d, want %d", i, got, want)
		}
	}
}
