package policy

import (
	"reflect"
	"testing"
	"time"

	"cgpolicy/engine/grass"
)

// TestRegistry: every name makes a policy that plays, and the learned ones
// are there when the committed weights fit the features.
func TestRegistry(t *testing.T) {
	if learnedErr != nil {
		t.Fatal(learnedErr)
	}
	names := map[string]bool{}
	for _, n := range Names() {
		names[n] = true
		p, err := New(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := grass.New(2)
		if err != nil {
			t.Fatal(err)
		}
		if acts := ActOn(p, s, 0, nil); len(acts) == 0 {
			t.Errorf("%s: no orders on the first turn", n)
		}
	}
	for _, n := range []string{"random", "greedy", "net", "search", "smitsi"} {
		if !names[n] {
			t.Errorf("%q not registered (have %v)", n, Names())
		}
	}
	if _, err := New("nope", 1); err == nil {
		t.Error("unknown name accepted")
	}
	if err := Register("greedy", func(int64) Policy { return NewGreedy() }); err == nil {
		t.Error("a name registered twice")
	}
}

// TestSearchDeterministic: without a deadline the same game replays the
// same answers, and the search's shortcut (the decisions before a forced
// one replayed, not scored) changes none of them.
func TestSearchDeterministic(t *testing.T) {
	play := func(noReplay bool) []string {
		s, err := grass.New(6)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := GeneratedScorer()
		if err != nil {
			t.Fatal(err)
		}
		sr := NewSearch(NewNetWith(sc))
		sr.noReplay = noReplay
		g := NewGreedy()
		var lines []string
		for turn := 0; turn < 30 && !s.Done(); turn++ {
			a := ActOn(sr, s, 0, nil)
			b := ActOn(g, s, 1, nil)
			lines = append(lines, grass.Format(a))
			if err := s.Step(a, b); err != nil {
				t.Fatal(err)
			}
		}
		return lines
	}
	a := play(false)
	if b := play(false); !reflect.DeepEqual(a, b) {
		t.Fatal("two plays of the same game differ")
	}
	if b := play(true); !reflect.DeepEqual(a, b) {
		t.Fatal("replaying the unchanged decisions changes the answers")
	}
}

// TestSearchDeadline: a deadline already passed leaves the network's own
// answer, found without judging anything; a far one leaves the cap.
func TestSearchDeadline(t *testing.T) {
	s, err := grass.New(8)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		deadline time.Time
		check    func(evals int) bool
	}{
		{"passed", time.Now().Add(-time.Second), func(e int) bool { return e == 0 }},
		{"far", time.Now().Add(time.Hour), func(e int) bool { return e > 0 && e <= searchEvals }},
		{"none", time.Time{}, func(e int) bool { return e > 0 && e <= searchEvals }},
	}
	for _, tc := range tests {
		sr := NewSearch(NewNetWith(hintScorer{}))
		sr.SetDeadline(tc.deadline)
		got := ActOn(sr, s, 0, nil)
		if !tc.check(sr.Evals()) {
			t.Errorf("%s: %d evaluations", tc.name, sr.Evals())
		}
		if tc.name == "passed" {
			want := ActOn(NewNetWith(hintScorer{}), s, 0, nil)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("passed: %v, the network says %v", got, want)
			}
		}
	}
}
