package grass

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// recorded is one random game: its start and both seats' actions of every
// turn.
type recorded struct {
	start *State
	turns [][2][]Action
}

// recordGames plays random games on seeds 1 to seeds, so a benchmark can
// replay them without paying for the choice of actions.
func recordGames(b *testing.B, seeds int) []recorded {
	b.Helper()
	var out []recorded
	rng := rand.New(rand.NewSource(1))
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s, err := New(seed)
		if err != nil {
			b.Fatal(err)
		}
		g := recorded{start: s.Copy()}
		for !s.Done() {
			var acts [2][]Action
			for p := 0; p < 2; p++ {
				acts[p] = RandomActions(s, p, rng, nil)
			}
			g.turns = append(g.turns, acts)
			if err := s.Step(acts[0], acts[1]); err != nil {
				b.Fatal(err)
			}
		}
		out = append(out, g)
	}
	return out
}

// BenchmarkGrassTurn resolves one turn on the typed path, replaying random
// games turn by turn. It measures as BenchmarkSoakTurn does, restoring a
// game's start with the timer stopped, so that the two compare like with
// like: on a loaded machine the testing timer reads a loop that stops now
// and then close to its CPU time, and one that never stops at several
// times it.
func BenchmarkGrassTurn(b *testing.B) {
	games := recordGames(b, 8)
	s := games[0].start.Copy()
	for _, g := range games { // warm-up: grow every buffer once
		s.CopyFrom(g.start)
		for _, t := range g.turns {
			_ = s.Step(t[0], t[1])
		}
	}
	s.CopyFrom(games[0].start)
	n := make([]int, len(games))
	for g := range games {
		n[g] = len(games[g].turns)
	}
	enginetest.Replay(b, s, n, func(s *State, g int) { s.CopyFrom(games[g].start) }, func(s *State, g, t int) {
		if err := s.Step(games[g].turns[t][0], games[g].turns[t][1]); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkGrassGame plays whole random games on the typed path, random
// action choice included.
func BenchmarkGrassGame(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var acts [2][]Action
	b.ReportAllocs()
	turns := 0
	for i := 0; i < b.N; i++ {
		s, err := New(int64(i%50 + 1))
		if err != nil {
			b.Fatal(err)
		}
		for !s.Done() {
			for p := 0; p < 2; p++ {
				acts[p] = RandomActions(s, p, rng, acts[p][:0])
			}
			if err := s.Step(acts[0], acts[1]); err != nil {
				b.Fatal(err)
			}
			turns++
		}
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
