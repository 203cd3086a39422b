// Package soak holds the committed Soak Overflow policy network: the compact
// weights (weights.txt) and the Go code generated from them (weights.go),
// which the bot bundles. cmd/train rewrites both at the end of a full run;
// after editing weights.txt by other means, run go generate here.
package soak

//go:generate go run gen.go
