package main

import (
	"bytes"
	"go/scanner"
	"go/token"
)

// flatten drops the whitespace of the gofmt'ed src that Go does not need:
// every line's indentation, the blank lines, and gofmt's alignment within
// a line (between two tokens, a run of spaces becomes one). On CodinGame
// every character counts against the size limit, the indentation alone
// about 7% of a bundle, and gofmt lays the bundle out again, but for the
// blank lines.
// Tokens are copied as they are, so a string literal, a raw one spanning
// lines included, keeps its value, and a comment kept (-comments) its
// text.
func flatten(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("bundle.go", -1, len(src))
	var errs scanner.ErrorList
	var sc scanner.Scanner
	sc.Init(file, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, scanner.ScanComments)
	out := make([]byte, 0, len(src))
	// gap appends what the whitespace between two tokens comes to: a
	// newline if it held any, else a space if it was not empty.
	gap := func(ws []byte) {
		switch {
		case len(out) == 0 || len(ws) == 0:
		case bytes.IndexByte(ws, '\n') >= 0:
			out = append(out, '\n')
		default:
			out = append(out, ' ')
		}
	}
	prev := 0 // the end of the last token copied
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted at a newline: no text of its own
		}
		off := file.Offset(pos)
		end := off + len(lit)
		switch {
		case tok == token.STRING && lit[0] == '`':
			// lit lacks the carriage returns the source may hold
			if i := bytes.IndexByte(src[off+1:], '`'); i >= 0 {
				end = off + i + 2
			}
		case lit == "":
			end = off + len(tok.String())
		}
		gap(src[prev:off])
		out = append(out, src[off:end]...)
		prev = end
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	gap(src[prev:])
	return out, nil
}
