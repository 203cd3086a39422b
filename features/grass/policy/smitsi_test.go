package policy

import (
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"cgpolicy/engine/grass"
)

func newSmitsi(tb testing.TB, iters int) *Smitsi {
	tb.Helper()
	n, err := NewNet()
	if err != nil {
		tb.Fatal(err)
	}
	s := NewSmitsi(n)
	s.Iters = iters
	return s
}

// TestSmitsiOneIteration: after one iteration every decision's most
// visited candidate is its highest prior, so the search answers as the
// network does: the decisions come in the Net's order, each encoded after
// the earlier ones at the network's choice, markers left out.
func TestSmitsiOneIteration(t *testing.T) {
	for _, c := range []struct {
		seed  int64
		turns int
	}{{3, 0}, {20, 15}, {7, 30}} {
		s := midGame(t, c.seed, c.turns)
		for me := 0; me < 2; me++ {
			n, err := NewNet()
			if err != nil {
				t.Fatal(err)
			}
			want := ActOn(n, s, me, nil)
			if got := ActOn(newSmitsi(t, 1), s, me, nil); !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d turn %d player %d: %v, the network %v", c.seed, c.turns, me, got, want)
			}
		}
	}
}

// TestSmitsiDeterministic: without a deadline the search runs Iters
// iterations and answers the same twice, with some other answer than the
// network's somewhere (the search changes something).
func TestSmitsiDeterministic(t *testing.T) {
	changed := false
	for _, seed := range []int64{20, 5} {
		s := midGame(t, seed, 15)
		a, b := newSmitsi(t, 60), newSmitsi(t, 60)
		got, again := ActOn(a, s, 0, nil), ActOn(b, s, 0, nil)
		if a.Iterations() != 60 {
			t.Errorf("seed %d: %d iterations, want 60", seed, a.Iterations())
		}
		if !reflect.DeepEqual(got, again) {
			t.Errorf("seed %d: %v, then %v", seed, got, again)
		}
		if !reflect.DeepEqual(got, ActOn(newSmitsi(t, 1), s, 0, nil)) {
			changed = true
		}
	}
	if !changed {
		t.Error("60 iterations never changed the network's answer")
	}
}

// TestSmitsiPastDeadline: out of time, the search plays no iteration and
// answers nothing it did not search.
func TestSmitsiPastDeadline(t *testing.T) {
	s := midGame(t, 20, 15)
	sm := newSmitsi(t, 100)
	sm.SetDeadline(time.Now().Add(-time.Millisecond))
	ActOn(sm, s, 0, nil)
	if sm.Iterations() != 0 {
		t.Errorf("%d iterations past the deadline", sm.Iterations())
	}
}

// TestSmitsiNoAllocs: once warm, a turn's search allocates nothing.
func TestSmitsiNoAllocs(t *testing.T) {
	s := midGame(t, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	sm := newSmitsi(t, 30)
	dst := sm.Act(&v, nil)
	if n := testing.AllocsPerRun(5, func() { dst = sm.Act(&v, dst[:0]) }); n != 0 {
		t.Errorf("%v allocations per turn", n)
	}
}

// BenchmarkSearch is one smitsi search of 100 iterations in a mid-game
// position; it reports the shared search's iterations per second on Keep
// Off The Grass.
func BenchmarkSearch(b *testing.B) {
	s := midGame(b, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	sm := newSmitsi(b, 100)
	var dst []grass.Action
	iters := 0
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		dst = sm.Act(&v, dst[:0])
		iters += sm.Iterations()
	}
	b.ReportMetric(float64(iters)/time.Since(start).Seconds(), "iters/s")
}

// TestSmitsiMatch plays smitsi with a fixed iteration count against
// greedy and the network-guided search, every seed from both seats, and
// logs its per-seed score; against greedy it must not lose the match.
// GRASS_SEEDS and GRASS_ITERS scale it up.
func TestSmitsiMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	seeds, iters := envInt("GRASS_SEEDS", 2), envInt("GRASS_ITERS", 60)
	for _, opp := range []string{"greedy", "search"} {
		total := 0.0
		for seed := int64(1); seed <= int64(seeds); seed++ {
			for seat := 0; seat < 2; seat++ {
				var pols [2]Policy
				var err error
				pols[seat] = newSmitsi(t, iters)
				if pols[1-seat], err = New(opp, seed); err != nil {
					t.Fatal(err)
				}
				switch s := playGame(t, seed, pols[0], pols[1]); s.Winner() {
				case seat:
					total++
				case -1:
					total += 0.5
				}
			}
		}
		score := total / float64(2*seeds)
		t.Logf("against %s: per-seed score %.3f over %d seeds, %d iterations", opp, score, seeds, iters)
		if opp == "greedy" && score < 0.5 {
			t.Errorf("against greedy: per-seed score %.3f, want at least 0.5", score)
		}
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
