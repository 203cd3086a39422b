package bot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// named is a toy game for Command: its policy is the name and seed it was
// made from, its init block is empty, each turn is one line, "bad" is input
// it cannot read, and every answer is the policy.
type named struct {
	pol string
	cfg Config
}

func (p *named) ReadInit(*Input) error { return nil }

func (p *named) ReadTurn(first string, _ *Input) error {
	if first == "bad" {
		return errors.New("bad turn")
	}
	return nil
}

func (p *named) Reply(_ int, _ time.Time, dst []byte) ([]byte, error) {
	return append(dst, p.pol+"\n"...), nil
}

// toyCommand is a Command over named; made records the player it made, nil
// when none was. Registration of one policy failed, and the registry says
// why for an unknown name, as internal/registry's does.
func toyCommand(made **named) *Command[string] {
	return &Command[string]{
		Game:    "toy",
		Default: "smitsi",
		Names:   func() []string { return []string{"greedy", "net", "random", "smitsi"} },
		New: func(name string, seed int64) (string, error) {
			switch name {
			case "greedy", "net", "random", "smitsi":
				return fmt.Sprintf("%s/%d", name, seed), nil
			}
			return "", fmt.Errorf("unknown policy %q; registration failed: weights do not fit", name)
		},
		Unlisted: []string{"random"},
		Limits:   Config{First: time.Second, Turn: 50 * time.Millisecond, Margin: 12 * time.Millisecond},
		Player: func(pol string, cfg Config) Player {
			*made = &named{pol: pol, cfg: cfg}
			return *made
		},
	}
}

// TestCommand checks the command line every bot shares: the flags, what
// each sets in the run's Config, the policy listing and the exit codes.
func TestCommand(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name    string
		args    []string
		in      string
		wrap    bool // Input inserts a line "wrapped" first
		code    int
		out     string
		log     string // what the log must contain
		noGame  bool   // no player may be made
		first   time.Duration
		turn    time.Duration
		noDL    bool
		verbose bool
	}{
		{name: "defaults", in: "t\nt\n", out: "smitsi/1\nsmitsi/1\n", first: 1000 * ms, turn: 50 * ms},
		{name: "policy and seed", args: []string{"-policy", "net", "-seed", "9"}, in: "t\n", out: "net/9\n", first: 1000 * ms, turn: 50 * ms},
		{name: "unlisted still plays", args: []string{"-policy", "random"}, in: "t\n", out: "random/1\n", first: 1000 * ms, turn: 50 * ms},
		{name: "limits", args: []string{"-first-ms", "900", "-turn-ms", "40"}, in: "t\n", out: "smitsi/1\n", first: 900 * ms, turn: 40 * ms},
		{name: "nodeadline and v", args: []string{"-nodeadline", "-v"}, in: "t\n", out: "smitsi/1\n", log: "turn 0: policy", first: 1000 * ms, turn: 50 * ms, noDL: true, verbose: true},
		{name: "input wrapped", wrap: true, in: "t\n", out: "smitsi/1\nsmitsi/1\n", first: 1000 * ms, turn: 50 * ms},
		{name: "list", args: []string{"-policies"}, out: "smitsi\ngreedy\nnet\n", noGame: true},
		{name: "unknown policy", args: []string{"-policy", "nosuch"}, code: 2, log: `toy: unknown policy "nosuch"; registration failed: weights do not fit`, noGame: true},
		{name: "bad flag", args: []string{"-turn", "40"}, code: 2, log: "flag provided but not defined: -turn", noGame: true},
		{name: "bad number", args: []string{"-turn-ms", "forty"}, code: 2, log: "-turn-ms", noGame: true},
		{name: "help", args: []string{"-h"}, code: 0, log: "-first-ms", noGame: true},
		{name: "bad input", in: "t\nbad\n", code: 1, out: "smitsi/1\n", log: "toy: bad turn", first: 1000 * ms, turn: 50 * ms},
	}
	for _, tt := range tests {
		var made *named
		c := toyCommand(&made)
		if tt.wrap {
			c.Input = func(r io.Reader) io.Reader { return io.MultiReader(strings.NewReader("wrapped\n"), r) }
		}
		var out, log bytes.Buffer
		code := c.Run(tt.args, strings.NewReader(tt.in), &out, &log)
		if code != tt.code {
			t.Errorf("%s: exit code %d, want %d (log %q)", tt.name, code, tt.code, log.String())
		}
		if out.String() != tt.out {
			t.Errorf("%s: output %q, want %q", tt.name, out.String(), tt.out)
		}
		if !strings.Contains(log.String(), tt.log) {
			t.Errorf("%s: log %q lacks %q", tt.name, log.String(), tt.log)
		}
		if tt.noGame {
			if made != nil {
				t.Errorf("%s: a player was made", tt.name)
			}
			continue
		}
		if made == nil {
			t.Errorf("%s: no player made", tt.name)
			continue
		}
		want := Config{First: tt.first, Turn: tt.turn, Margin: 12 * ms, NoDeadline: tt.noDL, Verbose: tt.verbose, Warn: true, Log: &log}
		if made.cfg != want {
			t.Errorf("%s: config %+v, want %+v", tt.name, made.cfg, want)
		}
	}
}

// TestCommandHelp checks that -h documents every shared flag and lists
// all policies, the unlisted too.
func TestCommandHelp(t *testing.T) {
	var made *named
	var log bytes.Buffer
	if code := toyCommand(&made).Run([]string{"-h"}, strings.NewReader(""), io.Discard, &log); code != 0 {
		t.Fatalf("exit code %d", code)
	}
	for _, s := range []string{"-policy", "smitsi, greedy, net, random", "-policies", "-seed", "-first-ms", "-turn-ms", "-nodeadline", "-v"} {
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
		names := tt.names
		c := Command[string]{Default: tt.def, Names: func() []string { return names }, Unlisted: tt.unlisted}
		got := c.Listed()
		if strings.Join(got, ",") != strings.Join(tt.want, ",") || len(got) != len(tt.want) {
			t.Errorf("Listed(%q, %q, unlisted %q) = %q, want %q", tt.def, tt.names, tt.unlisted, got, tt.want)
		}
	}
}
