package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"cgpolicy/internal/dist"
	"cgpolicy/internal/games"
	"cgpolicy/internal/games/all"
	"cgpolicy/model/expert"
)

// distFlags are the flags of the job queue; none changes the weights.
type distFlags struct {
	queue   bool
	listen  string
	nats    string
	token   string
	workers int // local workers as given (0: remote workers only)
	ackWait time.Duration
}

func gameNames() string { return strings.Join(games.Names(), ", ") }

// trainer is the learning run of the game called name.
func trainer(name string) (expert.Trainer, error) {
	g, err := games.Lookup(name)
	if err != nil {
		return nil, err
	}
	return g.Train, nil
}

// parseFlags reads the command line: -game picks the defaults, -tiny
// replaces them with the smoke configuration, and flags given explicitly
// win over both (the line is parsed again over the chosen settings).
func parseFlags(args []string, stderr io.Writer) (expert.Options, error) {
	o, _, err := parseAll(args, stderr)
	return o, err
}

// parseAll is parseFlags with the distribution flags.
func parseAll(args []string, stderr io.Writer) (expert.Options, distFlags, error) {
	o := expert.Defaults(all.Default)
	var d distFlags
	fs := flagSet(&o, &d, stderr)
	if err := fs.Parse(args); err != nil {
		return o, d, err
	}
	tr, err := trainer(o.Game)
	if err != nil {
		return o, d, fmt.Errorf("-game %q: unknown game (trainable: %s)", o.Game, gameNames())
	}
	tiny := o.Tiny
	o = tr.Defaults()
	if tiny {
		o = expert.Tiny(o)
	} else {
		o.WeightsDir = "weights/" + o.Game
	}
	d = distFlags{}
	fs = flagSet(&o, &d, stderr)
	if err := fs.Parse(args); err != nil {
		return o, d, err
	}
	if fs.NArg() > 0 {
		return o, d, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	d.workers = o.Workers
	if o.Workers == 0 && (d.listen != "" || d.nats != "") {
		o.Workers = 1 // every job goes to remote workers; the options stay valid
	}
	if (d.listen != "" || d.nats != "") && !d.queue {
		return o, d, errors.New("-queue=false runs every job in this process: drop -listen and -nats")
	}
	return o, d, o.Validate()
}

// flagSet binds every flag to a field of o, with o's values as defaults.
func flagSet(o *expert.Options, d *distFlags, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.Game, "game", o.Game, "game to train: "+gameNames())
	fs.IntVar(&o.Iters, "iters", o.Iters, "expert-iteration rounds")
	fs.IntVar(&o.Games, "games", o.Games, "self-play games per iteration")
	fs.IntVar(&o.States, "states", o.States, "positions sampled per game and learner seat")
	fs.IntVar(&o.Rollout, "rollout", o.Rollout, "baseline turns played after each tried turn")
	fs.IntVar(&o.Search, "search", o.Search, "iterations of the game's own search per target, distilled into the network (0 = rollout targets; soak defaults to 800, grass to 400, caribbean to 600, ocean to 1000, kutulu to 400)")
	fs.Float64Var(&o.Mix, "mix", o.Mix, "with -search: the share of the rollout targets in each target (0 = the search's visits alone; soak, ocean and kutulu default to 0.5, the other games to 0)")
	fs.Float64Var(&o.Temp, "temp", o.Temp, "temperature of the target softmax, in value units")
	fs.Float64Var(&o.Explore, "explore", o.Explore, "sampling temperature of the learner in self-play (0 = argmax)")
	fs.IntVar(&o.EvalGames, "eval-games", o.EvalGames, "games against the baseline per evaluation (even)")
	fs.IntVar(&o.Epochs, "epochs", o.Epochs, "fitting epochs per iteration")
	fs.IntVar(&o.Batch, "batch", o.Batch, "samples per gradient step")
	fs.Float64Var(&o.LearnRate, "lr", o.LearnRate, "Adam learning rate")
	fs.IntVar(&o.Hidden1, "hidden1", o.Hidden1, "first hidden layer width")
	fs.IntVar(&o.Hidden2, "hidden2", o.Hidden2, "second hidden layer width")
	fs.Int64Var(&o.Seed, "seed", o.Seed, "random seed; the same seed gives the same weights")
	fs.IntVar(&o.Workers, "workers", o.Workers, "parallel workers (results do not depend on it); 0 with -listen or -nats: remote workers only")
	fs.StringVar(&o.Out, "out", o.Out, "run directory for checkpoints and logs (default runs/<game>)")
	fs.BoolVar(&o.Resume, "resume", o.Resume, "continue the interrupted run in -out")
	fs.BoolVar(&o.Tiny, "tiny", o.Tiny, "smoke configuration that finishes in seconds")
	fs.StringVar(&o.WeightsDir, "weights-dir", o.WeightsDir, "weights package to regenerate (default weights/<game>, none with -tiny)")
	fs.BoolVar(&o.Quiet, "quiet", o.Quiet, "no progress bars")
	fs.BoolVar(&d.queue, "queue", true, "hand the jobs out through the embedded NATS JetStream queue (false: plain goroutines; same weights)")
	fs.StringVar(&d.listen, "listen", "", "HOST:PORT where remote workers join (cmd/train worker -connect nats://HOST:PORT)")
	fs.StringVar(&d.nats, "nats", "", "use this NATS server (nats://...) instead of the embedded one")
	fs.StringVar(&d.token, "token", os.Getenv("CGPOLICY_TOKEN"), "token workers must present (default $CGPOLICY_TOKEN); required to listen off loopback")
	fs.DurationVar(&d.ackWait, "ack-wait", dist.DefaultAckWait, "how long a job may go without a heartbeat before another worker gets it")
	return fs
}
