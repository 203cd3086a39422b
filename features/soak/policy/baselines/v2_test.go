package baselines

import (
	"testing"
	"time"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

func mustNet(t testing.TB) *policy.Net {
	t.Helper()
	n, err := policy.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// pair is the smitsi policy (the shared search) and the frozen search of
// v2, both over the committed weights, with a fixed iteration count.
func pair(t testing.TB, iters int) (*policy.Smitsi, *v2Smitsi) {
	a, b := policy.NewSmitsi(mustNet(t)), newV2Smitsi(mustNet(t))
	a.Iters, b.Iters = iters, iters
	return a, b
}

// states are positions of greedy against random games, every fifth turn.
func states(t testing.TB, seeds int) []*soak.State { return midgames(t, seeds, 5, 0) }

// midgames are positions of greedy against random games on seeds
// 1..seeds, at the turns that leave at when divided by every.
func midgames(t testing.TB, seeds, every, at int) []*soak.State {
	var out []*soak.State
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s, err := soak.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]policy.Policy{policy.NewGreedy(), policy.NewRandom(seed)}
		var acts [2][]soak.Action
		for !s.Done() {
			if s.Turn()%every == at {
				out = append(out, s.Copy())
			}
			for p := 0; p < 2; p++ {
				acts[p] = policy.ActOn(pols[p], s, p, acts[p][:0])
			}
			s.Step(&acts)
		}
	}
	return out
}

// TestSmitsiIsV2: with the same weights and iterations, smitsi on the
// shared search chooses exactly what the frozen search chooses, with the
// same root visits for every agent: the move to internal/search lost
// nothing.
func TestSmitsiIsV2(t *testing.T) {
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	idx, vis := make([]int, 16), make([]float32, 16)
	idx2, vis2 := make([]int, 16), make([]float32, 16)
	for _, iters := range []int{1, 60, 400} {
		a, b := pair(t, iters)
		for i, s := range states(t, seeds) {
			for me := 0; me < 2; me++ {
				got, want := policy.ActOn(a, s, me, nil), policy.ActOn(b, s, me, nil)
				if len(got) != len(want) {
					t.Fatalf("%d iterations, state %d, player %d: %d actions, frozen %d", iters, i, me, len(got), len(want))
				}
				for j := range got {
					if got[j] != want[j] {
						t.Errorf("%d iterations, state %d, player %d: %+v, frozen %+v", iters, i, me, got[j], want[j])
					}
				}
				for d := 0; d <= len(got); d++ {
					n, ok := a.Visits(d, idx, vis)
					n2, ok2 := b.RootVisits(d, idx2, vis2)
					if n != n2 || ok != ok2 || !equal(idx[:n], idx2[:n2]) || !equalf(vis[:n], vis2[:n2]) {
						t.Fatalf("%d iterations, state %d, player %d, agent %d: visits %v at %v (%v), frozen %v at %v (%v)",
							iters, i, me, d, vis[:n], idx[:n], ok, vis2[:n2], idx2[:n2], ok2)
					}
				}
			}
		}
	}
}

func equal(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func equalf(a, b []float32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// BenchmarkSmitsiVsV2 is a search of 1000 iterations in mid-game
// positions by smitsi on the shared search and one by the frozen v2
// search, alternating, so that a loaded machine slows both alike; it
// reports each one's iterations per second.
func BenchmarkSmitsiVsV2(b *testing.B) {
	views := midgameViews(b)
	a, o := pair(b, 1000)
	pols := [2]interface {
		policy.Policy
		Iterations() int
	}{a, o}
	var took [2]time.Duration
	var iters [2]int
	var dst []soak.Action
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, p := range pols {
			start := time.Now()
			dst = p.Act(views[i%len(views)], dst[:0])
			took[k] += time.Since(start)
			iters[k] += p.Iterations()
		}
	}
	b.ReportMetric(float64(iters[0])/took[0].Seconds(), "shared-iters/s")
	b.ReportMetric(float64(iters[1])/took[1].Seconds(), "v2-iters/s")
}
