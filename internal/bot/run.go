package bot

import (
	"bufio"
	"fmt"
	"io"
	"time"
)

// Config is a game's time limits and how the bot logs.
type Config struct {
	First  time.Duration // limit of the first turn, which also pays for start-up
	Turn   time.Duration // limit of every later turn
	Margin time.Duration // kept back from each limit for scheduling and output
	// NoDeadline waits for the policy however long it takes, so that a
	// run depends on its input and seed only (tests, bundle parity).
	NoDeadline bool
	// Verbose logs every turn: how it was answered and how long it took.
	Verbose bool
	// Warn logs the turns that fell back even when not Verbose.
	Warn bool
	// Log receives the logs; nil discards them. Bots pass stderr, which
	// CodinGame shows beside the game and never reads as an answer.
	Log io.Writer
	// Clock times the turns; nil is the wall clock. A bot hands the same
	// clock to its Seat.
	Clock Clock
}

// Deadline is when the answer to a turn whose first line arrived at start
// must be ready: the turn's limit less the margin, or the zero time with
// NoDeadline.
func (c *Config) Deadline(turn int, start time.Time) time.Time {
	if c.NoDeadline {
		return time.Time{}
	}
	limit := c.Turn
	if turn == 0 {
		limit = c.First
	}
	return start.Add(limit - c.Margin)
}

// Player is the game-specific side of a bot.
type Player interface {
	// ReadInit reads the game's init block.
	ReadInit(in *Input) error
	// ReadTurn reads the rest of a turn whose first line is first.
	ReadTurn(first string, in *Input) error
	// Reply appends the answer to the turn just read, whole lines each
	// ending in a newline, to dst, by deadline (zero: no deadline). A
	// non-nil error says why the answer is a fallback; it is logged, not
	// fatal.
	Reply(turn int, deadline time.Time, dst []byte) ([]byte, error)
}

// Input reads the referee's lines.
type Input struct {
	sc *bufio.Scanner
}

// NewInput reads lines from r, up to 4 MiB each.
func NewInput(r io.Reader) *Input {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	return &Input{sc: sc}
}

// Line returns the next line, or io.ErrUnexpectedEOF when the input ends
// mid-block.
func (in *Input) Line() (string, error) {
	if !in.sc.Scan() {
		if err := in.sc.Err(); err != nil {
			return "", err
		}
		return "", io.ErrUnexpectedEOF
	}
	return in.sc.Text(), nil
}

// Run plays one game from r to w with p: it reads the init block, then
// answers turn after turn until the input ends between turns, which is how
// the referee ends a game. Each turn's deadline runs from the arrival of its
// first line, as CodinGame counts it. Errors are for input p cannot read
// and output that cannot be written.
func Run(r io.Reader, w io.Writer, p Player, cfg Config) error {
	in := NewInput(r)
	sc := in.sc
	now := time.Now
	if cfg.Clock != nil {
		now = cfg.Clock.Now
	}
	out := bufio.NewWriter(w)
	if err := p.ReadInit(in); err != nil {
		return err
	}
	var buf []byte
	for turn := 0; ; turn++ {
		if !sc.Scan() {
			return sc.Err() // nil: the game is over
		}
		start := now()
		if err := p.ReadTurn(sc.Text(), in); err != nil {
			return err
		}
		var why error
		buf, why = p.Reply(turn, cfg.Deadline(turn, start), buf[:0])
		if _, err := out.Write(buf); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
		if cfg.Log != nil && (cfg.Verbose || cfg.Warn && why != nil) {
			how := "policy"
			if why != nil {
				how = "fallback (" + why.Error() + ")"
			}
			fmt.Fprintf(cfg.Log, "turn %d: %s in %v\n", turn, how, now().Sub(start))
		}
	}
}
