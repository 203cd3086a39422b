// Package bottest is the input fuzz test every game's bot reader
// (engine/<game>.Reader) shares: the bot must read anything without a
// panic, stop with an error on input outside the referee's limits, and
// never print or allocate more than its input warrants. Only tests import
// it, so it is never bundled.
package bottest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
	"cgpolicy/internal/bot"
)

// Case is a labelled input: an invalid one (OK false) must make the bot
// stop with an error, a valid one must play to the end without one.
type Case struct {
	Name, In string
	OK       bool
}

// Play runs one bot on in to the end, answering on out and logging on log
// every turn's answer (so that a policy panic shows), without deadlines.
type Play func(in io.Reader, out, log io.Writer) error

// Limits of one run: inputs longer than MaxInput are skipped (the bot's
// work must grow with its input, and short inputs find the same faults
// faster); each input line may cost at most OutPerLine bytes of output and
// AllocPerByte bytes of allocation, above AllocBase. A count the bot trusts
// without a bound (a billion agents, a huge map) breaks them by orders of
// magnitude, and does so without a timer, which a loaded machine would
// trip.
const (
	MaxInput     = 64 << 10
	OutPerLine   = 1 << 10
	AllocBase    = 16 << 20
	AllocPerByte = 16 << 10
)

// goldenTurns is how many turns of each recorded game seed the corpus:
// enough to reach the turn loop, short enough to mutate fast.
const goldenTurns = 3

// Fuzz seeds f with cases and the first turns of a few recorded games of
// game (seat 0's input, which must be accepted), then checks every input
// with Check. Without ../shared there are no recorded games, except under
// CI, where enginetest.GoldenFiles fails the test.
func Fuzz(f *testing.F, game string, cases []Case, play Play) {
	all := append([]Case(nil), cases...)
	for i, in := range goldenInputs(f, game) {
		all = append(all, Good(fmt.Sprintf("recorded game %d", i), in))
	}
	FuzzCases(f, all, play)
}

// FuzzCases is Fuzz without recorded games, for a game that no official
// referee records (the toy game of internal/games/toy), where Fuzz would
// find no traces and fail under CI: the cases alone seed the corpus.
func FuzzCases(f *testing.F, cases []Case, play Play) {
	want := map[string]Case{}
	for _, c := range cases {
		f.Add([]byte(c.In))
		want[c.In] = c
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > MaxInput {
			t.Skip("longer than MaxInput")
		}
		out, log, err := Check(t, data, play)
		if c, known := want[string(data)]; known && c.OK != (err == nil) {
			t.Fatalf("%s: input %q: error %v, want ok=%v (output %q)", c.Name, data, err, c.OK, out)
		}
		if strings.Contains(log, "policy panic") {
			t.Fatalf("input %q: the policy panicked on input the bot accepted:\n%s", data, log)
		}
	})
}

// Check plays in and fails t when the output or the allocation exceeds
// the limits; it returns the output, the log and the bot's error.
func Check(t testing.TB, in []byte, play Play) (string, string, error) {
	t.Helper()
	lines := bytes.Count(in, []byte{'\n'}) + 1
	out := &capWriter{max: OutPerLine * lines}
	var log bytes.Buffer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := play(bytes.NewReader(in), out, &log)
	runtime.ReadMemStats(&after)
	if out.over {
		t.Fatalf("input %q: more than %d bytes of output for %d lines", in, out.max, lines)
	}
	if alloc, most := after.TotalAlloc-before.TotalAlloc, uint64(AllocBase+AllocPerByte*len(in)); alloc > most {
		t.Fatalf("input %q: %d bytes allocated, at most %d allowed", in, alloc, most)
	}
	return out.b.String(), log.String(), err
}

// goldenInputs are the first turns of a few recorded games, as seat 0 read
// them.
func goldenInputs(f *testing.F, game string) []string {
	var out []string
	for i, file := range enginetest.GoldenFiles(noSkip{f}, game) {
		if i == 3 {
			break
		}
		tr, err := trace.Load(file)
		if err != nil {
			f.Fatal(err)
		}
		pl := tr.Players[0]
		lines := append([]string(nil), pl.Init...)
		for k := 0; k < len(pl.Turns) && k < goldenTurns; k++ {
			lines = append(lines, pl.Turns[k].Input...)
		}
		out = append(out, strings.Join(lines, "\n")+"\n")
	}
	return out
}

// noSkip lets a fuzz target run its other seeds when the golden traces are
// absent: enginetest.GoldenFiles skips through Skipf, which it then returns
// from with no files; under CI it fails through Fatalf as before.
type noSkip struct{ testing.TB }

func (noSkip) Skipf(string, ...interface{}) {}

// errTooMuch is capWriter's error past its limit.
var errTooMuch = errors.New("bottest: output over the limit")

// capWriter keeps up to max bytes and fails past them, so a runaway answer
// stops the bot and the test sees it.
type capWriter struct {
	b    bytes.Buffer
	max  int
	over bool
}

func (w *capWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > w.max {
		w.over = true
		return 0, errTooMuch
	}
	return w.b.Write(p)
}

// Bad is an input the bot must refuse with an error.
func Bad(name, in string) Case { return Case{Name: name, In: in} }

// Good is an input the bot must play to the end.
func Good(name, in string) Case { return Case{Name: name, In: in, OK: true} }

// Read plays reader r's game on in as the bot does (internal/bot), with
// a policy that answers nothing: the reading, the checks, the views and
// the answers' lines (the blind one too) are the engine's, and this is
// how an engine's fuzz target plays them without a policy of its own.
func Read[O, V, A any](r engine.Reader[O, V, A]) Play {
	return func(in io.Reader, out, log io.Writer) error {
		g := bot.Game[O, V, A, bot.Policy[V, A]]{Reader: r, Fallback: func(_ V, dst []A) []A { return dst }}
		cfg := bot.Config{NoDeadline: true, Verbose: true, Log: log}
		if r.Input != nil {
			in = r.Input(in)
		}
		return bot.Run(in, out, g.Player(silent[V, A]{}, cfg), cfg)
	}
}

// silent is a policy that answers nothing.
type silent[V, A any] struct{}

func (silent[V, A]) Act(_ V, dst []A) []A { return dst }

// BlindCase is an input a reader's Blind answers, and how many lines it
// must answer.
type BlindCase struct {
	Input []string
	Lines int
}

// Blind checks a game's blind answer (engine.Reader's Blind) on each case:
// the number of lines, each of them line.
func Blind(t *testing.T, blind func([]string) []string, line string, cases ...BlindCase) {
	t.Helper()
	for _, tc := range cases {
		got := blind(tc.Input)
		if len(got) != tc.Lines {
			t.Errorf("Blind(%q) = %q, want %d lines", tc.Input, got, tc.Lines)
		}
		for _, l := range got {
			if l != line {
				t.Errorf("Blind(%q): line %q", tc.Input, l)
			}
		}
	}
}
