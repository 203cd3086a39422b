package frozen

import (
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
)

// lineState is a one-player referee that asks for two lines each step.
type lineState struct {
	engine.State
	step int
}

func (s *lineState) InitLines(int) []string  { return []string{"init"} }
func (s *lineState) InputLines(int) []string { return []string{"step " + string(rune('0'+s.step))} }
func (s *lineState) ExpectedLines(int) int   { return 2 }

// TestAgent: the agent sends the init lines once, then each step's input,
// and reads back the lines expected; a process that exits is an error
// with what it wrote on stderr.
func TestAgent(t *testing.T) {
	script := `read init; echo "$init" >&2; while read l; do echo "a $l"; echo "b $l"; done`
	a, err := start(Bot{Game: "g", Name: "echo", Commit: "c"}, "sh", "-c", script)
	if err != nil {
		t.Fatal(err)
	}
	s := &lineState{}
	for step := 0; step < 2; step++ {
		s.step = step
		got, err := a.Act(s, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"a step " + string(rune('0'+step)), "b step " + string(rune('0'+step))}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("step %d: %q, want %q", step, got, want)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}

	dead, err := start(Bot{Game: "g", Name: "dead", Commit: "c"}, "sh", "-c", "read l; echo broken >&2; exit 3")
	if err != nil {
		t.Fatal(err)
	}
	defer dead.Close()
	if _, err := dead.Act(&lineState{}, 0); err == nil || !strings.Contains(err.Error(), "exited") || !strings.Contains(err.Error(), "broken") {
		t.Fatalf("Act on an exited bot: %v, want exited with its stderr", err)
	}
}
