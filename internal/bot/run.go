package bot

import (
	"bufio"
	"fmt"
	"io"
	"time"
)

// CodinGame's time limits, the same in every contest this module plays,
// and the one margin the guard keeps back from them.
const (
	// FirstLimit is the first turn's limit, which also pays for start-up.
	FirstLimit = 1000 * time.Millisecond
	// TurnLimit is every later turn's.
	TurnLimit = 50 * time.Millisecond
	// Margin is kept back from each limit for the fallback: the guard
	// stops waiting for the policy at the limit less Margin, which leaves
	// the fallback that long to be printed and the machine that long to
	// schedule the bot. 10 ms is the margin the Grass, Kutulu and Ocean
	// bots kept before it was shared (their 40 ms of 50); Soak's was 8,
	// Caribbean's 15. The policy stops much earlier (Config.Think), so the
	// guard fires only for a policy that overran it, in a stall or a bug.
	Margin = 10 * time.Millisecond
)

// Config is how long a bot's policy thinks and how the bot logs.
type Config struct {
	// Think is how long the policy may think each turn, from the
	// arrival of the turn's first line: the deadline a Deadliner is given
	// (a search stops there and answers). It is the game's one knob for
	// time (Game.Think, -think-ms); the guard's own deadline, later, is
	// CodinGame's limit less Margin.
	Think time.Duration
	// NoDeadline waits for the policy however long it takes, so that a
	// run depends on its input and seed only (tests, bundle parity).
	NoDeadline bool
	// Verbose logs every turn: how it was answered and how long it took,
	// and a search's iterations.
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

// Deadlines are the times of a turn whose first line arrived at start:
// think, when the policy must stop thinking (start + Think), and guard,
// when the guard sends the fallback in its place (the turn's limit less
// Margin). Both are the zero time with NoDeadline. A Think past the guard's
// deadline (-think-ms) is the user's to answer for: the guard falls back
// and the late call keeps the policy busy into the next turn.
func (c *Config) Deadlines(turn int, start time.Time) (think, guard time.Time) {
	if c.NoDeadline {
		return
	}
	limit := TurnLimit
	if turn == 0 {
		limit = FirstLimit
	}
	return start.Add(c.Think), start.Add(limit - Margin)
}

// Player is the game-specific side of a bot.
type Player interface {
	// ReadInit reads the game's init block.
	ReadInit(in *Input) error
	// ReadTurn reads the rest of a turn whose first line is first.
	ReadTurn(first string, in *Input) error
	// Reply appends the answer to the turn just read, whole lines each
	// ending in a newline, to dst, by deadline, the policy thinking until
	// think (Config.Deadlines; zero: no deadline). A non-nil error says
	// why the answer is a fallback; it is logged, not fatal.
	Reply(turn int, think, deadline time.Time, dst []byte) ([]byte, error)
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
		think, deadline := cfg.Deadlines(turn, start)
		buf, why = p.Reply(turn, think, deadline, buf[:0])
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
