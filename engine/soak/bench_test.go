package soak

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// bigSeed finds a seed with the largest map (20x10) and 5 agents a side.
func bigSeed(tb testing.TB) *State {
	tb.Helper()
	for seed := int64(1); seed < 10000; seed++ {
		s, err := New(seed)
		if err != nil {
			tb.Fatal(err)
		}
		if s.Width() == MaxWidth && s.per == 5 {
			return s
		}
	}
	tb.Fatal("no 20x10 map with 10 agents")
	return nil
}

// recorded is one random game: its start and the orders of every turn.
type recorded = enginetest.Recorded[*State, [2][]Action]

// recordGames plays random games from start, choosing orders with chooser
// (game g's from a source seeded g+1), so a benchmark can replay them
// without paying for the choice.
func recordGames(start *State, games int, chooser func(s *State, p int, rng *rand.Rand, dst, buf []Action) ([]Action, []Action)) []recorded {
	var buf []Action
	return enginetest.Record(games, 1, func(int64) *State { return start.Copy() }, (*State).Copy, func(s *State, rng *rand.Rand, turns [][2][]Action) [][2][]Action {
		var acts [2][]Action
		for p := 0; p < 2; p++ {
			acts[p], buf = chooser(s, p, rng, nil, buf)
		}
		turns = append(turns, acts)
		s.Step(&acts)
		return turns
	})
}

func benchReplay(b *testing.B, games []recorded) {
	enginetest.Replay(b, games[0].Start.Copy(), enginetest.Lengths(games), func(s *State, g int) { s.CopyFrom(games[g].Start) },
		func(s *State, g, t int) { s.Step(&games[g].Turns[t]) })
}

// BenchmarkSoakTurn is one turn on the typed path, 10 agents on a 20x10
// map, with random legal orders chosen beforehand.
func BenchmarkSoakTurn(b *testing.B) {
	benchReplay(b, recordGames(bigSeed(b), 16, (*State).RandomActions))
}

// BenchmarkSoakTurnFarMoves is the same with every agent ordered to a random
// cell of the map, so each move runs the full path search.
func BenchmarkSoakTurnFarMoves(b *testing.B) {
	far := func(s *State, p int, rng *rand.Rand, dst, buf []Action) ([]Action, []Action) {
		dst, buf = s.RandomActions(p, rng, dst, buf)
		for i := range dst {
			dst[i].Move, dst[i].MoveX, dst[i].MoveY = true, rng.Intn(s.Width()), rng.Intn(s.Height())
		}
		return dst, buf
	}
	benchReplay(b, recordGames(bigSeed(b), 16, far))
}

// BenchmarkSoakGame is one whole random game on the typed path, choosing
// the orders included.
func BenchmarkSoakGame(b *testing.B) {
	start := bigSeed(b)
	s := start.Copy()
	rng := rand.New(rand.NewSource(1))
	var acts [2][]Action
	var buf []Action
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(start)
		for !s.Done() {
			for p := 0; p < 2; p++ {
				acts[p], buf = s.RandomActions(p, rng, acts[p][:0], buf)
			}
			s.Step(&acts)
			turns++
		}
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkSoakLegalActions enumerates every living agent's orders once.
func BenchmarkSoakLegalActions(b *testing.B) {
	s := bigSeed(b)
	// move the teams into contact so shots and throws are on offer
	for i := range s.agents[:s.n] {
		if s.agents[i].Owner == 1 {
			s.agents[i].X -= 12
		}
	}
	buf := make([]Action, 0, 1024)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for id := 1; id <= s.n; id++ {
			buf = s.LegalActions(id, buf[:0])
			n += len(buf)
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "actions/op")
}

func TestStepAllocatesNothing(t *testing.T) {
	games := recordGames(bigSeed(t), 2, (*State).RandomActions)
	s := games[0].Start.Copy()
	s.Step(&[2][]Action{}) // first step may create the search buffers
	s.CopyFrom(games[0].Start)
	turn := 0
	allocs := testing.AllocsPerRun(len(games[0].Turns)-1, func() {
		s.Step(&games[0].Turns[turn])
		turn++
	})
	if allocs != 0 {
		t.Errorf("Step allocates %.1f times per turn", allocs)
	}
}
