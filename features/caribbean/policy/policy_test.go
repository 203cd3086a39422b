package policy

import (
	"testing"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/internal/registry/pooltest"
)

// playGame plays one game of a against b on the typed path and checks on
// every turn that each policy gives exactly one order per ship afloat and
// that the referee accepts them; it returns the final scores.
func playGame(t *testing.T, seed int64, a, b Policy) []int {
	t.Helper()
	s := cb.New(seed)
	pols := [2]Policy{a, b}
	var acts [2][]cb.Action
	for !s.Done() {
		for p := 0; p < 2; p++ {
			acts[p] = ActOn(pols[p], s, p, acts[p][:0])
			if len(acts[p]) != s.Alive(p) {
				t.Fatalf("seed %d turn %d: player %d gave %d orders for %d ships", seed, s.Turn(), p, len(acts[p]), s.Alive(p))
			}
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			t.Fatalf("seed %d turn %d: %v", seed, s.Turn(), err)
		}
	}
	return s.Scores()
}

func TestPoliciesPlayLegalGames(t *testing.T) {
	tests := []struct {
		name string
		a, b string
	}{
		{"random vs random", "random", "random"},
		{"greedy vs random", "greedy", "random"},
		{"greedy vs greedy", "greedy", "greedy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				a := pooltest.Make(t, Policies, tt.a, seed)
				b := pooltest.Make(t, Policies, tt.b, seed+100)
				playGame(t, seed, a, b)
			}
		})
	}
}

// TestRandomSeeded checks that the random policy's choices flow from its
// seed alone.
func TestRandomSeeded(t *testing.T) {
	s := cb.New(3)
	for _, seed := range []int64{1, 2, 99} {
		a := ActOn(NewRandom(seed), s, 0, nil)
		b := ActOn(NewRandom(seed), s, 0, nil)
		if len(a) != s.Alive(0) {
			t.Fatalf("seed %d: %d orders for %d ships", seed, len(a), s.Alive(0))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("seed %d: order %d differs: %v vs %v", seed, i, a[i], b[i])
			}
		}
	}
}

func TestRegistry(t *testing.T) {
	for _, name := range Policies.Names() {
		if _, err := Policies.Make(name, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Policies.Make("nope", 1); err == nil {
		t.Error("unknown name accepted")
	}
	if err := Policies.Register("greedy", func(int64) Policy { return NewGreedy() }); err == nil {
		t.Error("greedy registered twice")
	}
	if err := Policies.Register("", nil); err == nil {
		t.Error("empty registration accepted")
	}
}
