package grass

import (
	"math/rand"
	"testing"
)

// position is a recorded turn: the state before it and both seats' actions.
type position struct {
	s    *State
	acts [2][]Action
}

// randomPositions plays random games and keeps every turn.
func randomPositions(b *testing.B, seeds int) []position {
	b.Helper()
	var out []position
	rng := rand.New(rand.NewSource(1))
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s, err := New(seed)
		if err != nil {
			b.Fatal(err)
		}
		for !s.Done() {
			pos := position{s: s.Copy()}
			for p := 0; p < 2; p++ {
				pos.acts[p] = RandomActions(s, p, rng, nil)
			}
			out = append(out, pos)
			if err := s.Step(pos.acts[0], pos.acts[1]); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkGrassTurn resolves one turn on the typed path, from positions of
// random games (restoring the position is part of the measure).
func BenchmarkGrassTurn(b *testing.B) {
	pos := randomPositions(b, 8)
	var s State
	for _, p := range pos { // warm-up: grow every buffer once
		s.CopyFrom(p.s)
		_ = s.Step(p.acts[0], p.acts[1])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &pos[i%len(pos)]
		s.CopyFrom(p.s)
		if err := s.Step(p.acts[0], p.acts[1]); err != nil {
			b.Fatal(err)
		}
	}
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
