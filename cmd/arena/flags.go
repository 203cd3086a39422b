package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"

	"cgpolicy/internal/arena"
	"cgpolicy/internal/games"
)

// newFlags is a subcommand's flag set: its errors go to stderr, and its
// usage there too when usage is set (the text, then the defaults).
func newFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if usage != "" {
		fs.Usage = func() {
			fmt.Fprint(stderr, usage)
			fs.PrintDefaults()
		}
	}
	return fs
}

// gameFlag is -game, naming the registered games.
func gameFlag(fs *flag.FlagSet, game *string) {
	fs.StringVar(game, "game", "", "game name ("+strings.Join(games.Names(), ", ")+")")
}

// matchFlags are the flags of every mode that plays games: -workers, the
// limits (-first, -turn, -slack), -grace and -retry-stalled.
func matchFlags(fs *flag.FlagSet, workers *int, limits *arena.Limits, grace *time.Duration, retry *int) {
	fs.IntVar(workers, "workers", runtime.NumCPU(), "games played at once")
	fs.DurationVar(&limits.First, "first", arena.DefaultLimits.First, "time limit for a bot's first turn")
	fs.DurationVar(&limits.Turn, "turn", arena.DefaultLimits.Turn, "time limit for later turns")
	fs.DurationVar(&limits.Slack, "slack", 0, "added to both limits, for a busy machine")
	fs.DurationVar(grace, "grace", 20*time.Millisecond, "time a bot gets to exit after its input closes at the end of a game")
	fs.IntVar(retry, "retry-stalled", 0, retryUsage)
}

// interruptible is a context that Ctrl-C or SIGTERM cancels: a run stops
// between games and reports what it played.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// gamesBar is a progress bar on stderr of total games (-1: a spinner with
// a count), described by desc.
func gamesBar(stderr io.Writer, total int, desc string, opts ...progressbar.Option) *progressbar.ProgressBar {
	return progressbar.NewOptions(total, append([]progressbar.Option{
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(200 * time.Millisecond),
	}, opts...)...)
}

// newTable is the tab writer every table of the arena prints through.
func newTable(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }
