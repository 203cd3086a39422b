package kutulu

import (
	"math/rand"
	"testing"
)

// TestSetViewKeepsTheView rebuilds games from each explorer's view at
// several turns: the rebuilt game must show every explorer the same view,
// and play on without error.
func TestSetViewKeepsTheView(t *testing.T) {
	tests := []struct {
		seed int64
		turn int
	}{{1, 0}, {2, 15}, {3, 40}, {4, 80}, {5, 120}, {6, 160}}
	for _, tt := range tests {
		rng := rand.New(rand.NewSource(tt.seed))
		s := New(tt.seed)
		for !s.Done() && s.TurnNumber() < tt.turn {
			var acts [Players]Action
			for p := range acts {
				if s.Active(p) {
					acts[p] = s.RandomAction(p, rng)
				}
			}
			_ = s.Step(&acts)
		}
		if s.Done() {
			continue
		}
		var r State
		for p := 0; p < Players; p++ {
			if !s.Active(p) {
				continue
			}
			v := s.View(p).(*View)
			if err := r.SetView(v, 7); err != nil {
				t.Fatalf("seed %d turn %d seat %d: %v", tt.seed, tt.turn, p, err)
			}
			for q := 0; q < Players; q++ {
				if s.Active(q) != r.Active(q) {
					t.Errorf("seed %d turn %d: seat %d active %v, rebuilt %v", tt.seed, tt.turn, q, s.Active(q), r.Active(q))
				}
			}
			if got, want := r.View(p).(*View).String(), v.String(); got != want {
				t.Errorf("seed %d turn %d seat %d: rebuilt view\n%s\nwant\n%s", tt.seed, tt.turn, p, got, want)
			}
			for k := 0; k < 5 && !r.Done(); k++ {
				var acts [Players]Action
				for q := range acts {
					if r.Active(q) {
						acts[q] = r.RandomAction(q, rng)
					}
				}
				_ = r.Step(&acts)
			}
		}
	}
}

func TestSetViewRejectsUnknownMaze(t *testing.T) {
	v := New(1).View(0).(*View)
	bad := *v
	bad.Rows = append([]string(nil), v.Rows...)
	bad.Rows[0] = "x" + bad.Rows[0][1:]
	if _, err := FromView(&bad, 1); err == nil {
		t.Fatal("a maze outside the pool was accepted")
	}
	if _, err := FromView(v, 1); err != nil {
		t.Fatal(err)
	}
}
