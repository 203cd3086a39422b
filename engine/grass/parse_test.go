package grass

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		line  string
		want  []Action
		fatal bool
	}{
		{line: "WAIT", want: []Action{{Kind: Wait}}},
		{line: "MOVE 1 2 3 4 5", want: []Action{MoveAction(1, 2, 3, 4, 5)}},
		{line: "WARP 1 2 3 4 5", want: []Action{MoveAction(1, 2, 3, 4, 5)}},
		{line: "MOVE 1 2 3 -4 -2147483648", want: []Action{MoveAction(1, 2, 3, -4, -2147483648)}},
		{line: "  SPAWN 3 -1 7 \t; BUILD 007 08 ;", want: []Action{SpawnAction(3, -1, 7), BuildAction(7, 8)}},
		{line: "MESSAGE  hi; there", fatal: true, want: []Action{{Kind: Message, Text: " hi"}}},
		{line: "MESSAGE a b;WAIT;;", want: []Action{{Kind: Message, Text: "a b"}, {Kind: Wait}}},
		{line: ";", want: nil},
		{line: ";;;", want: nil},
		{line: "", fatal: true},
		{line: "   ", fatal: true},
		{line: ";WAIT", fatal: true},
		{line: "WAIT;;WAIT", fatal: true, want: []Action{{Kind: Wait}}},
		{line: "MESSAGE", fatal: true},
		{line: "MESSAGE ", fatal: true},
		{line: "WAITING", fatal: true},
		{line: "wait", fatal: true},
		{line: "move 1 2 3 4 5", fatal: true},
		{line: "MOVE 1  2 3 4 5", fatal: true},
		{line: "MOVE 1 2 3 4", fatal: true},
		{line: "MOVE 1 2 3 4 5 6", fatal: true},
		{line: "MOVE -1 2 3 4 5", fatal: true},
		{line: "MOVE 1 -2 3 4 5", fatal: true},
		{line: "MOVE 1 2 3 4 +5", fatal: true},
		{line: "MOVE 1 2 3 4 -", fatal: true},
		{line: "MOVE 2147483647 0 0 0 1", want: []Action{MoveAction(2147483647, 0, 0, 0, 1)}},
		{line: "MOVE 2147483648 0 0 0 1", fatal: true},
		{line: "BUILD 1 1;SPAWN 99999999999 1 1", fatal: true, want: []Action{BuildAction(1, 1)}},
		{line: "BUILD 1 2;BUILD 3 4;JUMP 1", fatal: true, want: []Action{BuildAction(1, 2), BuildAction(3, 4)}},
		{line: "BUILD 1 2 3", fatal: true},
		{line: "SPAWN 1 2", fatal: true},
		{line: "MESSAGE a\u2028b", fatal: true},
	}
	for _, c := range cases {
		got, err := Parse(c.line)
		if (err != nil) != c.fatal {
			t.Errorf("%q: error %v, want fatal %v", c.line, err, c.fatal)
		}
		var ie *InputError
		if err != nil && !errors.As(err, &ie) {
			t.Errorf("%q: error %T is not an *InputError", c.line, err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: got %+v, want %+v", c.line, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q: action %d is %+v, want %+v", c.line, i, got[i], c.want[i])
			}
		}
	}
}

func TestFormat(t *testing.T) {
	cases := []struct {
		acts []Action
		want string
	}{
		{nil, "WAIT"},
		{[]Action{MoveAction(2, 0, 1, -3, 4), SpawnAction(1, 5, 6)}, "MOVE 2 0 1 -3 4;SPAWN 1 5 6"},
		{[]Action{BuildAction(7, 8), {Kind: Message, Text: "gl hf"}, {Kind: Wait}}, "BUILD 7 8;MESSAGE gl hf;WAIT"},
	}
	for _, c := range cases {
		if got := Format(c.acts); got != c.want {
			t.Errorf("Format(%+v) = %q, want %q", c.acts, got, c.want)
		}
	}
}

// FuzzParseLine checks that any line parses without panic and that what
// parses formats back to a line that parses to the same actions.
func FuzzParseLine(f *testing.F) {
	for _, s := range []string{"WAIT", "MOVE 1 2 3 4 5;SPAWN 1 2 3", " BUILD 1 2 ;", "MESSAGE x;WARP 0 0 0 -1 -1", ";"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		acts, err := Parse(line)
		if err != nil || len(acts) == 0 {
			return
		}
		back, err := Parse(Format(acts))
		if err != nil {
			t.Fatalf("%q formats to %q, which fails: %v", line, Format(acts), err)
		}
		if len(back) != len(acts) {
			t.Fatalf("%q: %d actions, %d after a round trip", line, len(acts), len(back))
		}
		for i := range acts {
			if back[i] != acts[i] {
				t.Fatalf("%q: action %d %+v became %+v", line, i, acts[i], back[i])
			}
		}
	})
}
