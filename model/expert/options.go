package expert

import (
	"errors"
	"fmt"
	"runtime"

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
	CQ        float64 `json:"cq,omitempty"`  // with Search: completed-Q targets with this value scale instead of visit shares; 0 for the visits
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

// Defaults are the settings of each game's default run. Soak Overflow,
// Keep Off The Grass and Coders of the Caribbean distil their shared
// search (Search iterations per target) from a random network: 10
// iterations of 400 games for Soak (its targets blend in rollouts, about
// 80 seconds each on 2 cores), 6 of 300 for Grass (about a minute each)
// and the Caribbean (20 seconds); Ocean of Code distils its search too, 8
// iterations of 600 games in about a minute, and Code of Kutulu 8 of 300
// in about five. Without a search, rollout targets, large iterations beat
// many small ones: on Soak the fit on 1000 games of data played clearly
// better than two fits on 500 each. A game may adjust them (Tuner).
func Defaults(game string) Options {
	fo := train.DefaultOptions()
	o := Options{
		Game: game, Iters: 6, Games: 1000, States: 12, Rollout: 2, Temp: 4, Explore: 0.5,
		EvalGames: 200, Epochs: 3, Batch: fo.BatchSize, LearnRate: fo.LearnRate,
		Hidden1: 64, Hidden2: 32, Seed: 1, Workers: runtime.NumCPU(), Out: "runs/" + game,
	}
	switch game {
	case "soak":
		// Each target is half the search's root visits over 800
		// iterations (about 5 ms a position) and half the rollout
		// softmax at 1 point: the visits alone teach priors that guide
		// the search but a network that plays poorly alone (0.575
		// against greedy), and only sharp rollout targets (a softmax at
		// Temp 4 is near flat beside the visits) lift it, from the fifth
		// iteration on (0.61 to 0.645 alone at iterations 5 to 9 of the
		// default run, seed 1).
		// The evaluation plays 42 games against each of the seven pool
		// members.
		o.Iters, o.Games, o.Search, o.Mix, o.Temp, o.EvalGames = 10, 400, 800, 0.5, 1, 300
	case "grass":
		// Keep Off The Grass distils the bot's shared search from a random
		// network, as Soak does. 400 iterations a position (about 15 ms)
		// and 300 games an iteration: the rating against the pool climbs
		// for two or three iterations, then holds at 86-92%, so 6
		// iterations suffice (about 5 minutes on 2 busy cores); 300
		// evaluation games, 50 per member, tell the first from the last.
		// With -search 0 the rollout targets need a colder softmax than
		// Soak's (values are in cells), hence Temp.
		o.Iters, o.Games, o.Search, o.EvalGames, o.Temp = 6, 300, 400, 300, 0.5
	case "kutulu":
		// Code of Kutulu values are in sanity points: a spook costs 20, a
		// turn alone a few, so a three-turn rollout separates candidates
		// by a few points. Games are four-seat and 200 turns long, with
		// one small decision a turn; a small network keeps the bundled
		// bot well inside the size limit. By default the network distils
		// the bot's smitsi (400 iterations a position), half of each
		// target being the rollout softmax at 1 point, as Soak's: at
		// Temp 3 the blend stayed flat (0.47 to 0.53 against the pool),
		// at 1 it climbs for eight iterations (0.435 to 0.603, seed 1).
		// 300 evaluation games, 50 per pool member, tell the first from
		// the last.
		o.Iters, o.Games, o.EvalGames, o.Temp, o.Rollout = 8, 300, 300, 1, 3
		o.Search, o.Mix = 400, 0.5
		o.Hidden1, o.Hidden2 = 32, 16
	case "caribbean":
		// Coders of the Caribbean values are in rum: a barrel is 10 to 20,
		// a hit 25 or 50, a cell nearer a barrel about 1; a softmax at 1
		// rum keeps the rollout targets (-search 0) sharp enough to learn
		// from, and cannonballs fly up to 4 turns, hence the longer
		// rollout. By default the network distils the bot's shared search
		// from a random start, as Soak and Grass do: 600 iterations a
		// position, 6 iterations of 300 games, and 300 evaluation games
		// (50 per pool member), enough to tell the first from the last.
		o.Iters, o.Games, o.EvalGames, o.Temp, o.Rollout, o.Search = 6, 300, 300, 1, 3, 600
		o.Hidden1, o.Hidden2 = 32, 16
	case "ocean":
		// Ocean of Code values are in tenths of a life (a hit is 10 or
		// 20). A step is one action of a chain, so a rollout of 12 steps
		// covers about two turns of each side, enough for a shot and the
		// answer to it. Games are long (up to 300 turns a side) with seven
		// small decisions a turn.
		// By default the network distils the bot's smitsi search over
		// sampled beliefs (1,000 iterations, about 1.5 ms a position),
		// half of each target being the rollouts, as Soak's: the rollouts
		// alone peaked in the first iteration, and the blend climbs for
		// three iterations and holds. Games are cheap, so 600 a round and
		// 600 evaluation games (100 per pool member) keep the intervals
		// narrow; the whole run takes about a minute on 2 cores.
		o.Iters, o.Games, o.EvalGames, o.Temp, o.Rollout, o.States = 8, 600, 600, 3, 12, 8
		o.Search, o.Mix = 1000, 0.5
		o.Hidden1, o.Hidden2 = 32, 16
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

// Tuner is a Game that adjusts the default settings to its size (longer
// games, more decisions per turn).
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
	case o.CQ < 0:
		return fmt.Errorf("-cq %g: want >= 0", o.CQ)
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
