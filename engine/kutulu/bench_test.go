package kutulu

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// recorded is one game's start and every turn's commands.
type recorded = enginetest.Recorded[*State, [Players]Action]

// recordGames plays games with random legal commands, chosen beforehand
// so that the benchmarks time the referee alone.
func recordGames(games int, seed int64) []recorded {
	return enginetest.Record(games, seed, New, (*State).Copy, func(s *State, rng *rand.Rand, turns [][Players]Action) [][Players]Action {
		var acts [Players]Action
		for p := range acts {
			if s.Active(p) {
				acts[p] = s.RandomAction(p, rng)
			}
		}
		turns = append(turns, acts)
		_ = s.Step(&acts)
		return turns
	})
}

// BenchmarkKutuluTurn is one full turn on the typed path from turn 20 on,
// when the four explorers meet wanderers and slashers: four commands
// (chosen beforehand) and the turn they play.
func BenchmarkKutuluTurn(b *testing.B) {
	const from = 20
	var games []recorded
	for _, g := range recordGames(24, 1) {
		if len(g.Turns) > from+10 {
			for t := 0; t < from; t++ {
				_ = g.Start.Step(&g.Turns[t])
			}
			g.Turns = g.Turns[from:]
			games = append(games, g)
		}
	}
	minions := 0
	enginetest.Replay(b, games[0].Start.Copy(), enginetest.Lengths(games), func(s *State, g int) { s.CopyFrom(games[g].Start) },
		func(s *State, g, t int) {
			minions += len(s.minions)
			_ = s.Step(&games[g].Turns[t])
		})
	b.ReportMetric(float64(minions)/float64(b.N), "minions/turn")
}

// BenchmarkKutuluGame is one whole game on the typed path, commands chosen
// beforehand, from the drawn maze to the end.
func BenchmarkKutuluGame(b *testing.B) {
	games := recordGames(16, 1)
	s := New(1)
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec := &games[i%len(games)]
		s.CopyFrom(rec.Start)
		for t := 0; !s.Done(); t++ {
			_ = s.Step(&rec.Turns[t])
			turns++
		}
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// TestTypedTurnAllocs keeps the typed path free of allocation.
func TestTypedTurnAllocs(t *testing.T) {
	rec := recordGames(1, 7)[0]
	s := rec.Start.Copy()
	i := 0
	allocs := testing.AllocsPerRun(len(rec.Turns)-1, func() {
		if i < len(rec.Turns) && !s.Done() {
			_ = s.Step(&rec.Turns[i])
			i++
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per turn", allocs)
	}
	if i < 20 {
		t.Fatalf("the game lasted %d turns", i)
	}
}

// TestViewIntoAllocs keeps ViewInto free of allocation once the view's
// slices have grown.
func TestViewIntoAllocs(t *testing.T) {
	rec := recordGames(1, 3)[0]
	s := rec.Start.Copy()
	for i := 0; i < 15 && !s.Done(); i++ {
		_ = s.Step(&rec.Turns[i])
	}
	var v View
	s.ViewInto(0, &v)
	if len(v.Minions) == 0 {
		t.Fatal("no minions to view")
	}
	if allocs := testing.AllocsPerRun(50, func() { s.ViewInto(0, &v) }); allocs != 0 {
		t.Fatalf("%.1f allocations per view", allocs)
	}
}
