package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"

	"cgpolicy/model/train"
)

// options are the command's settings; every one has a flag.
type options struct {
	Game       string  `json:"game"`
	Iters      int     `json:"iters"`
	Games      int     `json:"games"`      // self-play games per iteration
	States     int     `json:"states"`     // positions sampled per game and side
	Rollout    int     `json:"rollout"`    // greedy turns after the tried turn
	Temp       float64 `json:"temp"`       // softmax temperature of the targets, in value points
	Explore    float64 `json:"explore"`    // sampling temperature of the learner in self-play
	EvalGames  int     `json:"eval_games"` // games against greedy per evaluation
	Epochs     int     `json:"epochs"`     // fitting passes per iteration
	Batch      int     `json:"batch"`      // samples per gradient step
	LearnRate  float64 `json:"learn_rate"` // Adam step size
	Hidden1    int     `json:"hidden1"`    // first hidden layer width
	Hidden2    int     `json:"hidden2"`    // second hidden layer width
	Seed       int64   `json:"seed"`       // the one source of randomness
	Workers    int     `json:"-"`          // does not change results
	Out        string  `json:"-"`          // run directory
	Resume     bool    `json:"-"`          // continue the run in Out
	Tiny       bool    `json:"tiny"`       // smoke configuration
	WeightsDir string  `json:"-"`          // where to regenerate the weights package
	Quiet      bool    `json:"-"`          // no progress bars
}

// defaults finish in about 10 minutes on a 2-core machine (6 iterations
// of about 100 s); raise -iters or -games to spend more. Large iterations
// beat many small ones here: in our runs the fit on 1000 games of data
// played clearly better than two fits on 500 each.
func defaults() options {
	fo := train.DefaultOptions()
	return options{
		Game: "soak", Iters: 6, Games: 1000, States: 12, Rollout: 2, Temp: 4, Explore: 0.5,
		EvalGames: 200, Epochs: 3, Batch: fo.BatchSize, LearnRate: fo.LearnRate,
		Hidden1: 64, Hidden2: 32, Seed: 1, Workers: runtime.NumCPU(), Out: "runs/soak",
	}
}

// tinyOptions is the smoke configuration the tests use.
func tinyOptions(o options) options {
	o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs = 2, 2, 3, 1, 2, 1
	o.Hidden1, o.Hidden2, o.Batch = 16, 8, 32
	return o
}

// parseFlags reads the command line. With -tiny, the tiny configuration
// replaces the defaults, and flags given explicitly still win: the line is
// parsed again over the tiny settings.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	o := defaults()
	fs := flagSet(&o, stderr)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.Tiny {
		o = tinyOptions(defaults())
		fs = flagSet(&o, stderr)
		if err := fs.Parse(args); err != nil {
			return o, err
		}
	} else if o.WeightsDir == "" {
		o.WeightsDir = "weights/soak"
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, o.validate()
}

// flagSet binds every flag to a field of o, with o's values as defaults.
func flagSet(o *options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.Game, "game", o.Game, "game to train (only soak)")
	fs.IntVar(&o.Iters, "iters", o.Iters, "expert-iteration rounds")
	fs.IntVar(&o.Games, "games", o.Games, "self-play games per iteration")
	fs.IntVar(&o.States, "states", o.States, "positions sampled per game and side")
	fs.IntVar(&o.Rollout, "rollout", o.Rollout, "greedy turns played after each tried turn")
	fs.Float64Var(&o.Temp, "temp", o.Temp, "temperature of the target softmax, in value points")
	fs.Float64Var(&o.Explore, "explore", o.Explore, "sampling temperature of the learner in self-play (0 = argmax)")
	fs.IntVar(&o.EvalGames, "eval-games", o.EvalGames, "games against greedy per evaluation (even)")
	fs.IntVar(&o.Epochs, "epochs", o.Epochs, "fitting epochs per iteration")
	fs.IntVar(&o.Batch, "batch", o.Batch, "samples per gradient step")
	fs.Float64Var(&o.LearnRate, "lr", o.LearnRate, "Adam learning rate")
	fs.IntVar(&o.Hidden1, "hidden1", o.Hidden1, "first hidden layer width")
	fs.IntVar(&o.Hidden2, "hidden2", o.Hidden2, "second hidden layer width")
	fs.Int64Var(&o.Seed, "seed", o.Seed, "random seed; the same seed gives the same weights")
	fs.IntVar(&o.Workers, "workers", o.Workers, "parallel workers (results do not depend on it)")
	fs.StringVar(&o.Out, "out", o.Out, "run directory for checkpoints and logs")
	fs.BoolVar(&o.Resume, "resume", o.Resume, "continue the interrupted run in -out")
	fs.BoolVar(&o.Tiny, "tiny", o.Tiny, "smoke configuration that finishes in seconds")
	fs.StringVar(&o.WeightsDir, "weights-dir", o.WeightsDir, "weights package to regenerate (default weights/soak, none with -tiny)")
	fs.BoolVar(&o.Quiet, "quiet", o.Quiet, "no progress bars")
	return fs
}

func (o *options) validate() error {
	switch {
	case o.Game != "soak":
		return fmt.Errorf("-game %q: unknown game (only \"soak\" can be trained)", o.Game)
	case o.Iters < 1:
		return fmt.Errorf("-iters %d: want >= 1", o.Iters)
	case o.Games < 1:
		return fmt.Errorf("-games %d: want >= 1", o.Games)
	case o.States < 1:
		return fmt.Errorf("-states %d: want >= 1", o.States)
	case o.Rollout < 0:
		return fmt.Errorf("-rollout %d: want >= 0", o.Rollout)
	case !(o.Temp > 0):
		return fmt.Errorf("-temp %v: want > 0", o.Temp)
	case !(o.Explore >= 0):
		return fmt.Errorf("-explore %v: want >= 0", o.Explore)
	case o.EvalGames < 2 || o.EvalGames%2 != 0:
		return fmt.Errorf("-eval-games %d: want an even number >= 2 (each seed from both seats)", o.EvalGames)
	case o.Epochs < 1:
		return fmt.Errorf("-epochs %d: want >= 1", o.Epochs)
	case o.Batch < 1:
		return fmt.Errorf("-batch %d: want >= 1", o.Batch)
	case !(o.LearnRate > 0):
		return fmt.Errorf("-lr %v: want > 0", o.LearnRate)
	case o.Hidden1 < 1 || o.Hidden2 < 1:
		return fmt.Errorf("-hidden1 %d -hidden2 %d: want >= 1", o.Hidden1, o.Hidden2)
	case o.Workers < 1:
		return fmt.Errorf("-workers %d: want >= 1", o.Workers)
	case o.Out == "":
		return errors.New("-out: want a directory")
	}
	return nil
}
