// Package java reproduces the few behaviours of the Java standard library
// that CodinGame's referees lean on and that Go does differently: String.trim,
// Integer.parseInt, Math.round, a CASE_INSENSITIVE regex's keyword and
// java.util.PriorityQueue's order among equal keys. Every referee we port is Java, so each of these decides some
// golden trace; they live here once, with tests, instead of in each engine.
package java

import (
	"math"
	"unicode"
)

// Trim is String.trim: it strips every char up to U+0020 at both ends, which
// covers control characters that strings.TrimSpace keeps and keeps the
// Unicode spaces that it strips.
func Trim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// HasPrefixFold reports whether s starts with prefix (upper-case ASCII),
// ignoring case as a Pattern.CASE_INSENSITIVE regex does without
// UNICODE_CASE: ASCII letters alone fold.
func HasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != prefix[i] {
			return false
		}
	}
	return true
}

// ParseInt is Integer.parseInt (and Integer.valueOf): an optional sign, then
// decimal digits of any script in the Basic Multilingual Plane, within int32
// range. ok is false where Java throws NumberFormatException.
func ParseInt(s string) (v int, ok bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	rest := s
	if s[0] == '+' || s[0] == '-' {
		neg = s[0] == '-'
		rest = s[1:]
		if rest == "" {
			return 0, false
		}
	}
	n := int64(0)
	for _, r := range rest {
		d := Digit(r)
		if d < 0 {
			return 0, false
		}
		n = n*10 + int64(d)
		if n > 1<<31 {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	if n > math.MaxInt32 || n < math.MinInt32 {
		return 0, false
	}
	return int(n), true
}

// Digit is Character.digit(ch, 10) for a char of the BMP: the value of a
// decimal digit of any script, or -1.
func Digit(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 || r > 0xFFFF || !unicode.Is(unicode.Nd, r) {
		return -1
	}
	for _, rg := range unicode.Nd.R16 {
		if uint16(r) >= rg.Lo && uint16(r) <= rg.Hi {
			return int(uint16(r)-rg.Lo) % 10
		}
	}
	return -1
}

// Round is Math.round(double): the closest long, ties toward positive
// infinity. It is not floor(x+0.5): at 0.49999999999999994 that sum rounds
// up to 1 in floating point, while Java (since 7) returns 0. NaN gives 0 and
// values beyond the long range saturate, as in Java.
func Round(x float64) int64 {
	switch {
	case x != x:
		return 0
	case x >= math.MaxInt64:
		return math.MaxInt64
	case x <= math.MinInt64:
		return math.MinInt64
	}
	f := math.Floor(x)
	if x-f >= 0.5 {
		f++
	}
	return int64(f)
}

// RoundFloat is Math.round(float): the same rule on a float32, giving an int
// that saturates at the int32 range.
func RoundFloat(x float32) int32 {
	switch {
	case x != x:
		return 0
	case x >= math.MaxInt32:
		return math.MaxInt32
	case x <= math.MinInt32:
		return math.MinInt32
	}
	f := float32(math.Floor(float64(x)))
	if x-f >= 0.5 {
		f++
	}
	return int32(f)
}

// AbsInt is Math.abs(int): the absolute value in 32-bit two's complement,
// so Math.abs(Integer.MIN_VALUE) stays Integer.MIN_VALUE, negative. A
// referee that picks a list entry with Math.abs(nextInt()) % n relies on
// it: Java's % then keeps the sign of the dividend, and the index is 0 only
// because n divides 2^31; for other n the referee would index out of range.
func AbsInt(v int32) int32 {
	if v < 0 {
		return -v // wraps for math.MinInt32, as in Java
	}
	return v
}

// AbsLong is Math.abs(long), with the same wrap at Long.MIN_VALUE.
func AbsLong(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
