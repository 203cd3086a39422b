package ocean

import (
	"math/rand"
	"testing"
)

// TestBelief: a state built from a map with NewOn, SetTurn and SetSeat
// from a game's seats has the game's torpedo ranges and plays the same
// chains to the same positions, lives and charges, turn after turn.
func TestBelief(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewSource(seed))
		s := New(seed)
		b := NewOn(&s.b.island)
		for c := 0; c < Cells; c++ {
			for d := 0; d < Cells; d += 7 {
				if s.InRange(c, d) != b.InRange(c, d) {
					t.Fatalf("seed %d: range %d -> %d differs", seed, c, d)
				}
			}
		}
		var acts []Action
		compared := 0
		for !s.Done() && s.frame < 300 {
			for _, p := range s.Pending() {
				acts = s.RandomActions(p, rng, acts)
				if s.kind == frameAsk && compared < 20 {
					// the same position rebuilt from the seats
					b.SetTurn(p, (s.turn+1-p)/2)
					for q := 0; q < 2; q++ {
						st := s.Seat(q)
						b.SetSeat(q, &st)
						if got := b.Seat(q); got != st {
							t.Fatalf("seed %d: seat %d %+v, set %+v", seed, q, got, st)
						}
					}
					c := *b
					if err := c.AnswerActions(p, acts); err != nil {
						t.Fatalf("seed %d: rebuilt state refuses %v: %v", seed, acts, err)
					}
					_ = c.Advance()
					for c.Step() {
					}
					t2 := *s
					if err := t2.AnswerActions(p, acts); err != nil {
						t.Fatal(err)
					}
					_ = t2.Advance()
					for t2.Step() {
					}
					for q := 0; q < 2; q++ {
						if c.Seat(q) != t2.Seat(q) {
							t.Fatalf("seed %d seat %d after %v: %+v, the game %+v", seed, q, acts, c.Seat(q), t2.Seat(q))
						}
					}
					compared++
				}
				if err := s.AnswerActions(p, acts); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
		}
		if compared == 0 {
			t.Fatalf("seed %d: no turn compared", seed)
		}
	}
}
