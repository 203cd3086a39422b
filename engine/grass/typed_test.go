package grass

import (
	"reflect"
	"testing"

	"cgpolicy/engine/enginetest"
)

// TestTypedMatchesText plays the same random actions through Step and
// through the text protocol and compares the states after every turn.
func TestTypedMatchesText(t *testing.T) {
	for seed := int64(1); seed <= 10; seed++ {
		typed, text, rng := enginetest.Twins[*State, *View, Action](t, Fast{}, seed)
		var acts [2][]Action
		for !typed.Done() {
			for p := 0; p < 2; p++ {
				acts[p] = RandomActions(typed, p, rng, acts[p][:0])
				if err := text.Answer(p, []string{Format(acts[p])}); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
			if err := typed.Step(acts[0], acts[1]); err != nil {
				t.Fatal(err)
			}
			if err := text.Advance(); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(typed.cells, text.cells) || typed.matter != text.matter ||
				typed.turn != text.turn || typed.stable != text.stable || typed.done != text.done {
				t.Fatalf("seed %d turn %d: typed and text paths differ", seed, typed.turn)
			}
		}
		if err := typed.Step(nil, nil); err != ErrGameOver {
			t.Errorf("Step after the end: %v", err)
		}
	}
}

func TestCopyIsDeep(t *testing.T) {
	s, err := New(3)
	if err != nil {
		t.Fatal(err)
	}
	s.PathStep(0, 0, 1, 1) // give s a scratch a copy must not share
	before := append([]Cell(nil), s.cells...)
	var reused State
	for _, c := range []*State{s.Copy(), &reused} {
		if c == &reused {
			c.CopyFrom(s)
		}
		if !reflect.DeepEqual(c.cells, before) || c.matter != s.matter {
			t.Fatal("the copy differs from its source")
		}
		if c.sc != nil && c.sc == s.sc {
			t.Fatal("the copy shares scratch buffers")
		}
		if err := c.Step([]Action{SpawnAction(1, 0, 0)}, nil); err != nil {
			t.Fatal(err)
		}
		for i := range c.cells {
			c.cells[i].Scrap = 3
		}
		if !reflect.DeepEqual(s.cells, before) || s.turn != 0 {
			t.Fatal("changing a copy changed the original")
		}
	}
}

// TestAnswerActionsMatchesText answers through AnswerActions on one state
// and through text on another: the games must stay identical.
func TestAnswerActionsMatchesText(t *testing.T) {
	for seed := int64(1); seed <= 10; seed++ {
		typed, text, rng := enginetest.Twins[*State, *View, Action](t, Fast{}, seed)
		var acts []Action
		for !typed.Done() {
			for _, p := range typed.Pending() {
				typed.InputLines(p)
				text.InputLines(p)
				acts = RandomActions(typed, p, rng, acts[:0])
				if err := typed.AnswerActions(p, acts); err != nil {
					t.Fatal(err)
				}
				if err := text.Answer(p, []string{Format(acts)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := typed.Advance(); err != nil {
				t.Fatal(err)
			}
			if err := text.Advance(); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(typed.cells, text.cells) || typed.matter != text.matter || typed.done != text.done {
				t.Fatalf("seed %d turn %d: typed and text answers differ", seed, typed.turn)
			}
		}
	}
}

func TestAnswerActionsRejectsHugeNumbers(t *testing.T) {
	s, err := New(3)
	if err != nil {
		t.Fatal(err)
	}
	s.Pending()
	if err := s.AnswerActions(0, []Action{MoveAction(1<<40, 0, 0, 1, 1)}); err == nil {
		t.Fatal("a count beyond a Java int was accepted")
	}
	if s.Active(0) {
		t.Fatal("player 0 still active")
	}
}
