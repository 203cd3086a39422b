//go:build ignore

// gen regenerates weights.go from weights.txt.
package main

import (
	"log"

	"cgpolicy/model/codegen"
)

func main() {
	if err := codegen.Regenerate(".", "soak"); err != nil {
		log.Fatal(err)
	}
}
