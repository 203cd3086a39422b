package java

import (
	"math"
	"testing"
)

func TestTrim(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""}, {"  MOVE 1 2  ", "MOVE 1 2"}, {"\t\x00x\x1f", "x"}, {"\u00a0x\u00a0", "\u00a0x\u00a0"},
		{"a b", "a b"}, {"   ", ""},
	} {
		if got := Trim(tc.in); got != tc.want {
			t.Errorf("Trim(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHasPrefixFold(t *testing.T) {
	for _, tc := range []struct {
		s, prefix string
		want      bool
	}{
		{"MOVE 1 2", "MOVE ", true}, {"move 1 2", "MOVE ", true}, {"MoVe", "MOVE", true},
		{"MOV", "MOVE", false}, {"", "", true}, {"WAIT", "", true}, {"MOVE_", "MOVE ", false},
		{"\u017fHOOT", "SHOOT", false}, // the long s folds to S only with UNICODE_CASE
	} {
		if got := HasPrefixFold(tc.s, tc.prefix); got != tc.want {
			t.Errorf("HasPrefixFold(%q, %q) = %v, want %v", tc.s, tc.prefix, got, tc.want)
		}
	}
}

func TestParseInt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"0", 0, true}, {"007", 7, true}, {"-12", -12, true}, {"+5", 5, true},
		{"2147483647", math.MaxInt32, true}, {"-2147483648", math.MinInt32, true},
		{"2147483648", 0, false}, {"-2147483649", 0, false}, {"99999999999999999999", 0, false},
		{"", 0, false}, {"-", 0, false}, {"+", 0, false}, {" 1", 0, false}, {"1 ", 0, false},
		{"1e3", 0, false}, {"0x10", 0, false}, {"--1", 0, false},
		{"١٢", 12, true}, // Arabic-Indic digits are digits to Java
		{"１２", 12, true}, // fullwidth digits too
		{"𝟏", 0, false},  // outside the BMP: a surrogate pair, no digit
	} {
		got, ok := ParseInt(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseInt(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestRound(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want int64
	}{
		{0.5, 1}, {1.5, 2}, {2.5, 3}, {2.49, 2}, {0, 0}, {12, 12}, {-0.5, 0}, {-1.5, -1}, {-2.5, -2},
		{-2.51, -3}, {0.49999999999999994, 0}, // floor(x+0.5) would give 1 here
		{4503599627370497, 4503599627370497}, // 2^52+1: x+0.5 would round to even
		{math.NaN(), 0}, {math.Inf(1), math.MaxInt64}, {math.Inf(-1), math.MinInt64}, {1e300, math.MaxInt64},
	} {
		if got := Round(tc.in); got != tc.want {
			t.Errorf("Round(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in   float32
		want int32
	}{{0.5, 1}, {-0.5, 0}, {0.49999997, 0}, {2.5, 3}, {float32(math.NaN()), 0}, {3e9, math.MaxInt32}, {-3e9, math.MinInt32}} {
		if got := RoundFloat(tc.in); got != tc.want {
			t.Errorf("RoundFloat(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// TestPriorityQueueOrder checks the layout Java's heap gives equal keys:
// entries carry their insertion index, and the expected poll orders were
// worked out by hand from siftUp and siftDown.
func TestPriorityQueueOrder(t *testing.T) {
	type item struct{ key, id int }
	for _, tc := range []struct {
		name string
		keys []int
		want []int // ids in poll order
	}{
		{"distinct", []int{3, 1, 2}, []int{1, 2, 0}},
		{"all equal: each poll moves the last entry to the root", []int{0, 0, 0, 0}, []int{0, 3, 2, 1}},
		{"equal keys after a smaller one", []int{1, 1, 0, 1}, []int{2, 3, 0, 1}},
	} {
		q := PriorityQueue[item]{Less: func(a, b item) bool { return a.key < b.key }}
		for i, k := range tc.keys {
			q.Offer(item{k, i})
		}
		var got []int
		for q.Len() > 0 {
			it, ok := q.Poll()
			if !ok {
				t.Fatal("Poll on a non-empty queue failed")
			}
			got = append(got, it.id)
		}
		if len(got) != len(tc.want) {
			t.Fatalf("%s: polled %v, want %v", tc.name, got, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Fatalf("%s: polled %v, want %v", tc.name, got, tc.want)
			}
		}
		if _, ok := q.Poll(); ok {
			t.Errorf("%s: Poll on an empty queue succeeded", tc.name)
		}
	}
}

// TestPriorityQueueSorts: whatever the order of equal keys, keys come out
// sorted, and Reset reuses the storage.
func TestPriorityQueueSorts(t *testing.T) {
	q := PriorityQueue[int]{Less: func(a, b int) bool { return a < b }}
	q.Grow(64)
	for round := 0; round < 2; round++ {
		q.Reset()
		x := uint32(7 + round)
		for i := 0; i < 64; i++ {
			x = x*1664525 + 1013904223
			q.Offer(int(x>>24) % 10)
		}
		prev := -1
		for q.Len() > 0 {
			v, _ := q.Poll()
			if v < prev {
				t.Fatalf("round %d: %d after %d", round, v, prev)
			}
			prev = v
		}
	}
	if allocs := testing.AllocsPerRun(10, func() {
		q.Reset()
		for i := 0; i < 64; i++ {
			q.Offer(64 - i)
		}
		for q.Len() > 0 {
			q.Poll()
		}
	}); allocs != 0 {
		t.Errorf("%v allocations per reuse, want 0", allocs)
	}
}

// Math.abs wraps at the minimum value, and Java's % keeps the dividend's
// sign: both decide the map index Code of Kutulu's MazeFactory.pickRandomMaze
// computes as Math.abs(nextInt()) % n.
func TestAbsWrapsAtTheMinimum(t *testing.T) {
	for _, tc := range []struct{ in, want int32 }{
		{0, 0}, {5, 5}, {-5, 5}, {math.MaxInt32, math.MaxInt32}, {-math.MaxInt32, math.MaxInt32},
		{math.MinInt32, math.MinInt32},
	} {
		if got := AbsInt(tc.in); got != tc.want {
			t.Errorf("AbsInt(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want int64 }{
		{-1, 1}, {1 << 40, 1 << 40}, {math.MinInt64, math.MinInt64}, {math.MinInt64 + 1, math.MaxInt64},
	} {
		if got := AbsLong(tc.in); got != tc.want {
			t.Errorf("AbsLong(%d) = %d, want %d", tc.in, got, tc.want)
		}
	}
	// Java: Math.abs(Integer.MIN_VALUE) % 16 == 0, % 6 == -2.
	for _, tc := range []struct{ n, want int32 }{{16, 0}, {6, -2}, {7, -2}} {
		if got := AbsInt(math.MinInt32) % tc.n; got != tc.want {
			t.Errorf("Math.abs(MIN_VALUE) %% %d = %d, want %d", tc.n, got, tc.want)
		}
	}
}
