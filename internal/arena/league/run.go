package league

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/rating"
)

// RunConfig is how a league plays.
type RunConfig struct {
	// Game is the engine for the league's game.
	Game engine.Game
	// Limits and Grace are passed to the arena as arena play passes them.
	Limits arena.Limits
	Grace  time.Duration
	// Workers is how many games play at once (runtime.NumCPU() when 0).
	Workers int
	// Games stops the run after that many new games (0: until ctx ends).
	Games int
	// Replays is a directory for one replay per game ("" for none).
	Replays string
	// RetryStalled is passed to the arena (arena.Config.RetryStalled).
	RetryStalled int
	// Model rates the bots for scheduling.
	Model rating.Model
	// Progress, when set, is called after each recorded game with the
	// number recorded by this run, under the run's lock.
	Progress func(done int)
}

// job is one game to play: its round's name, a seed, the table (league
// names in the order the round was drawn) and the seating (Seats[s] indexes
// Table).
type job struct {
	round string
	seed  int64
	table []string
	seats []int
}

func (j job) names() []string {
	out := make([]string, len(j.seats))
	for s, b := range j.seats {
		out[s] = j.table[b]
	}
	return out
}

// runner is one Run's shared state; mu guards it and the League.
type runner struct {
	l      *League
	c      RunConfig
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	queue    []job
	pending  map[string]int
	nextSeed int64
	runID    string // prefix of this run's round names
	rounds   int    // rounds this run has drawn
	started  int
	done     int
	err      error
	bots     map[string]arena.Bot
}

// Run plays games until c.Games new games are recorded or ctx ends, and
// returns how many it recorded. Each game is played by arena.Run, exactly
// as arena play plays one (same referee loop, time limits, process
// handling, replays), and recorded in the league file the moment it ends.
//
// Games come in rounds: one seed played from every seating of one table
// (both seatings of a pair), so seat advantage cancels as in arena play.
// A new round goes to the table whose ratings are least certain together:
// the one whose game is expected to shrink their rating variances most
// (see pickTable). A run first completes the rounds an earlier run left
// half played. An interrupted run (ctx cancelled) is not an error: the
// games in flight are simply not recorded.
//
// One run at a time plays a league: while a run holds the league's run
// lock, a second Run on the same directory, from this process or another,
// returns an error wrapping ErrRunning at once, before it plays anything.
// (Two runs could only share the rounds in flight through claims that go
// stale when a runner dies; more workers in one run give the same speed
// without that.) Adding and removing bots during a run is fine.
func (l *League) Run(ctx context.Context, c RunConfig) (int, error) {
	if c.Game == nil || c.Game.Name() != l.Game {
		return 0, fmt.Errorf("league plays %s, run given %v", l.Game, c.Game)
	}
	if c.Games < 0 {
		return 0, errors.New("league: negative game count")
	}
	if err := l.Refresh(); err != nil {
		return 0, err
	}
	if n := len(l.Active()); n < c.Game.NumPlayers() {
		return 0, fmt.Errorf("league: %s needs %d bots at a table, the league has %d", l.Game, c.Game.NumPlayers(), n)
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	unlock, err := l.lockRun()
	if err != nil {
		return 0, err
	}
	defer unlock()
	// What a run that ended before this one took the lock left behind.
	if err := l.Refresh(); err != nil {
		return 0, err
	}
	runID, err := newRunID()
	if err != nil {
		return 0, err
	}
	r := &runner{l: l, c: c, pending: map[string]int{}, bots: map[string]arena.Bot{}, runID: runID}
	r.ctx, r.cancel = context.WithCancel(ctx)
	defer r.cancel()
	r.queue = l.unfinishedRounds(c.Game.NumPlayers())
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work()
		}()
	}
	wg.Wait()
	return r.done, r.err
}

func (r *runner) work() {
	for {
		j, bots, ok := r.next()
		if !ok {
			return
		}
		res, err := arena.Run(r.ctx, arena.Config{
			Game:    r.c.Game,
			Bots:    bots,
			Matches: []arena.Match{{Seed: j.seed, Seats: j.seats}},
			Limits:  r.c.Limits,
			Workers: 1,
			Grace:   r.c.Grace,
			Replays: r.c.Replays,

			RetryStalled: r.c.RetryStalled,
		})
		r.finish(j, res, err)
	}
}

// fail stops the run with err, keeping the first error.
func (r *runner) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.cancel()
}

// next hands a worker its next game, drawing a new round when the queue is
// empty, or reports that the run is over.
func (r *runner) next() (job, []arena.Bot, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		if r.err != nil || r.ctx.Err() != nil || (r.c.Games > 0 && r.started >= r.c.Games) {
			return job{}, nil, false
		}
		if len(r.queue) == 0 {
			// Bots may have been added or removed from another process.
			if err := r.l.Refresh(); err != nil {
				r.fail(err)
				continue
			}
			// Seeds count up past every seed in the file, whoever wrote it.
			if r.nextSeed <= r.l.maxSeed {
				r.nextSeed = r.l.maxSeed + 1
			}
			r.rounds++
			round := fmt.Sprintf("%s.%d", r.runID, r.rounds)
			j, err := r.l.drawRound(r.c.Model, r.c.Game.NumPlayers(), r.pending, round, r.nextSeed)
			if err != nil {
				r.fail(err)
				continue
			}
			r.nextSeed = j[0].seed + 1
			r.queue = j
		}
		j := r.queue[0]
		r.queue = r.queue[1:]
		bots, err := r.botsFor(j.table)
		if err != nil {
			r.fail(err)
			continue
		}
		if bots == nil { // a bot was removed since the round was drawn
			continue
		}
		for _, n := range j.table {
			r.pending[n]++
		}
		r.started++
		return j, bots, true
	}
}

// botsFor resolves a table's bots, or returns nil if one is no longer in
// the league.
func (r *runner) botsFor(table []string) ([]arena.Bot, error) {
	out := make([]arena.Bot, len(table))
	for i, n := range table {
		m := r.l.Member(n)
		if m == nil || !m.Active {
			return nil, nil
		}
		b, ok := r.bots[n]
		if !ok {
			var err error
			b, err = arena.ParseBot(r.l.Game, m.Cmd)
			if err != nil {
				return nil, fmt.Errorf("bot %s: %w", n, err)
			}
			r.bots[n] = b
		}
		out[i] = b
	}
	return out, nil
}

// finish records a played game.
func (r *runner) finish(j job, res []arena.Result, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range j.table {
		r.pending[n]--
	}
	if err != nil {
		if r.ctx.Err() == nil {
			r.fail(fmt.Errorf("seed %d, %s: %w", j.seed, strings.Join(j.names(), " vs "), err))
		}
		return
	}
	if len(res) != 1 {
		r.fail(fmt.Errorf("seed %d: arena returned %d results for one game", j.seed, len(res)))
		return
	}
	if err := r.l.Record(j.round, j.names(), res[0]); err != nil {
		r.fail(err)
		return
	}
	r.done++
	if r.c.Progress != nil {
		r.c.Progress(r.done)
	}
}

// unfinishedRounds lists the games missing from rounds that a run left
// half played (killed, interrupted or stopped by its game count) and whose
// bots are all still active, oldest round first. Rounds are told apart by
// name (by seed in files written before rounds had names), and a game
// that finishes one keeps its name.
func (l *League) unfinishedRounds(n int) []job {
	type round struct {
		name   string
		seed   int64
		table  []string
		played map[string]bool
	}
	rounds := map[string]*round{}
	var order []*round
	for i := range l.Games {
		g := &l.Games[i]
		key := g.roundKey()
		rd := rounds[key]
		if rd == nil {
			rd = &round{name: g.Round, seed: g.Result.Seed, table: g.Names, played: map[string]bool{}}
			rounds[key] = rd
			order = append(order, rd)
		}
		rd.played[strings.Join(g.Names, "\x00")] = true
	}
	var out []job
	for _, rd := range order {
		if len(rd.table) != n || len(rd.played) >= n || !l.allActive(rd.table) {
			continue
		}
		for _, seats := range arena.Seatings(n, true) {
			j := job{round: rd.name, seed: rd.seed, table: rd.table, seats: seats}
			if !rd.played[strings.Join(j.names(), "\x00")] {
				out = append(out, j)
			}
		}
	}
	return out
}

func (l *League) allActive(names []string) bool {
	for _, n := range names {
		if m := l.Member(n); m == nil || !m.Active {
			return false
		}
	}
	return true
}

// drawRound picks the next table and returns its round, named round: one
// new seed from every seating.
func (l *League) drawRound(m rating.Model, n int, pending map[string]int, round string, seed int64) ([]job, error) {
	table, err := l.pickTable(m, n, pending)
	if err != nil {
		return nil, err
	}
	if seed == 0 {
		seed = 1 // SHA1PRNG referees cannot replay seed 0
	}
	var out []job
	for _, seats := range arena.Seatings(n, true) {
		out = append(out, job{round: round, seed: seed, table: table, seats: seats})
	}
	return out, nil
}

// pickTable returns the n active bots, in joining order, whose game is
// worth most: the largest expected drop in their summed rating variance
// (rating.Model.Information), which favours uncertain bots and close
// matches and passes over games whose result is foregone. A bot's games
// already scheduled but not finished count as played (see effectiveVar),
// so parallel workers spread out. Ties go to the table whose bots have met
// least, then to the first in joining order, so the choice is
// deterministic.
func (l *League) pickTable(m rating.Model, n int, pending map[string]int) ([]string, error) {
	active := l.Active()
	if len(active) < n {
		return nil, fmt.Errorf("league: %s needs %d active bots, the league has %d", l.Game, n, len(active))
	}
	st, err := l.Standings(m)
	if err != nil {
		return nil, err
	}
	byName := map[string]Standing{}
	for _, s := range st {
		byName[s.Name] = s
	}
	rs := make([]rating.Rating, len(active))
	for i, a := range active {
		s := byName[a.Name]
		rs[i] = rating.Rating{Mu: s.Rating.Mu, Sigma: math.Sqrt(effectiveVar(m, s, pending[a.Name]))}
	}
	met := l.meetings()
	best, bestMet := []int(nil), 0
	bestInfo := -1.0
	comb := make([]int, n)
	for i := range comb {
		comb[i] = i
	}
	seated := make([]rating.Rating, n)
	for {
		meets := 0
		for a, i := range comb {
			seated[a] = rs[i]
			for _, k := range comb[a+1:] {
				meets += met[pairKey(active[i].Name, active[k].Name)]
			}
		}
		info, err := m.Information(seated)
		if err != nil {
			return nil, err
		}
		if info > bestInfo*(1+1e-9) || (info >= bestInfo*(1-1e-9) && meets < bestMet) {
			best, bestInfo, bestMet = append(best[:0], comb...), info, meets
		}
		if !nextComb(comb, len(active)) {
			break
		}
	}
	table := make([]string, n)
	for k, i := range best {
		table[k] = active[i].Name
	}
	return table, nil
}

// effectiveVar is a bot's variance once its pending games are played,
// assuming each adds to its precision (1/sigma²) what its past games added
// on average, and at least a twentieth of the prior precision (about what
// a first two-player game between new bots adds).
func effectiveVar(m rating.Model, s Standing, pending int) float64 {
	prec := 1 / (s.Rating.Sigma * s.Rating.Sigma)
	prior := 1 / (m.Sigma * m.Sigma)
	gain := prior / 20
	if s.Games > 0 {
		if g := (prec - prior) / float64(s.Games); g > gain {
			gain = g
		}
	}
	return 1 / (prec + float64(pending)*gain)
}

// meetings counts the games each pair of bots has played together.
func (l *League) meetings() map[string]int {
	out := map[string]int{}
	for _, g := range l.Games {
		for a := range g.Names {
			for b := a + 1; b < len(g.Names); b++ {
				out[pairKey(g.Names[a], g.Names[b])]++
			}
		}
	}
	return out
}

func pairKey(a, b string) string {
	if b < a {
		a, b = b, a
	}
	return a + "\x00" + b
}

// nextComb advances comb to the next n-subset of 0..k-1 in lexicographic
// order, reporting false after the last.
func nextComb(comb []int, k int) bool {
	n := len(comb)
	i := n - 1
	for i >= 0 && comb[i] == k-n+i {
		i--
	}
	if i < 0 {
		return false
	}
	comb[i]++
	for j := i + 1; j < n; j++ {
		comb[j] = comb[j-1] + 1
	}
	return true
}
