package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
	"cgpolicy/features/soak/policy"
)

// Limits of one fuzz run: inputs longer than maxInput are skipped (the
// bot's work must grow with its input, and short inputs find the same
// faults faster); every input line may cost at most outPerLine bytes of
// output and allocPerByte bytes of allocation, above allocBase. A count the
// bot trusts without a bound (a billion agents, a huge map) breaks these
// by orders of magnitude.
const (
	maxInput     = 64 << 10
	outPerLine   = 512
	allocBase    = 8 << 20
	allocPerByte = 16 << 10
)

// inputCases are labelled inputs: each invalid one must make the bot stop
// with an error, each valid one must play to the end without one.
var inputCases = []struct {
	name, in string
	ok       bool
}{
	{"empty", "", false},
	{"truncated init", "0\n2\n1 0 1 4 16 1\n", false},
	{"negative agent count", "0\n-2\n", false},
	{"huge agent count", "0\n1000000000\n", false},
	{"odd agent count", "0\n3\n1 0 1 4 16 1\n2 0 1 4 16 1\n3 1 1 4 16 1\n", false},
	{"bad player", "2\n2\n1 0 1 4 16 1\n2 1 1 4 16 1\n1 1\n0 0 0\n", false},
	{"huge map", tinyInit("1 1000000000", "0 0 0") + "0\n0\n", false},
	{"negative map", tinyInit("-1 1", "0 0 0") + "0\n0\n", false},
	{"garbage map row", tinyInit("1 1", "x y z") + "0\n0\n", false},
	{"garbage", "\x00\xff\n\n\n", false},
	{"negative alive count", tinyInit("2 1", "0 0 0 1 0 0") + "-1\n0\n", false},
	{"huge alive count", tinyInit("2 1", "0 0 0 1 0 0") + "1000000000\n0\n", false},
	{"truncated turn", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 0\n", false},
	{"agent off the map", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 5 0 0 1 0\n2 1 0 0 1 0\n1\n", false},
	{"duplicate agent", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 0\n1 1 0 0 1 0\n1\n", false},
	{"negative wetness", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 -5\n2 1 0 0 1 0\n1\n", false},
	{"drowned agent", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 100\n2 1 0 0 1 0\n1\n", false},
	{"huge cooldown", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 99 1 0\n2 1 0 0 1 0\n1\n", false},
	{"bombs from nowhere", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 7 0\n2 1 0 0 1 0\n1\n", false},
	{"huge own count", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1000000000\n", false},
	{"wrong own count", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 0\n2 1 0 0 1 0\n2\n", false},
	{"tiny game", tinyInit("2 1", "0 0 0 1 0 0") + "2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1\n", true},
}

// tinyInit is the init block of a game of two gunners (ids 1 and 2) on a
// map of the given size line and rows, from seat 0.
func tinyInit(size string, rows ...string) string {
	return "0\n2\n1 0 1 4 16 1\n2 1 1 4 16 1\n" + size + "\n" + strings.Join(rows, "\n") + "\n"
}

// goldenInputs are the first turns of a few recorded games, as seat 0 read
// them: real input, which the bot must accept. Without ../shared there are
// none, except under CI, where enginetest.GoldenFiles fails the test.
func goldenInputs(f *testing.F) []string {
	var out []string
	for i, file := range enginetest.GoldenFiles(noSkip{f}, "soak") {
		if i == 3 {
			break
		}
		tr, err := trace.Load(file)
		if err != nil {
			f.Fatal(err)
		}
		pl := tr.Players[0]
		lines := append([]string(nil), pl.Init...)
		for k := 0; k < len(pl.Turns) && k < 3; k++ {
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

// FuzzReadInput feeds the bot truncated, negative, huge and garbage input
// and real games: it must never panic, never print or allocate more than
// its input warrants, stop with an error on every labelled invalid input
// and play every valid one to the end. The seed corpus runs in go test;
// go test -fuzz FuzzReadInput ./cmd/bot/soak searches further.
func FuzzReadInput(f *testing.F) {
	want := map[string]bool{}
	for _, c := range inputCases {
		f.Add([]byte(c.in))
		want[c.in] = c.ok
	}
	for _, in := range goldenInputs(f) {
		f.Add([]byte(in))
		want[in] = true
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxInput {
			t.Skip("longer than maxInput")
		}
		out, log, err := playBounded(t, data)
		if ok, known := want[string(data)]; known && ok != (err == nil) {
			t.Fatalf("input %q: error %v, want ok=%v (output %q)", data, err, ok, out)
		}
		if strings.Contains(log, "policy panic") {
			t.Fatalf("input %q: the policy panicked on input the bot accepted:\n%s", data, log)
		}
	})
}

// playBounded plays the greedy policy on in without deadlines and checks
// the output and allocation bounds; it returns the output, the log and
// the bot's error.
func playBounded(t *testing.T, in []byte) (string, string, error) {
	t.Helper()
	pol, err := policy.New("greedy", 1)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Count(in, []byte{'\n'}) + 1
	out := &capWriter{max: outPerLine * lines}
	var log bytes.Buffer
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err = play(bytes.NewReader(in), out, &log, config{NoDeadline: true, Verbose: true}, pol)
	runtime.ReadMemStats(&after)
	if out.over {
		t.Fatalf("input %q: more than %d bytes of output for %d lines", in, out.max, lines)
	}
	if alloc, most := after.TotalAlloc-before.TotalAlloc, uint64(allocBase+allocPerByte*len(in)); alloc > most {
		t.Fatalf("input %q: %d bytes allocated, at most %d allowed", in, alloc, most)
	}
	return out.b.String(), log.String(), err
}

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

var errTooMuch = bytes.ErrTooLarge
