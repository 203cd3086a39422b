package policy

import (
	"testing"

	"cgpolicy/engine/soak"
)

// playText plays one game on the referee's text path, each policy seeing
// only what its bot would read (FromInput), and fails the test if the
// referee rejects any answer. It returns the final scores.
func playText(t testing.TB, seed int64, pols [2]Policy) []int {
	t.Helper()
	s, err := soak.New(seed)
	if err != nil {
		t.Fatal(err)
	}
	var init [2][]string
	for p := 0; p < 2; p++ {
		init[p] = s.InitLines(p)
	}
	var acts, done []soak.Action
	for steps := 0; !s.Done(); steps++ {
		if steps > (soak.Game{}).MaxSteps() {
			t.Fatalf("seed %d: game does not end", seed)
		}
		for _, p := range s.Pending() {
			view, me, err := soak.FromInput(init[p], s.InputLines(p))
			if err != nil {
				t.Fatalf("seed %d: FromInput: %v", seed, err)
			}
			if me != p {
				t.Fatalf("seed %d: FromInput says player %d, want %d", seed, me, p)
			}
			acts = ActOn(pols[p], view, me, acts[:0])
			done = Complete(view, me, acts, done[:0])
			lines := make([]string, len(done))
			for i, a := range done {
				lines[i] = soak.FormatAction(a)
			}
			if err := s.Answer(p, lines); err != nil {
				t.Fatalf("seed %d turn %d: player %d answer %q rejected: %v", seed, s.Turn(), p, lines, err)
			}
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	return s.Scores()
}
