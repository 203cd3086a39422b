package caribbean

import (
	"math/rand"
	"testing"
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

// recordedGame is one random game: its start and every turn's orders.
type recordedGame struct {
	start *State
	turns [][2][]Action
}

func recordGames(start *State, games int) []recordedGame {
	out := make([]recordedGame, games)
	for g := range out {
		rng := rand.New(rand.NewSource(int64(g + 1)))
		s := start.Copy()
		out[g].start = start
		for !s.Done() {
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
			out[g].turns = append(out[g].turns, acts)
		}
	}
	return out
}

// BenchmarkCaribbeanTurn is one turn of the typed path (both players'
// orders and the update) with random orders for 3 ships a side, replayed
// from recorded games so that choosing them is not measured.
func BenchmarkCaribbeanTurn(b *testing.B) {
	games := recordGames(threeShips(b), 20)
	var s State
	games[0].start.CopyTo(&s)
	g, t := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		turn := &games[g].turns[t]
		_ = s.AnswerActions(0, turn[0])
		_ = s.AnswerActions(1, turn[1])
		_ = s.Advance()
		t++
		if t == len(games[g].turns) {
			g, t = (g+1)%len(games), 0
			games[g].start.CopyTo(&s)
		}
	}
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
