package policy

import (
	"slices"
	"sync"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/registry/pooltest"
	"cgpolicy/internal/search/searchtest"
)

// midGame plays greedy against greedy for turns turns from seed's start,
// giving benchmarks and tests a position with contact between the teams.
func midGame(tb testing.TB, seed int64, turns int) *soak.State {
	return enginetest.Play[*soak.State, *soak.View, soak.Action](tb, soak.Fast{}, seed, turns, NewGreedy(), NewGreedy())
}

func TestNetPlaysLegalActions(t *testing.T) {
	n, err := NewNet()
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []int64{1, 7, 42} {
		s := midGame(t, seed, 12)
		for me := 0; me < 2; me++ {
			acts := ActOn(n, s, me, nil)
			if len(acts) != s.Alive(me) {
				t.Fatalf("seed %d player %d: %d actions for %d agents", seed, me, len(acts), s.Alive(me))
			}
			for _, a := range acts {
				if !isLegal(s, a) {
					t.Errorf("seed %d player %d: illegal action %+v", seed, me, a)
				}
			}
		}
	}
}

// netScores ranks every own agent of both players in each position with
// n and returns all the scores in order.
func netScores(n *Net, positions []*soak.State) []float32 {
	var out []float32
	for _, s := range positions {
		for me := 0; me < 2; me++ {
			n.Reset(s.PlayerView(me))
			for _, a := range s.PlayerAgents(me) {
				if a.Alive && n.Rank(a.ID) > 0 {
					out = append(out, n.Scores()...)
				}
			}
		}
	}
	return out
}

// TestNetsConcurrent: two network policies scoring at once on two
// goroutines, as in-process arena players and self-play workers do, give
// exactly what one gives alone. Run with -race to check that they share no
// scratch buffers.
func TestNetsConcurrent(t *testing.T) {
	var positions []*soak.State
	for _, seed := range []int64{1, 4, 9} {
		positions = append(positions, midGame(t, seed, 8))
	}
	newNet := func() *Net {
		n, err := NewNet()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	want := netScores(newNet(), positions)
	if len(want) == 0 {
		t.Fatal("no scores to compare")
	}
	nets := [2]*Net{newNet(), newNet()}
	var got [2][]float32
	var wg sync.WaitGroup
	for g := range nets {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for rep := 0; rep < 3; rep++ {
				got[g] = netScores(nets[g], positions)
			}
		}(g)
	}
	wg.Wait()
	for g := range got {
		if len(got[g]) != len(want) {
			t.Fatalf("goroutine %d: %d scores, alone %d", g, len(got[g]), len(want))
		}
		for i := range want {
			if got[g][i] != want[i] {
				t.Fatalf("goroutine %d score %d: %v, alone %v", g, i, got[g][i], want[i])
			}
		}
	}
}

func isLegal(s *soak.State, a soak.Action) bool {
	return slices.Contains(s.LegalActions(a.Agent, nil), a)
}

func BenchmarkGreedyAct(b *testing.B) {
	s := midGame(b, 7, 12)
	g := NewGreedy()
	searchtest.Turns(b, func(i int, dst []soak.Action) []soak.Action { return ActOn(g, s, i&1, dst) })
}

func BenchmarkNetAct(b *testing.B) {
	s := midGame(b, 7, 12)
	n := searchtest.Must(b, NewNet)
	searchtest.Turns(b, func(i int, dst []soak.Action) []soak.Action { return ActOn(n, s, i&1, dst) })
}

func TestLearnedPoliciesRegistered(t *testing.T) {
	pooltest.Learned(t, Policies, []string{"net", "smitsi"}, func(name string, p Policy) {
		s := midGame(t, 2, 5)
		if acts := ActOn(p, s, 1, nil); len(acts) != s.Alive(1) {
			t.Fatalf("%s: %d actions for %d agents", name, len(acts), s.Alive(1))
		}
	})
}
