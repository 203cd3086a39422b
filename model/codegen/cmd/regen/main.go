// Command regen rewrites the weights.go of the weights package in the
// current directory from its weights.txt. Each generated weights.go names
// it in its go:generate line, with the package's name:
//
//	go generate ./weights/soak   # runs: go run cgpolicy/model/codegen/cmd/regen soak
package main

import (
	"fmt"
	"os"

	"cgpolicy/model/codegen"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: regen PACKAGE (run by go generate in a weights package)")
		os.Exit(2)
	}
	if err := codegen.Regenerate(".", os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "regen:", err)
		os.Exit(1)
	}
}
