// Package cgcheck checks that a bot can be submitted to CodinGame.
//
// CodinGame takes one Go source file of at most 100,000 UTF-16 code units,
// compiles it with Go 1.18.1 and offers only the standard library. Our
// toolchain is newer, so a bundle can compile here and still be rejected
// there. The checks below catch that before a submission does: the size, a
// compile with Go 1.19 under a `go 1.18` go.mod, a precise scan for
// standard-library API and language features newer than Go 1.18, and a
// dependency scan that keeps third-party modules out of the bot.
package cgcheck
