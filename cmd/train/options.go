package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"cgpolicy/engine/caribbean"
	"cgpolicy/engine/grass"
	"cgpolicy/engine/kutulu"
	"cgpolicy/engine/ocean"
	"cgpolicy/engine/soak"
	clearn "cgpolicy/features/caribbean/learn"
	glearn "cgpolicy/features/grass/learn"
	klearn "cgpolicy/features/kutulu/learn"
	olearn "cgpolicy/features/ocean/learn"
	"cgpolicy/features/soak/learn"
	"cgpolicy/model/expert"
)

// games are the trainable games: each runs the learning core with its
// plug-in. A new game adds one line here.
var games = map[string]func(o expert.Options, stdout, stderr io.Writer) error{
	"soak": func(o expert.Options, stdout, stderr io.Writer) error {
		return expert.Run[*soak.State, *soak.View, soak.Action](learn.Game{}, o, stdout, stderr)
	},
	"grass": func(o expert.Options, stdout, stderr io.Writer) error {
		return expert.Run[*grass.State, *grass.View, grass.Action](glearn.Game{}, o, stdout, stderr)
	},
	"ocean": func(o expert.Options, stdout, stderr io.Writer) error {
		return expert.Run[*olearn.State, *olearn.Turn, ocean.Action](olearn.Game{}, o, stdout, stderr)
	},
	"caribbean": func(o expert.Options, stdout, stderr io.Writer) error {
		return expert.Run[*caribbean.State, *caribbean.View, caribbean.Action](clearn.Game{}, o, stdout, stderr)
	},
	"kutulu": func(o expert.Options, stdout, stderr io.Writer) error {
		return expert.Run[*kutulu.State, *kutulu.View, kutulu.Action](klearn.Game{}, o, stdout, stderr)
	},
}

func gameNames() string {
	var names []string
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// parseFlags reads the command line: -game picks the defaults, -tiny
// replaces them with the smoke configuration, and flags given explicitly
// win over both (the line is parsed again over the chosen settings).
func parseFlags(args []string, stderr io.Writer) (expert.Options, error) {
	o := expert.Defaults("soak")
	fs := flagSet(&o, stderr)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if _, ok := games[o.Game]; !ok {
		return o, fmt.Errorf("-game %q: unknown game (trainable: %s)", o.Game, gameNames())
	}
	tiny := o.Tiny
	o = expert.Defaults(o.Game)
	if tiny {
		o = expert.Tiny(o)
	} else {
		o.WeightsDir = "weights/" + o.Game
	}
	fs = flagSet(&o, stderr)
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, o.Validate()
}

// flagSet binds every flag to a field of o, with o's values as defaults.
func flagSet(o *expert.Options, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.Game, "game", o.Game, "game to train: "+gameNames())
	fs.IntVar(&o.Iters, "iters", o.Iters, "expert-iteration rounds")
	fs.IntVar(&o.Games, "games", o.Games, "self-play games per iteration")
	fs.IntVar(&o.States, "states", o.States, "positions sampled per game and learner seat")
	fs.IntVar(&o.Rollout, "rollout", o.Rollout, "baseline turns played after each tried turn")
	fs.IntVar(&o.Search, "search", o.Search, "iterations of the game's own search per target, distilled into the network (0 = rollout targets; soak only)")
	fs.Float64Var(&o.Temp, "temp", o.Temp, "temperature of the target softmax, in value units")
	fs.Float64Var(&o.Explore, "explore", o.Explore, "sampling temperature of the learner in self-play (0 = argmax)")
	fs.IntVar(&o.EvalGames, "eval-games", o.EvalGames, "games against the baseline per evaluation (even)")
	fs.IntVar(&o.Epochs, "epochs", o.Epochs, "fitting epochs per iteration")
	fs.IntVar(&o.Batch, "batch", o.Batch, "samples per gradient step")
	fs.Float64Var(&o.LearnRate, "lr", o.LearnRate, "Adam learning rate")
	fs.IntVar(&o.Hidden1, "hidden1", o.Hidden1, "first hidden layer width")
	fs.IntVar(&o.Hidden2, "hidden2", o.Hidden2, "second hidden layer width")
	fs.Int64Var(&o.Seed, "seed", o.Seed, "random seed; the same seed gives the same weights")
	fs.IntVar(&o.Workers, "workers", o.Workers, "parallel workers (results do not depend on it)")
	fs.StringVar(&o.Out, "out", o.Out, "run directory for checkpoints and logs (default runs/<game>)")
	fs.BoolVar(&o.Resume, "resume", o.Resume, "continue the interrupted run in -out")
	fs.BoolVar(&o.Tiny, "tiny", o.Tiny, "smoke configuration that finishes in seconds")
	fs.StringVar(&o.WeightsDir, "weights-dir", o.WeightsDir, "weights package to regenerate (default weights/<game>, none with -tiny)")
	fs.BoolVar(&o.Quiet, "quiet", o.Quiet, "no progress bars")
	return fs
}
