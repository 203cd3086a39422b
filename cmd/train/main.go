// Command train runs the learning pipeline of one game by expert
// iteration (model/expert): self-play with the current policy, targets
// that improve on it (for Soak Overflow the root visits of its Smitsimax
// search guided by the network; for the others every candidate of a
// decision tried on a copy of the turn, followed by a short baseline
// rollout and the game's value function), a gorgonia fit, an evaluation
// against the game's pool or baseline, and a checkpoint, once per
// iteration. At the end it writes the
// compact weights of the iteration that played best against the baseline
// and regenerates the bot's weights package, weights/<game>.
//
//	go run ./cmd/train                    # Soak Overflow, about 6 minutes on 2 cores
//	go run ./cmd/train -game grass        # Keep Off The Grass
//	go run ./cmd/train -tiny -out DIR     # a smoke run in seconds
//	go run ./cmd/train -resume            # continue an interrupted run
//
// Everything random flows from -seed, and work is split among workers by
// index and merged in order, so a seed always gives the same weights.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

// run is the whole command; stdout receives the report lines and stderr the
// progress bars, so tests can run it in-process.
func run(args []string, stdout, stderr io.Writer) error {
	opt, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	return games[opt.Game](opt, stdout, stderr)
}
