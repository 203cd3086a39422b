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
// The jobs (self-play and evaluation games by index) go through an
// embedded NATS JetStream queue reached in-process, so other machines can
// take them (internal/dist):
//
//	go run ./cmd/train -listen 0.0.0.0:4222 -token T        # accept remote workers
//	go run ./cmd/train worker -connect nats://HOST:4222 -token T
//	go run ./cmd/train -nats nats://HOST:4222 -workers 0    # an existing NATS server, remote workers only
//
// Everything random flows from -seed, and work is split among workers by
// index and merged in order, so a seed always gives the same weights.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"cgpolicy/internal/dist"
	"cgpolicy/model/expert"
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
	if len(args) > 0 && args[0] == "worker" {
		return worker(context.Background(), args[1:], stderr)
	}
	opt, d, err := parseAll(args, stderr)
	if err != nil {
		return err
	}
	p, err := trainer(opt.Game)
	if err != nil {
		return err
	}
	if !d.queue {
		return p.Run(opt, nil, stdout, stderr)
	}
	progress := stderr
	if opt.Quiet {
		progress = nil
	}
	c, err := dist.Start(dist.Config{
		Listen: d.listen, URL: d.nats, Token: d.token, StoreDir: filepath.Join(opt.Out, "nats"), Dir: filepath.Join(opt.Out, "jobs"),
		Workers: d.workers, Executor: p.Executor(), Game: opt.Game, AckWait: d.ackWait,
		Progress: progress, Log: stderr,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := p.Run(opt, c, stdout, stderr); err != nil {
		return err
	}
	return c.Clean()
}

// worker is "train worker": it joins a run and takes its jobs until the
// run ends.
func worker(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("train worker", flag.ContinueOnError)
	fs.SetOutput(stderr)
	url := fs.String("connect", "", "the coordinator's NATS address, nats://HOST:PORT")
	token := fs.String("token", os.Getenv("CGPOLICY_TOKEN"), "the run's token (default $CGPOLICY_TOKEN)")
	workers := fs.Int("workers", expert.Defaults("").Workers, "goroutines taking jobs")
	verbose := fs.Bool("v", false, "log every job taken")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *url == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: train worker -connect nats://HOST:PORT [-token T] [-workers N]")
	}
	return dist.Work(ctx, dist.WorkerConfig{URL: *url, Token: *token, Workers: *workers, Log: stderr, Verbose: *verbose,
		Executor: func(game string) (expert.Executor, error) {
			p, err := trainer(game)
			if err != nil {
				return nil, fmt.Errorf("job for %w", err)
			}
			return p.Executor(), nil
		}})
}
