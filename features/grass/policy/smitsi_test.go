package policy

import (
	"reflect"
	"testing"
	"time"

	"cgpolicy/engine/grass"
	"cgpolicy/internal/search/searchtest"
)

// newSmitsiT is the search over the committed weights.
func newSmitsiT(tb testing.TB) *Smitsi { return NewSmitsi(searchtest.Must(tb, NewNet)) }

// seatScore is seat me's score at the end of s: 1 for a win, 0.5 for a
// draw.
func seatScore(s *grass.State, me int) float64 {
	switch s.Winner() {
	case me:
		return 1
	case -1:
		return 0.5
	}
	return 0
}

// TestSmitsiOneIteration: after one iteration every decision's most
// visited candidate is its highest prior, so the search answers as the
// network does: the decisions come in the Net's order, each encoded after
// the earlier ones at the network's choice, markers left out. (From the
// h21search branch's grass search.)
func TestSmitsiOneIteration(t *testing.T) {
	searchtest.OneIteration(t, 2, []searchtest.Position{{Seed: 3, Turns: 0}, {Seed: 20, Turns: 15}, {Seed: 7, Turns: 30}},
		func(p searchtest.Position) *grass.State { return midGame(t, p.Seed, p.Turns) },
		func(s *grass.State, me int) []grass.Action { return ActOn(searchtest.Must(t, NewNet), s, me, nil) },
		func(s *grass.State, me int) []grass.Action {
			sm := newSmitsiT(t)
			sm.Iters = 1
			return ActOn(sm, s, me, nil)
		})
}

// TestSmitsiDeterministic: without a deadline two searches of the same
// game answer alike, turn after turn.
func TestSmitsiDeterministic(t *testing.T) {
	play := func() []string {
		s, err := grass.New(6)
		if err != nil {
			t.Fatal(err)
		}
		sm := newSmitsiT(t)
		sm.Iters = 60
		g := NewGreedy()
		var lines []string
		for turn := 0; turn < 25 && !s.Done(); turn++ {
			a := ActOn(sm, s, 0, nil)
			b := ActOn(g, s, 1, nil)
			lines = append(lines, grass.Format(a))
			if err := s.Step(a, b); err != nil {
				t.Fatal(err)
			}
		}
		return lines
	}
	a := play()
	if b := play(); !reflect.DeepEqual(a, b) {
		t.Fatal("two plays of the same game differ")
	}
}

// fakeClock advances by step each time it is read.
type fakeClock struct {
	t    time.Time
	step time.Duration
}

func (c *fakeClock) now() time.Time {
	c.t = c.t.Add(c.step)
	return c.t
}

// TestSmitsiDeadline: with an injected clock, a deadline already passed
// leaves the network's own answer after no iteration; a later one stops
// the search when the clock reaches it, whatever Iters says.
func TestSmitsiDeadline(t *testing.T) {
	v := midView(t, 8, 12)
	start := time.Unix(1000, 0)
	tests := []struct {
		name     string
		deadline time.Duration // from start
		lo, hi   int           // iterations
	}{
		{"passed", -time.Second, 0, 0},
		// the clock reads every 8th iteration, a millisecond a read:
		// 20 ms is 20 reads
		{"20 ms", 20 * time.Millisecond, 8 * 18, 8 * 20},
	}
	for _, tc := range tests {
		sm := newSmitsiT(t)
		sm.Iters = 1 << 30
		clk := &fakeClock{t: start, step: time.Millisecond}
		sm.Now = clk.now
		sm.SetDeadline(start.Add(tc.deadline))
		got := sm.Act(v, nil)
		if n := sm.Iterations(); n < tc.lo || n > tc.hi {
			t.Errorf("%s: %d iterations, want %d to %d", tc.name, n, tc.lo, tc.hi)
		}
		if tc.hi == 0 {
			if want := searchtest.Must(t, NewNet).Act(v, nil); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %v, the network says %v", tc.name, got, want)
			}
		}
	}
}

// TestSmitsiNoAllocs: once warmed up, a turn of the search allocates
// nothing, however many iterations it plays.
func TestSmitsiNoAllocs(t *testing.T) {
	v := midView(t, 20, 15)
	sm := newSmitsiT(t)
	sm.Iters = 50
	searchtest.NoAllocs(t, 3, func(dst []grass.Action) []grass.Action { return sm.Act(v, dst) })
}

// TestSmitsiBeatsGreedy: with fixed iterations, over seeds 1-4 in both
// seats, the search beats greedy in at least 6 of the 8 games.
func TestSmitsiBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 8 games")
	}
	score := 0.0
	for seed := int64(1); seed <= 4; seed++ {
		for seat := 0; seat < 2; seat++ {
			sm := newSmitsiT(t)
			sm.Iters = 100
			var pols [2]Policy
			pols[seat], pols[1-seat] = sm, NewGreedy()
			score += seatScore(playGame(t, seed, pols[0], pols[1]), seat)
		}
	}
	if score < 6 {
		t.Errorf("smitsi scored %.1f of 8 against greedy, want at least 6", score)
	}
}

// BenchmarkSearch reports the shared search's iterations per second on
// Keep Off The Grass, in a mid-game position.
func BenchmarkSearch(b *testing.B) {
	v := midView(b, 20, 15)
	sm := newSmitsiT(b)
	sm.Iters = 200
	searchtest.Bench(b, sm, func(_ int, dst []grass.Action) []grass.Action { return sm.Act(v, dst) })
}
