package caribbean

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// threeShips returns the first game from seed 1 up with 3 ships a side.
func threeShips(tb testing.TB) *State {
	tb.Helper()
	for seed := int64(1); seed < 1000; seed++ {
		if s := New(seed); s.per == 3 {
			return s
		}
	}
	tb.Fatal("no seed with 3 ships a side")
	return nil
}

// recorded is one random game: its start and every turn's orders.
type recorded = enginetest.Recorded[*State, [2][]Action]

// recordGames plays games random games from start, the orders of game g
// drawn from a source seeded g+1, so that a benchmark can replay them
// without paying for the choice.
func recordGames(start *State, games int) []recorded {
	return enginetest.Record(games, 1, func(int64) *State { return start.Copy() }, (*State).Copy, func(s *State, rng *rand.Rand, turns [][2][]Action) [][2][]Action {
		var acts [2][]Action
		for p := 0; p < 2; p++ {
			acts[p] = s.RandomActions(p, rng, nil)
			if err := s.AnswerActions(p, acts[p]); err != nil {
				panic(err)
			}
		}
		if err := s.Advance(); err != nil {
			panic(err)
		}
		return append(turns, acts)
	})
}

// BenchmarkCaribbeanTurn is one turn of the typed path (both players'
// orders and the update) with random orders for 3 ships a side, replayed
// from recorded games so that choosing them is not measured, and each
// game's start restored with the timer stopped (enginetest.Replay).
func BenchmarkCaribbeanTurn(b *testing.B) {
	games := recordGames(threeShips(b), 20)
	var s State
	games[0].Start.CopyTo(&s)
	enginetest.Replay(b, &s, enginetest.Lengths(games), func(s *State, g int) { games[g].Start.CopyTo(s) }, func(s *State, g, t int) {
		turn := &games[g].Turns[t]
		_ = s.AnswerActions(0, turn[0])
		_ = s.AnswerActions(1, turn[1])
		_ = s.Advance()
	})
}

// BenchmarkCaribbeanGame is one whole game on the typed path, random
// orders for 3 ships a side chosen as it goes.
func BenchmarkCaribbeanGame(b *testing.B) {
	start := threeShips(b)
	var s State
	start.CopyTo(&s)
	rng := rand.New(rand.NewSource(1))
	var buf [2][]Action
	for p := range buf {
		buf[p] = make([]Action, 0, MaxShips)
	}
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start.CopyTo(&s)
		for !s.Done() {
			for p := 0; p < 2; p++ {
				buf[p] = s.RandomActions(p, rng, buf[p])
				_ = s.AnswerActions(p, buf[p])
			}
			_ = s.Advance()
			turns++
		}
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
