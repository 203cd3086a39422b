package arena

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// ReadJSONL calls line with each complete line of r (its newline cut,
// blank lines skipped) and returns how many bytes the complete lines take.
// A last line without its newline is left out: in an append-only file it is
// what a writer killed mid-write leaves behind, or one still writing, so a
// reader ignores it and a writer cuts the file there before appending.
// Both the results file and the league file are read through it.
func ReadJSONL(r io.Reader, line func([]byte)) (int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var n int64
	for {
		b, err := br.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			return n, nil // b, if any, is the torn last line
		}
		if err != nil {
			return n, err
		}
		n += int64(len(b))
		if b = bytes.TrimSpace(b); len(b) > 0 {
			line(b)
		}
	}
}
