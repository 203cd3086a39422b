package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/arena/view"
)

const playUsage = `usage: arena play -game G -bot CMD -bot CMD [flags]

Plays bots against each other under our referee with CodinGame's time limits.
Each -bot is a shell command (run with sh -c, fresh for each game) or
builtin:NAME for an in-process Go policy; give one per seat. Each seed is
played from every seating (seats swapped, or rotated for four players).
`

// playFlags are arena play's options once parsed.
type playFlags struct {
	game    string
	bots    []string
	games   int
	seed    int64
	seeds   string
	workers int
	limits  arena.Limits
	grace   time.Duration
	out     string
	replays string
	html    bool
	resume  bool
	json    bool
	noSwap  bool
	retry   int
}

type botList []string

func (b *botList) String() string { return strings.Join(*b, ", ") }
func (b *botList) Set(v string) error {
	*b = append(*b, v)
	return nil
}

func parsePlayFlags(args []string, stderr io.Writer) (*playFlags, error) {
	pf := &playFlags{}
	fs := newFlags("play", playUsage, stderr)
	var bots botList
	gameFlag(fs, &pf.game)
	fs.Var(&bots, "bot", "bot command or builtin:NAME (repeat, one per seat)")
	fs.IntVar(&pf.games, "games", 100, "total games; each seed is played once per seating")
	fs.Int64Var(&pf.seed, "seed", 1, "first seed: games use seed, seed+1, ... (0 is skipped)")
	fs.StringVar(&pf.seeds, "seeds", "", "file of seeds, one per line (# comments); overrides -seed, and without -games plays them all")
	matchFlags(fs, &pf.workers, &pf.limits, &pf.grace, &pf.retry)
	fs.StringVar(&pf.out, "out", "", "append each finished game to this JSONL file")
	fs.StringVar(&pf.replays, "replays", "", "write one replay (trace format) per game to this directory")
	fs.BoolVar(&pf.html, "html", false, "with -replays, also write each replay's viewer page beside it (as arena view does)")
	fs.BoolVar(&pf.resume, "resume", false, "continue -out: skip games already in it")
	fs.BoolVar(&pf.json, "json", false, "print the summary as JSON on the last line")
	fs.BoolVar(&pf.noSwap, "no-swap", false, "play each seed in one seating only")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("play: unexpected argument %q", fs.Arg(0))
	}
	pf.bots = bots
	gamesSet := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "games" {
			gamesSet = true
		}
	})
	switch {
	case pf.game == "":
		return nil, errors.New("play: -game is required")
	case len(pf.bots) < 2:
		return nil, errors.New("play: give a -bot for each seat")
	case pf.html && pf.replays == "":
		return nil, errors.New("play: -html needs -replays")
	case pf.resume && pf.out == "":
		return nil, errors.New("play: -resume needs -out")
	case pf.games < 0 || (gamesSet && pf.games == 0):
		return nil, errors.New("play: -games must be positive")
	case pf.workers < 1:
		return nil, errors.New("play: -workers must be at least 1")
	case pf.retry < 0:
		return nil, errors.New("play: -retry-stalled must not be negative")
	}
	if pf.seeds != "" && !gamesSet {
		pf.games = 0 // every seed in the file
	}
	return pf, nil
}

// readSeeds reads a seeds file: one integer per line, blank lines and #
// comments ignored.
func readSeeds(r io.Reader) ([]int64, error) {
	var seeds []int64
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		s, err := strconv.ParseInt(line, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("line %d: %q is not a seed", n, line)
		}
		seeds = append(seeds, s)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(seeds) == 0 {
		return nil, errors.New("no seeds")
	}
	return seeds, nil
}

// runPlay is arena play: it plays the games, shows progress on stderr and
// prints the summary on stdout.
func runPlay(args []string, stdout, stderr io.Writer) error {
	pf, err := parsePlayFlags(args, stderr)
	if err != nil {
		return err
	}
	cfg, err := pf.config()
	if err != nil {
		return err
	}
	var bar *progressbar.ProgressBar
	cfg.Progress = func(done, total int) {
		if total == 0 {
			return
		}
		if bar == nil {
			bar = gamesBar(stderr, total, "games", progressbar.OptionSetPredictTime(true))
		}
		_ = bar.Set(done)
	}
	cfg.Warn = func(msg string) { fmt.Fprintln(stderr, "arena:", msg) }

	ctx, stop := interruptible()
	defer stop()
	results, runErr := arena.Run(ctx, cfg)
	if bar != nil {
		_ = bar.Exit()
		fmt.Fprintln(stderr)
	}
	if len(results) == 0 {
		return runErr
	}
	if pf.html {
		if err := writePages(results); err != nil {
			return err
		}
	}
	cmds := make([]string, len(cfg.Bots))
	for i, b := range cfg.Bots {
		cmds[i] = b.Cmd
	}
	sum := arena.Summarize(cmds, results)
	printSummary(stdout, cfg.Game.Name(), len(cfg.Matches), sum)
	if pf.json {
		line, err := json.Marshal(sum)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, string(line))
	}
	if runErr != nil {
		return fmt.Errorf("stopped after %d of %d games: %w", len(results), len(cfg.Matches), runErr)
	}
	return nil
}

// config turns the flags into an arena run.
func (pf *playFlags) config() (arena.Config, error) {
	g, err := engineOf(pf.game)
	if err != nil {
		return arena.Config{}, err
	}
	if len(pf.bots) != g.NumPlayers() {
		return arena.Config{}, fmt.Errorf("play: %s has %d seats, got %d -bot", g.Name(), g.NumPlayers(), len(pf.bots))
	}
	var bots []arena.Bot
	for _, cmd := range pf.bots {
		b, err := arena.ParseBot(g.Name(), cmd)
		if err != nil {
			return arena.Config{}, err
		}
		bots = append(bots, b)
	}
	seatings := arena.Seatings(g.NumPlayers(), !pf.noSwap)
	var seeds []int64
	if pf.seeds != "" {
		f, err := os.Open(pf.seeds)
		if err != nil {
			return arena.Config{}, err
		}
		seeds, err = readSeeds(f)
		f.Close()
		if err != nil {
			return arena.Config{}, fmt.Errorf("%s: %w", pf.seeds, err)
		}
		if pf.games > len(seeds)*len(seatings) {
			return arena.Config{}, fmt.Errorf("play: -games %d but %s makes only %d", pf.games, pf.seeds, len(seeds)*len(seatings))
		}
	} else {
		seeds = arena.SeedRange(pf.seed, (pf.games+len(seatings)-1)/len(seatings))
	}
	return arena.Config{
		Game:    g,
		Bots:    bots,
		Matches: arena.Schedule(seeds, seatings, pf.games),
		Limits:  pf.limits,
		Workers: pf.workers,
		Grace:   pf.grace,
		Out:     pf.out,
		Resume:  pf.resume,
		Replays: pf.replays,

		RetryStalled: pf.retry,
	}, nil
}

func printSummary(w io.Writer, game string, scheduled int, s arena.Summary) {
	fmt.Fprintf(w, "%s: %d of %d games\n", game, s.Games, scheduled)
	tw := newTable(w)
	fmt.Fprintln(tw, "bot\tW\tL\tD\twin rate\t95% CI\tseed score\t95% CI\ttimeouts\tcrashes\tinvalid\tfirst p99\tfirst max\tp50 ms\tp99 ms\tmax ms")
	for _, b := range s.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.3f\t[%.3f, %.3f]\t%.3f\t[%.3f, %.3f]\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\n",
			b.Cmd, b.Wins, b.Losses, b.Draws, b.WinRate, b.CI95[0], b.CI95[1],
			b.SeedScore, b.SeedCI95[0], b.SeedCI95[1], b.Timeouts, b.Crashes, b.Invalid,
			b.FirstMSP99, b.FirstMSMax, b.TurnMSP50, b.TurnMSP99, b.TurnMSMax)
	}
	tw.Flush()
	for _, b := range s.Bots {
		printStalled(w, b.Cmd+": ", slownessOf(b))
	}
	printStalled(w, "", slowness{retried: s.Retried})
	if len(s.Bots) > 2 {
		// several players: places, not wins, say how good a bot is
		tw = newTable(w)
		fmt.Fprintln(tw, "bot\tavg rank\tfirsts\tfirst rate\t95% CI\trating\t95% CI")
		for _, b := range s.Bots {
			fmt.Fprintf(tw, "%s\t%.3f\t%d\t%.3f\t[%.3f, %.3f]\t%.2f\t[%.2f, %.2f]\n",
				b.Cmd, b.AvgRank, b.Firsts, b.FirstRate, b.FirstCI95[0], b.FirstCI95[1],
				b.Rating, b.RatingCI95[0], b.RatingCI95[1])
		}
		tw.Flush()
		fmt.Fprintln(w, "firsts include shared first places; rating: Weng-Lin (OpenSkill) mu with mu ± 1.96 sigma, from the places at each table")
	}
	if len(s.Bots) >= 2 {
		fmt.Fprintf(w, "elo (first bot minus second): %+.1f [%+.1f, %+.1f]\n", s.Elo, s.EloCI95[0], s.EloCI95[1])
	}
	fmt.Fprintln(w, "win rate counts draws as half; quote the seed score, whose interval allows for the seats of one seed being related")
}

// writePages writes the viewer page of each game's replay beside it. Pages
// already newer than their replay (games kept by -resume) are left alone.
func writePages(results []arena.Result) error {
	for _, r := range results {
		if r.Replay == "" {
			continue
		}
		dst := view.HTMLPath(r.Replay)
		if fresh(dst, r.Replay) {
			continue
		}
		if err := view.WriteFile(r.Replay, dst, finder); err != nil {
			return fmt.Errorf("play: viewer page: %w", err)
		}
	}
	return nil
}

// fresh reports whether file a exists and is not older than b.
func fresh(a, b string) bool {
	ai, err := os.Stat(a)
	if err != nil {
		return false
	}
	bi, err := os.Stat(b)
	return err == nil && !ai.ModTime().Before(bi.ModTime())
}

// slowness is a bot's slow answers as play, pool and league sum them:
// its timeouts and the late answers -slack forgave, each with how many
// came while the machine stalled, and the plays of games set aside for a
// timeout in a stall (-retry-stalled).
type slowness struct{ timeouts, stalled, late, lateStalled, retried int }

// slownessOf is the slowness a bot's summary counts; plays set aside are
// the run's, not the bot's, and left to the caller.
func slownessOf(b arena.BotSummary) slowness {
	return slowness{timeouts: b.Timeouts, stalled: b.Stalled, late: b.Late, lateStalled: b.LateStalled}
}

// retryUsage is -retry-stalled's help, the same in play, pool and league run.
const retryUsage = "play a game again, up to this many times, when a bot timed out in it while the machine stalled; the last play counts"

// printStalled says, after the label, how many of a bot's timeouts came
// while the machine itself stalled (arena.StallMin or more without running
// the arena), if any: they count, but they measure the machine as much as
// the bot. It also says how many answers only -slack kept from timing
// out, and how many of those came in a stall, if any: a run with -slack
// reports no timeouts, and without that line a player could not tell how
// close the bot came to CodinGame's limit, nor whether the bot or the
// machine was slow. Last, it says how many plays -retry-stalled set aside,
// so that a clean table cannot hide them. play labels the lines by the
// bot, pool by the member, league by the league name.
func printStalled(w io.Writer, label string, s slowness) {
	if s.stalled > 0 {
		fmt.Fprintf(w, "%s%d of %d timeouts came while the machine stalled for %v or more; rerun on a quieter machine, or with -slack\n",
			label, s.stalled, s.timeouts, arena.StallMin)
	}
	if s.late > 0 {
		fmt.Fprintf(w, "%s%d answers came after CodinGame's limit, within -slack; %d of them while the machine stalled for %v or more\n",
			label, s.late, s.lateStalled, arena.StallMin)
	}
	if s.retried > 0 {
		fmt.Fprintf(w, "%s%d plays were set aside and their games played again (-retry-stalled): a bot timed out in each while the machine stalled\n",
			label, s.retried)
	}
}
