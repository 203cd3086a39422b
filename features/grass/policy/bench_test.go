package policy

import (
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/grass"
)

// midGame plays greedy against greedy for turns turns from seed's start,
// giving benchmarks and tests a position with a front.
func midGame(tb testing.TB, seed int64, turns int) *grass.State {
	return enginetest.Play[*grass.State, *grass.View, grass.Action](tb, grass.Fast{}, seed, turns, NewGreedy(), NewGreedy())
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
