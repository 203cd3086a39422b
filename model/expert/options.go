package expert

import (
	"errors"
	"fmt"
	"runtime"

	"cgpolicy/engine"
	"cgpolicy/model/train"
)

// Options are a run's settings. The JSON-tagged fields shape the results
// and are stored with the run, so a resume with other settings is refused.
type Options struct {
	Game      string  `json:"game"`
	Iters     int     `json:"iters"`
	Games     int     `json:"games"`         // self-play games per iteration
	States    int     `json:"states"`        // positions sampled per game and learner seat
	Rollout   int     `json:"rollout"`       // baseline turns after the tried turn
	Temp      float64 `json:"temp"`          // softmax temperature of the targets, in value units
	Search    int     `json:"search"`        // iterations of the search per target (Tree or Searcher); 0 for rollout targets
	Mix       float64 `json:"mix,omitempty"` // with Search: the rollout targets' share of each target, the visits' the rest
	Explore   float64 `json:"explore"`       // sampling temperature of the learner in self-play
	EvalGames int     `json:"eval_games"`    // games against the baseline per evaluation
	Epochs    int     `json:"epochs"`        // fitting passes per iteration
	Batch     int     `json:"batch"`         // samples per gradient step
	LearnRate float64 `json:"learn_rate"`    // Adam step size
	Hidden1   int     `json:"hidden1"`       // first hidden layer width
	Hidden2   int     `json:"hidden2"`       // second hidden layer width
	Seed      int64   `json:"seed"`          // the one source of randomness
	Tiny      bool    `json:"tiny"`          // smoke configuration

	Workers    int    `json:"-"` // does not change results
	Out        string `json:"-"` // run directory
	Resume     bool   `json:"-"` // continue the run in Out
	WeightsDir string `json:"-"` // where to regenerate the weights package; "" for none
	Quiet      bool   `json:"-"` // no progress bars
}

// Defaults are the settings a game's default run starts from; its
// plug-in adjusts them to the game (Tuner). Without a search, rollout
// targets, large iterations beat many small ones: on Soak the fit on 1000
// games of data played clearly better than two fits on 500 each.
func Defaults(game string) Options {
	fo := train.DefaultOptions()
	return Options{
		Game: game, Iters: 6, Games: 1000, States: 12, Rollout: 2, Temp: 4, Explore: 0.5,
		EvalGames: 200, Epochs: 3, Batch: fo.BatchSize, LearnRate: fo.LearnRate,
		Hidden1: 64, Hidden2: 32, Seed: 1, Workers: runtime.NumCPU(), Out: "runs/" + game,
	}
}

// DefaultsOf are g's default settings: Defaults with g's own (Tuner).
func DefaultsOf[S engine.State, V, A any](g Game[S, V, A]) Options {
	o := Defaults(g.Name())
	if t, ok := g.(Tuner); ok {
		t.Tune(&o)
	}
	return o
}

// Tiny is the smoke configuration the tests use: seconds, not minutes.
func Tiny(o Options) Options {
	o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs = 2, 2, 3, 1, 2, 1
	o.Hidden1, o.Hidden2, o.Batch = 16, 8, 32
	if o.Search > 50 {
		o.Search = 50
	}
	o.Tiny = true
	return o
}

// Tuner is a Game with settings of its own for its default run: its
// search's iterations, the temperature of targets in its value's units,
// longer rollouts for longer effects, a smaller network.
type Tuner interface {
	Tune(o *Options)
}

// Validate reports the first setting that cannot work.
func (o *Options) Validate() error {
	switch {
	case o.Iters < 1:
		return fmt.Errorf("-iters %d: want >= 1", o.Iters)
	case o.Games < 1:
		return fmt.Errorf("-games %d: want >= 1", o.Games)
	case o.States < 1:
		return fmt.Errorf("-states %d: want >= 1", o.States)
	case o.Search < 0:
		return fmt.Errorf("-search %d: want >= 0", o.Search)
	case o.Mix < 0 || o.Mix > 1:
		return fmt.Errorf("-mix %g: want 0 to 1", o.Mix)
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
