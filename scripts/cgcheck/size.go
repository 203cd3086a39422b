package cgcheck

import (
	"fmt"
	"unicode/utf8"
)

// MaxChars is CodinGame's limit on a submission, in UTF-16 code units (the
// unit its editor counts in, so runes outside the BMP count twice).
const MaxChars = 100000

// UTF16Len is the length of src in UTF-16 code units. Invalid UTF-8 bytes
// count as one unit each, as they decode to U+FFFD.
func UTF16Len(src []byte) int {
	n := 0
	for len(src) > 0 {
		r, size := utf8.DecodeRune(src)
		src = src[size:]
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// CheckSize fails when src is longer than max UTF-16 code units.
func CheckSize(src []byte, max int) error {
	if n := UTF16Len(src); n > max {
		return fmt.Errorf("source is %d UTF-16 code units, over the limit of %d by %d", n, max, n-max)
	}
	return nil
}
