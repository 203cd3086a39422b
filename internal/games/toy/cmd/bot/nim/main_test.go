package main

import (
	"testing"

	"cgpolicy/scripts/cgcheck"
)

// TestStdlibOnly keeps third-party modules out of the bot, as CodinGame
// compiles it with the standard library alone.
func TestStdlibOnly(t *testing.T) {
	if err := cgcheck.StdlibOnly("cgpolicy/internal/games/toy/cmd/bot/nim"); err != nil {
		t.Fatal(err)
	}
}
