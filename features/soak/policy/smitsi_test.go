package policy

import (
	"fmt"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
	"cgpolicy/internal/search/searchtest"
)

func newSmitsi(t testing.TB, iters int) *Smitsi {
	s := NewSmitsi(searchtest.Must(t, NewNet))
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
			got := searchtest.Again(t, fmt.Sprintf("seed %d player %d", tc.seed, me), tc.iters, func() (searchtest.Searcher, []soak.Action) {
				sm := newSmitsi(t, tc.iters)
				return sm, ActOn(sm, s, me, nil)
			})
			if len(got) != s.Alive(me) {
				t.Fatalf("seed %d player %d: %d actions for %d agents", tc.seed, me, len(got), s.Alive(me))
			}
			for _, x := range got {
				if !isLegal(s, x) {
					t.Errorf("seed %d player %d: illegal %+v", tc.seed, me, x)
				}
			}
		}
	}
}

// TestSmitsiPastDeadline checks that a search out of time runs no
// iteration and plays the network's own choice.
func TestSmitsiPastDeadline(t *testing.T) {
	n := searchtest.Must(t, NewNet)
	for _, seed := range []int64{1, 9} {
		s := midGame(t, seed, 10)
		sm := newSmitsi(t, 100)
		got := searchtest.PastDeadline(t, sm, func(dst []soak.Action) []soak.Action { return ActOn(sm, s, 0, dst) })
		want := ActOn(n, s, 0, nil)
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
	searchtest.NoAllocs(t, 5, func(dst []soak.Action) []soak.Action { return sm.Act(v, dst) })
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
					if j%2 == 1 || a.Cooldown > 0 || tg.Owner == a.Owner || !tg.Alive || engine.Abs(tg.X-x)+engine.Abs(tg.Y-y) > 2*a.Class.Stats().Range {
						t.Errorf("seed %d agent %d arm %d: bad shot %+v", seed, a.ID, j, act)
					}
				case soak.Throw:
					attacks++
					if j%2 == 1 || a.Bombs == 0 || engine.Abs(act.ThrowX-x)+engine.Abs(act.ThrowY-y) > soak.ThrowRange || splash(s, a.Owner, act.ThrowX, act.ThrowY) <= 0 {
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
	searchtest.Bench(b, sm, func(i int, dst []soak.Action) []soak.Action { return sm.Act(views[i%len(views)], dst) })
}
