package policy

import (
	"testing"
	"time"

	"cgpolicy/engine/soak"
)

func newSmitsi(t testing.TB, iters int) *Smitsi {
	t.Helper()
	n, err := NewNet()
	if err != nil {
		t.Fatal(err)
	}
	s := NewSmitsi(n)
	s.Iters = iters
	return s
}

// TestSmitsiLegalDeterministic checks that without a deadline the search
// runs exactly Iters iterations, orders each living own agent once with a
// legal action, and that two searches given the same position agree.
func TestSmitsiLegalDeterministic(t *testing.T) {
	for _, tc := range []struct {
		seed         int64
		turns, iters int
	}{{1, 12, 50}, {7, 12, 120}, {42, 20, 80}, {3, 0, 60}} {
		s := midGame(t, tc.seed, tc.turns)
		for me := 0; me < 2; me++ {
			a, b := newSmitsi(t, tc.iters), newSmitsi(t, tc.iters)
			got := ActOn(a, s, me, nil)
			again := ActOn(b, s, me, nil)
			if a.Iterations() != tc.iters {
				t.Errorf("seed %d player %d: %d iterations, want %d", tc.seed, me, a.Iterations(), tc.iters)
			}
			if len(got) != s.Alive(me) {
				t.Fatalf("seed %d player %d: %d actions for %d agents", tc.seed, me, len(got), s.Alive(me))
			}
			for i, x := range got {
				if !isLegal(s, x) {
					t.Errorf("seed %d player %d: illegal %+v", tc.seed, me, x)
				}
				if again[i] != x {
					t.Errorf("seed %d player %d: second search chose %+v, first %+v", tc.seed, me, again[i], x)
				}
			}
		}
	}
}

// TestSmitsiPastDeadline checks that a search out of time runs no
// iteration and plays the network's own choice.
func TestSmitsiPastDeadline(t *testing.T) {
	n, err := NewNet()
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []int64{1, 9} {
		s := midGame(t, seed, 10)
		sm := newSmitsi(t, 100)
		sm.SetDeadline(time.Now().Add(-time.Millisecond))
		got := ActOn(sm, s, 0, nil)
		want := ActOn(n, s, 0, nil)
		if sm.Iterations() != 0 {
			t.Errorf("seed %d: %d iterations past the deadline", seed, sm.Iterations())
		}
		if len(got) != len(want) {
			t.Fatalf("seed %d: %d actions, net %d", seed, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("seed %d: agent %d plays %+v, net %+v", seed, got[i].Agent, got[i], want[i])
			}
		}
	}
}

// TestSmitsiNoAllocs checks that a whole turn's search allocates nothing
// once the policy is warm.
func TestSmitsiNoAllocs(t *testing.T) {
	s := midGame(t, 7, 12)
	v := s.PlayerView(1)
	sm := newSmitsi(t, 40)
	dst := sm.Act(v, nil)
	if n := testing.AllocsPerRun(5, func() { dst = sm.Act(v, dst[:0]) }); n != 0 {
		t.Errorf("%v allocations per Act", n)
	}
}

// TestSmitsiLaterArms checks the later turns' orders against the rules:
// the step is the arm's neighbour when it is floor, odd arms hunker, and
// an attack is a shot at a reachable enemy or a throw in range next to
// one.
func TestSmitsiLaterArms(t *testing.T) {
	for _, seed := range []int64{2, 5, 11} {
		s := midGame(t, seed, 15)
		attacks := 0
		for _, a := range s.Agents() {
			if !a.Alive {
				continue
			}
			for j := 0; j < smA; j++ {
				act := later(s, &a, j)
				dx := smSteps[j/2][0]
				if a.Owner == 1 {
					dx = -dx
				}
				x, y := a.X+dx, a.Y+smSteps[j/2][1]
				moved := s.Tile(x, y) == soak.Floor && j >= 2
				if act.Move != moved || moved && (act.MoveX != x || act.MoveY != y) {
					t.Errorf("seed %d agent %d arm %d: move %+v", seed, a.ID, j, act)
				}
				if !moved {
					x, y = a.X, a.Y
				}
				switch act.Combat {
				case soak.Hunker:
				case soak.Shoot:
					attacks++
					tg, _ := s.AgentByID(act.ShootID)
					if j%2 == 1 || a.Cooldown > 0 || tg.Owner == a.Owner || !tg.Alive || abs(tg.X-x)+abs(tg.Y-y) > 2*a.Class.Stats().Range {
						t.Errorf("seed %d agent %d arm %d: bad shot %+v", seed, a.ID, j, act)
					}
				case soak.Throw:
					attacks++
					if j%2 == 1 || a.Bombs == 0 || abs(act.ThrowX-x)+abs(act.ThrowY-y) > soak.ThrowRange || splash(s, a.Owner, act.ThrowX, act.ThrowY) <= 0 {
						t.Errorf("seed %d agent %d arm %d: bad throw %+v", seed, a.ID, j, act)
					}
				default:
					t.Errorf("seed %d agent %d arm %d: combat %v", seed, a.ID, j, act.Combat)
				}
			}
		}
		if attacks == 0 {
			t.Logf("seed %d: no attack in reach", seed)
		}
	}
}

// BenchmarkSearch is one smitsi search of 1000 iterations in mid-game
// positions; it reports the shared search's iterations per second on
// Soak Overflow (ns/op / 1000 is the cost of an iteration).
func BenchmarkSearch(b *testing.B) {
	views := midgameViews(b)
	sm := newSmitsi(b, 1000)
	var dst []soak.Action
	iters := 0
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		dst = sm.Act(views[i%len(views)], dst[:0])
		iters += sm.Iterations()
	}
	b.ReportMetric(float64(iters)/time.Since(start).Seconds(), "iters/s")
}
