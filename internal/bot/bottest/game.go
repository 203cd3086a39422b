package bottest

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"cgpolicy/internal/bot"
	"cgpolicy/scripts/cgcheck"
)

// Clock is a clock the test drives. It reads a fixed time in 1970, so
// that a search given a deadline stops after its first answer and the
// games depend on their seeds alone. A deadline passes only when the test
// says: at once when Expired is set, else when a policy made late calls
// Stick, which it does once it is blocked, so that its call cannot have
// returned.
type Clock struct {
	Expired bool
	now     time.Time
	stuck   chan time.Time
}

// NewClock returns a clock at its fixed time, no deadline passed.
func NewClock() *Clock { return &Clock{now: time.Unix(0, 0), stuck: make(chan time.Time)} }

// Now implements bot.Clock.
func (c *Clock) Now() time.Time { return c.now }

// At implements bot.Clock.
func (c *Clock) At(time.Time) (<-chan time.Time, func()) {
	if c.Expired {
		ch := make(chan time.Time, 1)
		ch <- c.now
		return ch, func() {}
	}
	return c.stuck, func() {}
}

// Stick passes the deadline the bot waits on: a late policy calls it
// once it is blocked.
func (c *Clock) Stick() { c.stuck <- c.now }

// Submittable checks what every bot must be to go to CodinGame: pkg, the
// bot's command, uses the standard library and our module alone, and
// every policy it lists (-policies) is registered and made, the default
// first and none twice.
func Submittable[O, V, A any, P bot.Policy[V, A]](t *testing.T, pkg string, g *bot.Game[O, V, A, P]) {
	t.Helper()
	if err := cgcheck.StdlibOnly(pkg); err != nil {
		t.Fatal(err)
	}
	listed := g.Listed()
	if len(listed) == 0 || listed[0] != g.Default {
		t.Fatalf("listed %q, want the default %q first", listed, g.Default)
	}
	seen := map[string]bool{}
	for _, name := range listed {
		if seen[name] {
			t.Errorf("%q listed twice", name)
		}
		seen[name] = true
		if _, err := g.Policies.Make(name, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// BadInput fails unless the bot playing pol stops with an error, rather
// than a crash or a hang, on each of inputs.
func BadInput[O, V, A any, P bot.Policy[V, A]](t *testing.T, g *bot.Game[O, V, A, P], pol func() P, inputs ...string) {
	t.Helper()
	for _, in := range inputs {
		cfg := bot.Config{NoDeadline: true}
		if err := bot.Run(input(g, strings.NewReader(in)), io.Discard, g.Player(pol(), cfg), cfg); err == nil {
			t.Errorf("input %q: no error", in)
		}
	}
}

// input is in as the bot's main reads it (engine.Reader.Input).
func input[O, V, A any, P bot.Policy[V, A]](g *bot.Game[O, V, A, P], in io.Reader) io.Reader {
	if g.Reader.Input != nil {
		return g.Reader.Input(in)
	}
	return in
}

// Piped is a bot running on pipes as CodinGame runs it (its input read as
// its main reads it), without deadlines
// (so that a loaded machine cannot make it fall back, and a search answers
// as its twin given the same iterations).
type Piped struct {
	t       *testing.T
	in      *io.PipeWriter
	replies *bufio.Scanner
	errc    chan error
}

// Pipe starts the bot playing pol.
func Pipe[O, V, A any, P bot.Policy[V, A]](t *testing.T, g *bot.Game[O, V, A, P], pol P) *Piped {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &Piped{t: t, in: inW, replies: bufio.NewScanner(outR), errc: make(chan error, 1)}
	go func() {
		cfg := bot.Config{NoDeadline: true}
		err := bot.Run(input(g, inR), outW, g.Player(pol, cfg), cfg)
		outW.Close()
		p.errc <- err
	}()
	return p
}

// Send writes lines to the bot's input.
func (p *Piped) Send(lines []string) {
	p.t.Helper()
	if _, err := io.WriteString(p.in, strings.Join(lines, "\n")+"\n"); err != nil {
		p.t.Fatal(err)
	}
}

// Reply is the next line the bot prints; what says where, for the
// failure when there is none.
func (p *Piped) Reply(what string) string {
	p.t.Helper()
	if !p.replies.Scan() {
		p.t.Fatalf("%s: no reply: %v", what, p.replies.Err())
	}
	return p.replies.Text()
}

// Close ends the bot's input and returns how it ended.
func (p *Piped) Close() error {
	p.in.Close()
	return <-p.errc
}

// End is Close for a game played to its end: the bot must end without an
// error; what says which game, for the failure.
func (p *Piped) End(what string) {
	p.t.Helper()
	if err := p.Close(); err != nil {
		p.t.Fatalf("%s: bot ended with %v", what, err)
	}
}

// Start returns g's player for pol, timed by clock, that has read in, the
// init lines and the first turn's.
func Start[O, V, A any, P bot.Policy[V, A]](t *testing.T, g *bot.Game[O, V, A, P], pol P, clock bot.Clock, in []string) *bot.Bot[O, V, A] {
	t.Helper()
	pl := g.Player(pol, bot.Config{Clock: clock})
	lines := bot.NewInput(strings.NewReader(strings.Join(in, "\n") + "\n"))
	if err := pl.ReadInit(lines); err != nil {
		t.Fatal(err)
	}
	first, err := lines.Line()
	if err != nil {
		t.Fatal(err)
	}
	if err := pl.ReadTurn(first, lines); err != nil {
		t.Fatal(err)
	}
	return pl
}

// Stall is a policy whose first call is late: it tells the clock it is
// stuck (Stick) and blocks until released (Release). Every call answers
// what Answer does.
type Stall[V, A any] struct {
	Clock  *Clock
	Answer func(v V, dst []A) []A
	// Calls counts the calls.
	Calls   int
	release chan struct{}
}

// NewStall returns a stalling policy on clock.
func NewStall[V, A any](clock *Clock, answer func(v V, dst []A) []A) *Stall[V, A] {
	return &Stall[V, A]{Clock: clock, Answer: answer, release: make(chan struct{})}
}

// Act implements bot.Policy.
func (p *Stall[V, A]) Act(v V, dst []A) []A {
	p.Calls++
	if p.Calls == 1 {
		p.Clock.Stick()
		<-p.release
	}
	return p.Answer(v, dst)
}

// Release lets the late first call return.
func (p *Stall[V, A]) Release() { p.release <- struct{}{} }
