package policy

import (
	"testing"

	"cgpolicy/engine/grass"
)

// midGame plays greedy against greedy for turns turns from seed's start,
// giving benchmarks and tests a position with a front.
func midGame(tb testing.TB, seed int64, turns int) *grass.State {
	tb.Helper()
	s, err := grass.New(seed)
	if err != nil {
		tb.Fatal(err)
	}
	g := [2]*Greedy{NewGreedy(), NewGreedy()}
	var acts [2][]grass.Action
	for t := 0; t < turns && !s.Done(); t++ {
		for p := 0; p < 2; p++ {
			acts[p] = ActOn(g[p], s, p, acts[p][:0])
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// TestNoAllocs: once warmed up, the network answers a turn without
// allocating, so a long game puts no pressure on the collector. (Smitsi's
// check is TestSmitsiNoAllocs; the old search's is in package baselines.)
func TestNoAllocs(t *testing.T) {
	s := midGame(t, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	net, err := NewNet()
	if err != nil {
		t.Fatal(err)
	}
	var dst []grass.Action
	dst = net.Act(&v, dst[:0])
	if n := testing.AllocsPerRun(5, func() { dst = net.Act(&v, dst[:0]) }); n != 0 {
		t.Errorf("net: %v allocations per turn", n)
	}
}

func BenchmarkNetAct(b *testing.B) {
	s := midGame(b, 20, 15)
	var v grass.View
	s.ViewInto(0, &v)
	n, err := NewNet()
	if err != nil {
		b.Fatal(err)
	}
	var dst []grass.Action
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst = n.Act(&v, dst[:0])
	}
}
