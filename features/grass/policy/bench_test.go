package policy

import (
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/grass"
	"cgpolicy/internal/search/searchtest"
)

// midGame plays greedy against greedy for turns turns from seed's start,
// giving benchmarks and tests a position with a front.
func midGame(tb testing.TB, seed int64, turns int) *grass.State {
	return enginetest.Play[*grass.State, *grass.View, grass.Action](tb, grass.Fast{}, seed, turns, NewGreedy(), NewGreedy())
}

// midView is seat 0's view of midGame(seed, turns).
func midView(tb testing.TB, seed int64, turns int) *grass.View {
	v := new(grass.View)
	midGame(tb, seed, turns).ViewInto(0, v)
	return v
}

// TestNoAllocs: once warmed up, the network answers a turn without
// allocating, so a long game puts no pressure on the collector. (Smitsi's
// check is TestSmitsiNoAllocs; the old search's is in package baselines.)
func TestNoAllocs(t *testing.T) {
	v := midView(t, 20, 15)
	net := searchtest.Must(t, NewNet)
	searchtest.NoAllocs(t, 5, func(dst []grass.Action) []grass.Action { return net.Act(v, dst) })
}

func BenchmarkNetAct(b *testing.B) {
	v := midView(b, 20, 15)
	n := searchtest.Must(b, NewNet)
	searchtest.Turns(b, func(_ int, dst []grass.Action) []grass.Action { return n.Act(v, dst) })
}
