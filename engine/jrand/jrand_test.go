package jrand

import (
	"errors"
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
