package arena

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"cgpolicy/engine"
)

// Config is one arena run.
type Config struct {
	Game engine.Game
	// Bots has one bot per seat of Game.
	Bots    []Bot
	Matches []Match
	Limits  Limits
	// Workers is how many games play at once (runtime.NumCPU() when 0).
	Workers int
	// Grace is how long a bot may take to exit by itself once its input is
	// closed at the end of a game, before it is killed.
	Grace time.Duration
	// Out is the JSONL results file ("" keeps results in memory only).
	Out string
	// Resume continues Out: games already in it are not played again.
	Resume bool
	// Replays is a directory for one trace file per game ("" for none).
	Replays string
	// RetryStalled is how many more times a game is played when a bot timed
	// out in it while the machine stalled (PlayerResult.Stalled): the
	// stall, not the bot, decided that game, and CodinGame's servers would
	// not have stalled. The last play counts; Result.Retried says how many
	// were set aside. 0 keeps every game as it was first played.
	RetryStalled int
	// Progress, when set, is called with 0 and the number of games to play
	// once they are known, then after each finished game, from one goroutine.
	Progress func(done, total int)
	// Warn, when set, receives notes that do not stop the run.
	Warn func(msg string)
}

// Run plays every match of c not already in its results file and returns
// the results of all of c's matches, the resumed ones included, in schedule
// order. A failure of the referee or the machine stops the run (games in
// flight are lost, finished ones are already saved); bots never make it fail.
func Run(ctx context.Context, c Config) ([]Result, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	order := map[string]int{}
	for i, m := range c.Matches {
		k := matchKey(m.Seed, m.Seats, seatCmds(c.Bots, m.Seats))
		if _, dup := order[k]; dup {
			return nil, fmt.Errorf("arena: match seed %d seats %v scheduled twice", m.Seed, m.Seats)
		}
		order[k] = i
	}
	var out *resultsFile
	have := map[string]Result{}
	if c.Out != "" {
		f, old, bad, err := openResults(c.Out, c.Resume)
		if err != nil {
			return nil, err
		}
		defer f.close()
		out = f
		if bad > 0 && c.Warn != nil {
			c.Warn(fmt.Sprintf("%s: %d unreadable lines skipped; their games play again", c.Out, bad))
		}
		for _, r := range old {
			k := r.key()
			if _, ok := order[k]; ok && r.Game == c.Game.Name() {
				if _, dup := have[k]; !dup {
					have[k] = r
				}
			}
		}
	}
	if c.Replays != "" {
		if err := os.MkdirAll(c.Replays, 0o755); err != nil {
			return nil, err
		}
	}
	var todo []Match
	for _, m := range c.Matches {
		if _, ok := have[matchKey(m.Seed, m.Seats, seatCmds(c.Bots, m.Seats))]; !ok {
			todo = append(todo, m)
		}
	}
	results := make([]Result, 0, len(c.Matches))
	for _, r := range have {
		results = append(results, r)
	}
	err := c.play(ctx, todo, func(r Result) error {
		if out != nil {
			if err := out.append(r); err != nil {
				return err
			}
		}
		results = append(results, r)
		return nil
	})
	sort.Slice(results, func(i, j int) bool { return order[results[i].key()] < order[results[j].key()] })
	return results, err
}

func (c *Config) validate() error {
	if c.Game == nil {
		return errors.New("arena: no game")
	}
	n := c.Game.NumPlayers()
	if len(c.Bots) != n {
		return fmt.Errorf("arena: %s needs %d bots, got %d", c.Game.Name(), n, len(c.Bots))
	}
	if len(c.Matches) == 0 {
		return errors.New("arena: no games to play")
	}
	seeds := map[int64]bool{}
	for _, m := range c.Matches {
		if len(m.Seats) != n {
			return fmt.Errorf("arena: match seed %d has %d seats, %s has %d", m.Seed, len(m.Seats), c.Game.Name(), n)
		}
		for _, b := range m.Seats {
			if b < 0 || b >= len(c.Bots) {
				return fmt.Errorf("arena: match seed %d seats bot %d of %d", m.Seed, b, len(c.Bots))
			}
		}
		if !seeds[m.Seed] {
			seeds[m.Seed] = true
			// Reject a seed the referee cannot play before any bot starts.
			if _, err := c.Game.NewState(m.Seed); err != nil {
				return fmt.Errorf("arena: seed %d: %w", m.Seed, err)
			}
		}
	}
	if c.RetryStalled < 0 {
		return fmt.Errorf("arena: negative retries for stalled games (%d)", c.RetryStalled)
	}
	if c.Limits.First <= 0 || c.Limits.Turn <= 0 || c.Limits.Slack < 0 {
		return fmt.Errorf("arena: bad time limits %+v", c.Limits)
	}
	return nil
}

type outcome struct {
	res Result
	err error
}

// play runs todo on the workers and hands each finished game to save, from
// this goroutine, as soon as it ends.
func (c *Config) play(ctx context.Context, todo []Match, save func(Result) error) error {
	if c.Progress != nil {
		c.Progress(0, len(todo))
	}
	if len(todo) == 0 {
		return nil
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if workers > len(todo) {
		workers = len(todo)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stalls := new(stallWatch)
	stop := make(chan struct{})
	defer close(stop)
	go stalls.watch(stop)
	jobs := make(chan Match)
	outcomes := make(chan outcome)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range jobs {
				r, err := c.playOne(ctx, m, stalls)
				outcomes <- outcome{res: r, err: err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, m := range todo {
			select {
			case jobs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(outcomes)
	}()
	var first error
	done := 0
	for o := range outcomes {
		if first != nil {
			continue
		}
		err := o.err
		if err == nil {
			err = save(o.res)
		}
		if err != nil {
			first = err
			cancel()
			continue
		}
		done++
		if c.Progress != nil {
			c.Progress(done, len(todo))
		}
	}
	if first == nil {
		first = ctx.Err()
	}
	return first
}

func (c *Config) playOne(ctx context.Context, m Match, stalls *stallWatch) (Result, error) {
	var r Result
	var rep *Replay
	for try := 0; ; try++ {
		var err error
		r, rep, err = playGame(ctx, c.Game, c.Bots, m, c.Limits, c.Grace, stalls)
		if err != nil {
			return Result{}, err
		}
		if try == c.RetryStalled || !r.stalledTimeout() {
			r.Retried = try
			break
		}
	}
	if c.Replays != "" {
		path, err := writeReplay(filepath.Join(c.Replays, replayName(c.Game.Name(), m)), rep)
		if err != nil {
			return Result{}, err
		}
		r.Replay = path
	}
	return r, nil
}

// replayName is unique per seed and seating within a run:
// soak_seed42_1-0.json (writeReplay numbers a name another run took).
func replayName(game string, m Match) string {
	seats := make([]string, len(m.Seats))
	for i, b := range m.Seats {
		seats[i] = fmt.Sprint(b)
	}
	return fmt.Sprintf("%s_seed%d_%s.json", game, m.Seed, strings.Join(seats, "-"))
}
