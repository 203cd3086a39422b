package ocean

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
)

// movePower picks a MOVE to a free cell that charges a power, followed by
// a power, the typical turn; it falls back on RandomActions when no such
// chain is accepted.
func movePower(s *State, p int, rng *rand.Rand) []Action {
	if s.kind == frameInit {
		return s.RandomActions(p, rng, nil)
	}
	pl := &s.pl[p]
	for try := 0; try < 10; try++ {
		d := Dir(rng.Intn(int(numDirs)))
		x, y := pl.x+d.DX(), pl.y+d.DY()
		if !s.b.water(x, y) || pl.visited.has(cell(x, y)) {
			continue
		}
		acts := []Action{{Kind: MoveAct, Dir: d, Charge: Power(1 + rng.Intn(4))}}
		switch rng.Intn(4) {
		case 0:
			acts = append(acts, Action{Kind: TorpedoAct, X: x + rng.Intn(5) - 2, Y: y + rng.Intn(5) - 2})
		case 1:
			acts = append(acts, Action{Kind: SonarAct, Sector: 1 + rng.Intn(9)})
		case 2:
			acts = append(acts, Action{Kind: SilenceAct, Dir: d, Dist: 0})
		case 3:
			acts = append(acts, Action{Kind: MineAct, Dir: d.opposite()})
		}
		t := *s
		if t.AnswerActions(p, acts) == nil {
			return acts
		}
	}
	return s.RandomActions(p, rng, nil)
}

func (d Dir) opposite() Dir { return (d + 2) % numDirs }

// recorded is one game's start and every answer, in request order.
type recorded = enginetest.Recorded[*State, []Action]

// recordGames plays games with movePower's answers, chosen beforehand so
// that the benchmarks time the referee alone.
func recordGames(games int, seed int64) []recorded {
	return enginetest.Record(games, seed, New, (*State).Copy, func(s *State, rng *rand.Rand, turns [][]Action) [][]Action {
		for _, p := range s.Pending() {
			acts := movePower(s, p, rng)
			turns = append(turns, acts)
			_ = s.AnswerActions(p, acts)
		}
		_ = s.Advance()
		return turns
	})
}

// playTurn hands p's answer to s and resolves every frame up to the next
// request, on the typed path.
func playTurn(s *State, acts []Action) {
	if pend := s.Pending(); len(pend) == 1 {
		_ = s.AnswerActions(pend[0], acts)
	}
	_ = s.Advance()
	for s.Step() {
	}
}

// BenchmarkOceanTurn is one player turn on the typed path: the answer (a
// MOVE and a power, chosen beforehand) and the frames it takes.
func BenchmarkOceanTurn(b *testing.B) {
	games := recordGames(16, 1)
	for g := range games {
		// the first frame asks both players: play it before the clock
		s := games[g].Start
		_ = s.AnswerActions(0, games[g].Turns[0])
		_ = s.AnswerActions(1, games[g].Turns[1])
		_ = s.Advance()
		games[g].Turns = games[g].Turns[2:]
	}
	enginetest.Replay(b, games[0].Start.Copy(), enginetest.Lengths(games), func(s *State, g int) { s.CopyFrom(games[g].Start) },
		func(s *State, g, t int) { playTurn(s, games[g].Turns[t]) })
}

// BenchmarkOceanGame is one whole game on the typed path, answers chosen
// beforehand, from the drawn map to the end.
func BenchmarkOceanGame(b *testing.B) {
	games := recordGames(16, 1)
	s := New(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec := &games[i%len(games)]
		s.CopyFrom(rec.Start)
		for t := 0; !s.Done(); {
			pend := s.Pending()
			for _, p := range pend {
				_ = s.AnswerActions(p, rec.Turns[t])
				t++
			}
			_ = s.Advance()
		}
	}
}

// BenchmarkOceanNew is drawing a map: the islands, the sprite fix-up and the
// torpedo ranges.
func BenchmarkOceanNew(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = New(int64(i))
	}
}

// TestTypedTurnAllocs keeps the typed path free of allocation.
func TestTypedTurnAllocs(t *testing.T) {
	games := recordGames(2, 7)
	rec := games[0]
	s := rec.Start.Copy()
	_ = s.AnswerActions(0, rec.Turns[0])
	_ = s.AnswerActions(1, rec.Turns[1])
	_ = s.Advance()
	turns := rec.Turns[2:]
	i := 0
	allocs := testing.AllocsPerRun(len(turns)-1, func() {
		if i < len(turns) && !s.Done() {
			playTurn(s, turns[i])
			i++
		}
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per turn", allocs)
	}
}
