package jrand

import (
	"errors"
	"math"
	"testing"
)

// Known answers from the JDK: new Random(seed).nextInt().
func TestRandomKnownValues(t *testing.T) {
	tests := []struct {
		seed int64
		want int32
	}{
		{0, -1155484576},
		{42, -1170105035},
	}
	for _, tc := range tests {
		if got := NewRandom(tc.seed).Int(); got != tc.want {
			t.Errorf("Random(%d).nextInt() = %d, want %d", tc.seed, got, tc.want)
		}
	}
}

// The map height of official Soak Overflow games is the first draw,
// nextInt(6, 11), so recorded maps pin the SHA1PRNG stream.
func TestSHA1PRNGMatchesRecordedMaps(t *testing.T) {
	tests := []struct {
		seed   int64
		height int
	}{
		{-1, 6},
		{-1194387767830646020, 6},
		{-121077966, 7},
		{-176218790, 9},
		{-2147483648, 8},
		{-3397513016881661305, 10},
	}
	for _, tc := range tests {
		r, err := NewSHA1PRNG(tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.IntRange(6, 11); got != tc.height {
			t.Errorf("seed %d: height %d, want %d", tc.seed, got, tc.height)
		}
	}
}

func TestSHA1PRNGRejectsZeroSeed(t *testing.T) {
	if _, err := NewSHA1PRNG(0); !errors.Is(err, ErrZeroSeed) {
		t.Fatalf("NewSHA1PRNG(0) error = %v, want ErrZeroSeed", err)
	}
}

func TestBoundedDrawsStayInRange(t *testing.T) {
	r := NewRandom(7)
	s, _ := NewSHA1PRNG(7)
	for i := 0; i < 10000; i++ {
		for _, v := range []int{r.IntN(7), s.IntN(7), r.IntRange(3, 9) - 3, s.IntRange(3, 9) - 3} {
			if v < 0 || v >= 7 {
				t.Fatalf("draw %d out of range", v)
			}
		}
		if f := s.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64 = %v", f)
		}
	}
}

func BenchmarkSHA1PRNGIntN(b *testing.B) {
	s, _ := NewSHA1PRNG(1)
	for i := 0; i < b.N; i++ {
		s.IntN(10)
	}
}

func TestLCGInverse(t *testing.T) {
	if got := (lcgMul * lcgInv) & lcgMask; got != 1 {
		t.Fatalf("lcgMul * lcgInv = %#x mod 2^48, want 1", got)
	}
}

// SeedWithDraw reaches chosen draws; JDK runs confirm the seeds it gives
// for Integer.MIN_VALUE as the first and the fifth draw.
func TestSeedWithDraw(t *testing.T) {
	for _, tc := range []struct {
		n int
		v int32
	}{
		{1, math.MinInt32}, {5, math.MinInt32}, {1, 0}, {3, math.MaxInt32}, {5, -1}, {40, 12345},
	} {
		s := SeedWithDraw(tc.n, tc.v)
		if s < 0 || s >= 1<<48 {
			t.Errorf("SeedWithDraw(%d, %d) = %d, outside [0, 2^48)", tc.n, tc.v, s)
		}
		r := NewRandom(s)
		for i := 1; i < tc.n; i++ {
			r.Next(32)
		}
		if got := r.Int(); got != tc.v {
			t.Errorf("seed %d: draw %d = %d, want %d", s, tc.n, got, tc.v)
		}
	}
	// Known answers from the JDK (java.util.Random, OpenJDK 17).
	for _, tc := range []struct {
		seed int64
		want []int32
	}{
		{247775869193412, []int32{math.MinInt32}},                                                // SeedWithDraw(1, MIN_VALUE)
		{99407477218104, []int32{-1521926868, 360016989, -311768030, -514060730, math.MinInt32}}, // SeedWithDraw(5, MIN_VALUE)
		{-7432016558171045090, []int32{352244385, 996867995, -410374726, 1321785976, 511239951}},
	} {
		r := NewRandom(tc.seed)
		for i, w := range tc.want {
			if got := r.Int(); got != w {
				t.Errorf("Random(%d) draw %d = %d, want %d", tc.seed, i+1, got, w)
			}
		}
	}
}
