package policy

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/internal/search/searchtest"
)

func newSmitsi(tb testing.TB, iters int) *Smitsi {
	s := NewSmitsi(searchtest.Must(tb, NewNet))
	s.Iters = iters
	return s
}

// midTurn plays seed with greedy in both seats until seat 0's request
// turn and returns that view with seat 0's mind.
func midTurn(tb testing.TB, seed int64, turn int) (*ocean.View, *focean.Mind) {
	tb.Helper()
	s := ocean.New(seed)
	pl := [2]*Player{Play(NewGreedy()), Play(NewGreedy())}
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			v := s.View(p).(*ocean.View)
			if p == 0 && v.Request == turn {
				pl[0].Mind.Observe(v)
				return v, pl[0].Mind
			}
			acts = pl[p].Act(v, acts[:0])
			if err := s.AnswerActions(p, acts); err != nil {
				tb.Fatal(err)
			}
		}
		if err := s.Advance(); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("seed %d ended before turn %d", seed, turn)
	return nil, nil
}

// TestSmitsiLegal plays smitsi against greedy from both seats: no answer
// is refused, the trackers never run empty, every game ends.
func TestSmitsiLegal(t *testing.T) {
	for seed := int64(1); seed <= 2; seed++ {
		for seat := 0; seat < 2; seat++ {
			pols := [2]Policy{Play(NewGreedy()), Play(NewGreedy())}
			pols[seat] = Play(newSmitsi(t, 200))
			if s := playGame(t, seed, pols[0], pols[1]); !s.Done() {
				t.Fatalf("seed %d: not over", seed)
			}
		}
	}
}

// TestSmitsiDeterministic: without a deadline the search runs Iters
// iterations and answers the same twice.
func TestSmitsiDeterministic(t *testing.T) {
	for _, c := range []struct {
		seed int64
		turn int
	}{{3, 10}, {5, 30}, {11, 20}} {
		v, m := midTurn(t, c.seed, c.turn)
		x := searchtest.Again(t, fmt.Sprintf("seed %d", c.seed), 300, func() (searchtest.Searcher, []ocean.Action) {
			sm := newSmitsi(t, 300)
			return sm, sm.Plan(v, m, nil)
		})
		if len(x) == 0 {
			t.Errorf("seed %d: no answer", c.seed)
		}
	}
}

// TestSmitsiNoAllocs: once warm, a turn's search allocates nothing.
func TestSmitsiNoAllocs(t *testing.T) {
	v, m := midTurn(t, 5, 30)
	sm := newSmitsi(t, 200)
	searchtest.NoAllocs(t, 5, func(dst []ocean.Action) []ocean.Action { return sm.Plan(v, m, dst) })
}

// unitCount counts the units a search.Game adds at the root, and their
// arms.
type unitCount struct{ units, arms int }

func (c *unitCount) Add(_ int, arms []Chain, _ []float32) bool {
	c.units++
	c.arms += len(arms)
	return true
}

// TestSmitsiReply: with replies the opponent has a unit per root chain
// of ours, and after our chain i only unit i answers it; without, its one
// unit answers every chain.
func TestSmitsiReply(t *testing.T) {
	v, m := midTurn(t, 5, 30)
	for _, reply := range []bool{true, false} {
		sm := newSmitsi(t, 100)
		g := sm.g
		root := g.Prepare(v, m, smTemp, reply, smInfo)
		if g.nMine < 2 {
			t.Fatalf("%d root chains, want several", g.nMine)
		}
		opp := 1 - v.Me
		var theirs, ours unitCount
		g.Units(root, opp, &theirs)
		g.Units(root, v.Me, &ours)
		n := theirs.units
		want := 1
		if reply {
			want = g.nMine
		}
		if n != want || theirs.arms != 0 || ours.units != 1 || ours.arms != g.nMine {
			t.Fatalf("reply %v: %d opponent units with %d root arms, want %d with none; %d of ours with %d arms, want 1 with %d",
				reply, n, theirs.arms, want, ours.units, ours.arms, g.nMine)
		}
		rng := rand.New(rand.NewSource(1))
		for i := 0; i < g.nMine; i++ {
			s := g.Start(nil, root, v.Me, rng)
			acts := [][]Chain{nil, nil}
			acts[v.Me] = []Chain{g.mine[i]}
			g.Step(s, acts)
			if s.st.ActivePlayer() != opp {
				t.Fatalf("after our chain %d the player to move is %d", i, s.st.ActivePlayer())
			}
			for id := 0; id < n; id++ {
				_, ok := g.Later(s, opp, id, 0)
				if want := !reply || id == i; ok != want {
					t.Errorf("reply %v: after our chain %d, unit %d acts %v, want %v", reply, i, id, ok, want)
				}
			}
		}
	}
}

// TestSmitsiPastDeadline: out of time, the search plays no iteration and
// still answers (the beam's best chain).
func TestSmitsiPastDeadline(t *testing.T) {
	v, m := midTurn(t, 5, 30)
	sm := newSmitsi(t, 100)
	if got := searchtest.PastDeadline(t, sm, func(dst []ocean.Action) []ocean.Action { return sm.Plan(v, m, dst) }); len(got) == 0 {
		t.Error("no answer past the deadline")
	}
}

// BenchmarkSmitsi is one smitsi turn of 1000 iterations in a mid-game
// position; it reports the shared search's iterations per second on
// Ocean of Code (the beams that make the root arms included).
func BenchmarkSmitsi(b *testing.B) {
	v, m := midTurn(b, 5, 30)
	sm := newSmitsi(b, 1000)
	searchtest.Bench(b, sm, func(_ int, dst []ocean.Action) []ocean.Action { return sm.Plan(v, m, dst) })
}

// TestSmitsiInfo: the leaf counts Smitsi.Info per step (up to
// smInfoCap) the opponent's aim at us is off, less ours at it, and Plan
// hands the field to the game, so the trainer's expert can keep the
// weight its network was distilled at.
func TestSmitsiInfo(t *testing.T) {
	v, m := midTurn(t, 5, 30)
	for _, info := range []float64{0.5, 4} {
		sm := newSmitsi(t, 10)
		sm.Info = info
		sm.Plan(v, m, nil)
		// the root Plan prepared, which the search's draws only copy
		g := sm.g
		s := g.Start(nil, g.root, v.Me, rand.New(rand.NewSource(1)))
		me, opp := v.Me, 1-v.Me
		x, y := s.st.Position(me)
		ox, oy := s.st.Position(opp)
		mc, oc := focean.Cell(x, y), focean.Cell(ox, oy)
		value := func(atMe, atOpp int) float64 {
			s.aim[opp], s.aim[me] = atMe, atOpp
			out := make([]float64, 2)
			g.Value(s, me, out)
			return out[me]
		}
		tests := []struct {
			name        string
			atMe, atOpp int
			want        float64
		}{
			{"both found", mc, oc, 0},
			{"we are lost to it", far(mc), oc, info * smInfoCap},
			{"it is lost to us", mc, far(oc), -info * smInfoCap},
			{"a step off each", near(mc), near(oc), 0},
		}
		base := value(mc, oc)
		for _, tt := range tests {
			if got := value(tt.atMe, tt.atOpp) - base; math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("info %v, %s: leaf moved by %v, want %v", info, tt.name, got, tt.want)
			}
		}
	}
}

// far is a cell at least smInfoCap steps (king's moves) from c.
func far(c int) int {
	for d := focean.Cells - 1; d >= 0; d-- {
		if chebyshev(c, d) >= smInfoCap {
			return d
		}
	}
	return c
}

// near is a cell one step (a king's move) from c.
func near(c int) int {
	for d := 0; d < focean.Cells; d++ {
		if chebyshev(c, d) == 1 {
			return d
		}
	}
	return c
}
