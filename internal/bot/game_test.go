package bot

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"cgpolicy/engine"
	"cgpolicy/internal/registry"
)

// toyObserver is the observer of a toy game for Game and Bot: the game has
// no init block, each turn is one line, "bad" is input the reader refuses,
// "blind" one it reads but cannot view, and the view is the line with the
// count of the views observed.
type toyObserver struct{ views int }

// toyReader is the toy game's protocol: the answer is its actions, one a
// line.
var toyReader = engine.Reader[*toyObserver, string, string]{
	Observer: func() *toyObserver { return new(toyObserver) },
	Init:     func(*toyObserver, func() (string, error)) ([]string, error) { return nil, nil },
	Turn: func(_ *toyObserver, _ []string, first string, _ func() (string, error)) ([]string, error) {
		if first == "bad" {
			return nil, errors.New("bad turn")
		}
		return []string{first}, nil
	},
	View: func(o *toyObserver, _, input []string) (string, error) {
		o.views++
		if input[0] == "blind" {
			return "", errors.New("no view")
		}
		return input[0] + "#" + strconv.Itoa(o.views), nil
	},
	Blind: func([]string) []string { return []string{"blind"} },
	Lines: func(_ string, acts []string) []string { return acts },
	Input: func(r io.Reader) io.Reader { return r },
}

// named is the toy game's policy: it answers the name and seed it was made
// from, "crash" panics, and a view starting with "empty" gets no answer.
type named string

func (n named) Act(v string, dst []string) []string {
	if n == "crash/1" {
		panic("bug")
	}
	if strings.HasPrefix(v, "empty") {
		return dst
	}
	return append(dst, string(n))
}

// Iterations makes named look like a search to -v.
func (named) Iterations() int { return 7 }

// toyGame is a Game over the toy: registration of one policy failed, and
// the registry says why for an unknown name, as a game's does. Its Check
// answers "none" for an empty answer; its fallback is the view.
func toyGame() *Game[*toyObserver, string, string, named] {
	entries := []registry.Entry[named]{}
	for _, n := range []string{"greedy", "net", "random", "smitsi", "crash"} {
		n := n
		entries = append(entries, registry.Entry[named]{Name: n, New: func(seed int64) named { return named(n + "/" + strconv.FormatInt(seed, 10)) }})
	}
	pols := registry.New("policy", entries...)
	pols.Failed(errors.New("weights do not fit"))
	return &Game[*toyObserver, string, string, named]{
		Name: "toy", Policies: pols, Default: "smitsi", Unlisted: []string{"random"},
		Think:    30 * time.Millisecond,
		Reader:   toyReader,
		Fallback: func(v string, dst []string) []string { return append(dst, "fallback for "+v) },
		Check: func(_ string, acts []string) ([]string, error) {
			if len(acts) == 0 {
				return append(acts, "none"), nil
			}
			return acts, nil
		},
	}
}

// TestGameRun checks the command line every bot shares and how the bot
// answers: the policy's answer, the Check's, the fallback made from the
// view, the blind answer, the policy listing and the exit codes.
func TestGameRun(t *testing.T) {
	tests := []struct {
		name string
		args []string
		in   string
		code int
		out  string
		log  string // what the log must contain
	}{
		{name: "defaults", in: "t\nt\n", out: "smitsi/1\nsmitsi/1\n"},
		{name: "policy and seed", args: []string{"-policy", "net", "-seed", "9"}, in: "t\n", out: "net/9\n"},
		{name: "unlisted still plays", args: []string{"-policy", "random"}, in: "t\n", out: "random/1\n"},
		{name: "checked", in: "empty\n", out: "none\n"},
		{name: "fallback", args: []string{"-policy", "crash"}, in: "a\nb\n", out: "fallback for a#1\nfallback for b#2\n", log: "turn 1: fallback (policy panic: bug)"},
		{name: "blind", in: "blind\nt\n", out: "blind\nsmitsi/1\n", log: "turn 0: fallback (blind: no view)"},
		{name: "verbose", args: []string{"-nodeadline", "-v"}, in: "t\n", out: "smitsi/1\n", log: "turn 0: 7 iterations\nturn 0: policy in "},
		{name: "list", args: []string{"-policies"}, out: "smitsi\ncrash\ngreedy\nnet\n"},
		{name: "unknown policy", args: []string{"-policy", "nosuch"}, code: 2, log: `toy: policy: unknown policy "nosuch" (known: crash, greedy, net, random, smitsi); registration failed: weights do not fit`},
		{name: "bad flag", args: []string{"-turn-ms", "40"}, code: 2, log: "flag provided but not defined: -turn-ms"},
		{name: "bad number", args: []string{"-think-ms", "forty"}, code: 2, log: "-think-ms"},
		{name: "help", args: []string{"-h"}, code: 0, log: "-think-ms"},
		{name: "bad input", in: "t\nbad\n", code: 1, out: "smitsi/1\n", log: "toy: bad turn"},
	}
	for _, tt := range tests {
		var out, log bytes.Buffer
		code := toyGame().Run(tt.args, strings.NewReader(tt.in), &out, &log)
		if code != tt.code {
			t.Errorf("%s: exit code %d, want %d (log %q)", tt.name, code, tt.code, log.String())
		}
		if out.String() != tt.out {
			t.Errorf("%s: output %q, want %q", tt.name, out.String(), tt.out)
		}
		if !strings.Contains(log.String(), tt.log) {
			t.Errorf("%s: log %q lacks %q", tt.name, log.String(), tt.log)
		}
	}
}

// clocked is a policy that records, for each think deadline it is given,
// how far ahead of the wall clock it lies (0 for none).
type clocked struct{ ahead []time.Duration }

func (c *clocked) SetDeadline(t time.Time) {
	var d time.Duration
	if !t.IsZero() {
		d = time.Until(t)
	}
	c.ahead = append(c.ahead, d)
}

func (c *clocked) Act(_ string, dst []string) []string { return append(dst, "ok") }

// TestGameFlags checks what the time flags set: the policy is told to stop
// the game's Think after the turn's first line, or -think-ms's, and never
// with -nodeadline. The bounds leave a loaded machine 100 ms between the
// first line and the call.
func TestGameFlags(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		args   []string
		lo, hi time.Duration // how far ahead the deadline may lie
	}{
		{nil, 200 * ms, 300 * ms},
		{[]string{"-think-ms", "600"}, 500 * ms, 600 * ms},
		{[]string{"-think-ms", "600", "-nodeadline"}, 0, 0},
	}
	for _, tt := range tests {
		pol := &clocked{}
		g := Game[*toyObserver, string, string, *clocked]{Name: "toy", Default: "p", Think: 300 * ms, Reader: toyReader,
			Policies: registry.New("policy", registry.Entry[*clocked]{Name: "p", New: func(int64) *clocked { return pol }}),
			Fallback: func(_ string, dst []string) []string { return dst }}
		var out, log bytes.Buffer
		if code := g.Run(tt.args, strings.NewReader("a\nb\n"), &out, &log); code != 0 || out.String() != "ok\nok\n" {
			t.Fatalf("%q: exit code %d, output %q (log %q)", tt.args, code, out.String(), log.String())
		}
		for turn, d := range pol.ahead {
			if d < tt.lo || d > tt.hi || tt.hi == 0 && d != 0 {
				t.Errorf("%q: turn %d's think deadline %v ahead, want %v to %v", tt.args, turn, d, tt.lo, tt.hi)
			}
		}
		if len(pol.ahead) != 2 {
			t.Errorf("%q: %d deadlines set, want 2", tt.args, len(pol.ahead))
		}
	}
}

// TestGameHelp checks that -h documents every shared flag and lists all
// policies, the unlisted too.
func TestGameHelp(t *testing.T) {
	var log bytes.Buffer
	if code := toyGame().Run([]string{"-h"}, strings.NewReader(""), io.Discard, &log); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	for _, s := range []string{"-policy", "smitsi, crash, greedy, net, random", "-policies", "-seed", "-think-ms", "-nodeadline", "-v"} {
		if !strings.Contains(log.String(), s) {
			t.Errorf("help lacks %q:\n%s", s, log.String())
		}
	}
}

// TestListed: the default first, the unlisted left out, and a default
// that is not registered (its registration failed) is not listed.
func TestListed(t *testing.T) {
	tests := []struct {
		def      string
		names    []string
		unlisted []string
		want     []string
	}{
		{"smitsi", []string{"greedy", "net", "smitsi"}, nil, []string{"smitsi", "greedy", "net"}},
		{"search", []string{"greedy", "net", "random", "search"}, []string{"random"}, []string{"search", "greedy", "net"}},
		{"search", []string{"greedy", "net"}, nil, []string{"greedy", "net"}},
		{"net", []string{"net"}, []string{"net"}, nil},
	}
	for _, tt := range tests {
		var entries []registry.Entry[named]
		for _, n := range tt.names {
			entries = append(entries, registry.Entry[named]{Name: n, New: func(int64) named { return "" }})
		}
		g := Game[*toyObserver, string, string, named]{Default: tt.def, Policies: registry.New("policy", entries...), Unlisted: tt.unlisted}
		got := g.Listed()
		if strings.Join(got, ",") != strings.Join(tt.want, ",") || len(got) != len(tt.want) {
			t.Errorf("Listed(%q, %q, unlisted %q) = %q, want %q", tt.def, tt.names, tt.unlisted, got, tt.want)
		}
	}
}
