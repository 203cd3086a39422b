// Package searchtest checks a game's policy over the shared search
// (search.Policy, each game's smitsi) the way every game's tests check it:
// fixed iterations replay, a passed deadline plays none, a warm turn
// allocates nothing, two searches of the same position visit alike, and
// the benchmark of its iterations per second. Each game's tests call these
// with their own positions rather than keep a copy of the checks.
package searchtest

import (
	"reflect"
	"testing"
	"time"
)

// Searcher is a search as the checks see it: the iterations of its last
// turn, and the deadline of the next.
type Searcher interface {
	Iterations() int
	SetDeadline(time.Time)
}

// Turn is one turn of a search: its answer appended to dst.
type Turn[A any] func(dst []A) []A

// Must is f's result, or the end of the test with its error.
func Must[T any](tb testing.TB, f func() (T, error)) T {
	tb.Helper()
	v, err := f()
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// Again plays a turn twice, each time with a fresh search from play: the
// first must run iters iterations (no deadline stops it) and both must
// answer alike. It returns the answer.
func Again[A any](t *testing.T, what string, iters int, play func() (Searcher, []A)) []A {
	t.Helper()
	a, got := play()
	_, again := play()
	if a.Iterations() != iters {
		t.Errorf("%s: %d iterations, want %d", what, a.Iterations(), iters)
	}
	if !reflect.DeepEqual(got, again) {
		t.Errorf("%s: %v, then %v", what, got, again)
	}
	return got
}

// PastDeadline plays turn with sm's deadline passed: no iteration may
// run. It returns the answer, which the game checks.
func PastDeadline[A any](t *testing.T, sm Searcher, turn Turn[A]) []A {
	t.Helper()
	sm.SetDeadline(time.Now().Add(-time.Millisecond))
	got := turn(nil)
	if sm.Iterations() != 0 {
		t.Errorf("%d iterations past the deadline", sm.Iterations())
	}
	return got
}

// NoAllocs fails unless turn, once warm (one turn played), allocates
// nothing over runs turns.
func NoAllocs[A any](t *testing.T, runs int, turn Turn[A]) {
	t.Helper()
	dst := turn(nil)
	if n := testing.AllocsPerRun(runs, func() { dst = turn(dst[:0]) }); n != 0 {
		t.Errorf("%v allocations per turn", n)
	}
}

// Bench plays turn(i) b.N times, once warm, and reports sm's iterations
// per second ("iters/s").
func Bench[A any](b *testing.B, sm Searcher, turn func(i int, dst []A) []A) {
	iters, warm := 0, true
	Turns(b, func(i int, dst []A) []A {
		dst = turn(i, dst)
		if !warm {
			iters += sm.Iterations()
		}
		warm = false
		return dst
	})
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
}

// Turns times b.N turns of a policy, turn(i, dst) each, once warm (turn 0
// played before the timer starts): the benchmark of a policy's answer.
func Turns[A any](b *testing.B, turn func(i int, dst []A) []A) {
	dst := turn(0, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = turn(i, dst[:0])
	}
}

// Visitor is a search's root visits of its last run, decision by
// decision (search.Policy.Visits, search.Search.Visits).
type Visitor interface {
	Visits(d int, idx []int, visits []float32) (int, bool)
}

// SameVisits fails unless a and b report the same candidates and visits
// (k at most a decision) for every decision of their last runs.
func SameVisits(t *testing.T, what string, a, b Visitor, k int) {
	t.Helper()
	ia, ib := make([]int, k), make([]int, k)
	va, vb := make([]float32, k), make([]float32, k)
	for d := 0; ; d++ {
		n, ok := a.Visits(d, ia, va)
		m, ok2 := b.Visits(d, ib, vb)
		if ok != ok2 || !reflect.DeepEqual(ia[:n], ib[:m]) || !reflect.DeepEqual(va[:n], vb[:m]) {
			t.Errorf("%s decision %d: visits %v %v, then %v %v", what, d, ia[:n], va[:n], ib[:m], vb[:m])
		}
		if !ok {
			return
		}
	}
}

// Position is seed's game after Turns turns, as a game's tests play to it.
type Position struct {
	Seed  int64
	Turns int
}

// OneIteration checks every seat of every position: after one iteration
// each decision's most visited candidate is its highest prior, so the
// search's answer (one) must be the network's (net), candidates, order and
// all. A seat where both answer nil (one that does not play) passes.
func OneIteration[S, A any](t *testing.T, seats int, positions []Position, at func(Position) S, net, one func(s S, me int) []A) {
	t.Helper()
	for _, p := range positions {
		s := at(p)
		for me := 0; me < seats; me++ {
			want := net(s, me)
			if got := one(s, me); !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d turn %d player %d: %v, the network %v", p.Seed, p.Turns, me, got, want)
			}
		}
	}
}
