package ocean

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/ocean"
)

// trackerTurns records seat 0's views of a random game and what it
// played before each, for replaying through a tracker.
func trackerTurns(seed int64) (*Map, []ocean.View, [][]ocean.Action) {
	s := ocean.New(seed)
	m := new(Map)
	m.Init(&s.View(0).(*ocean.View).Island)
	rng := rand.New(rand.NewSource(seed))
	var views []ocean.View
	var mine [][]ocean.Action
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			if v := s.View(p).(*ocean.View); p == 0 && v.Request > 0 {
				views = append(views, *v)
				var orders [8]string
				mine = append(mine, ParseOrders(SplitOrders(s.Orders(0), orders[:0]), nil))
			}
			acts = s.RandomActions(p, rng, acts[:0])
			_ = s.AnswerActions(p, acts)
		}
		if err := s.Advance(); err != nil {
			panic(err)
		}
	}
	return m, views, mine
}

// BenchmarkTrackerGame replays one random game's turns through a tracker:
// the cost of following the opponent (and its mines) for a whole game.
func BenchmarkTrackerGame(b *testing.B) {
	m, views, mine := trackerTurns(7)
	tr := NewTracker(m, MaxPaths)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tr.Reset()
		for j := range views {
			tr.Update(&views[j], mine[j])
		}
	}
}

// BenchmarkTrackerCopy copies a tracker early in a game, while its belief
// is wide, as searches do.
func BenchmarkTrackerCopy(b *testing.B) {
	m, views, mine := trackerTurns(7)
	tr := NewTracker(m, MaxPaths)
	for j := 0; j < 3 && j < len(views); j++ {
		tr.Update(&views[j], mine[j])
	}
	var dst Tracker
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst.CopyFrom(tr)
	}
}
