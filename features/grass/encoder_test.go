package grass

import (
	"math"
	"math/rand"
	"testing"

	eg "cgpolicy/engine/grass"
)

// positions plays random games from each seed and returns a copy of every
// turn's state, so the tests see openings, fronts and endgames.
func positions(t *testing.T, seeds []int64) []*eg.State {
	t.Helper()
	var out []*eg.State
	for _, seed := range seeds {
		s, err := eg.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(seed))
		for !s.Done() {
			out = append(out, s.Copy())
			a0 := eg.RandomActions(s, 0, rng, nil)
			a1 := eg.RandomActions(s, 1, rng, nil)
			if err := s.Step(a0, a1); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestCandidatesTakeEffect walks every decision of both seats' turns,
// choosing candidates at random, and checks that each candidate is an
// order the referee would carry out given the earlier choices: moves of
// units the stack has to an open neighbour, spawns and builds on allowed
// cells with the matter left.
func TestCandidatesTakeEffect(t *testing.T) {
	var e Encoder
	var v eg.View
	rng := rand.New(rand.NewSource(1))
	for _, s := range positions(t, []int64{1, 2, 3}) {
		for p := 0; p < 2; p++ {
			s.ViewInto(p, &v)
			st := v.State()
			nd := e.Reset(&v, nil)
			if want := 1 + e.Stacks() + MaxSpawns; nd != want {
				t.Fatalf("%d decisions, want %d", nd, want)
			}
			matter := st.Matter(0)
			blocked := map[int]bool{}
			b := st.Board()
			for d := 0; d < nd; d++ {
				n := e.Encode(d)
				if n > MaxCands {
					t.Fatalf("decision %d: %d candidates", d, n)
				}
				for k := 0; k < n; k++ {
					a := e.Actions[k]
					switch a.Kind {
					case eg.Build:
						i := b.Index(a.X, a.Y)
						if !st.CanBuild(0, i) || matter < eg.RecyclerCost {
							t.Fatalf("decision %d: %v not allowed", d, a)
						}
					case eg.Spawn:
						i := b.Index(a.X, a.Y)
						if !st.CanSpawn(0, i) || blocked[i] || a.N < 1 || matter < a.N*eg.UnitCost {
							t.Fatalf("decision %d: %v not allowed with %d matter", d, a, matter)
						}
					case eg.Move:
						from, to := b.Index(a.FromX, a.FromY), b.Index(a.X, a.Y)
						c := st.Cells()[from]
						if a.N < 1 || int(c.Units[0]) < a.N || blocked[to] || !walkable(st.Cells()[to]) ||
							abs(a.X-a.FromX)+abs(a.Y-a.FromY) != 1 {
							t.Fatalf("decision %d: %v not possible", d, a)
						}
					case eg.Wait:
						if a.Text != TagStay && a.Text != TagNoBuild && a.Text != TagNoSpawn {
							t.Fatalf("decision %d: marker %+v", d, a)
						}
					default:
						t.Fatalf("decision %d: %v", d, a)
					}
					for _, f := range e.Cands[k*CandDim : (k+1)*CandDim] {
						if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
							t.Fatalf("decision %d candidate %d: feature %v", d, k, f)
						}
					}
				}
				if n == 0 {
					continue
				}
				a := e.Choose(rng.Intn(n))
				switch a.Kind {
				case eg.Build:
					matter -= eg.RecyclerCost
					blocked[b.Index(a.X, a.Y)] = true
				case eg.Spawn:
					matter -= a.N * eg.UnitCost
				}
			}
		}
	}
}

// TestHintMarked: the greedy answer passed as the hint is flagged on the
// candidates that reproduce it.
func TestHintMarked(t *testing.T) {
	s, err := eg.New(5)
	if err != nil {
		t.Fatal(err)
	}
	var v eg.View
	s.ViewInto(0, &v)
	b := s.Board()
	var stack int
	for i, c := range s.Cells() {
		if c.Units[0] > 0 {
			stack = i
			break
		}
	}
	x, y := b.XY(stack)
	var to int32 = -1
	for _, j := range b.Neighbours(stack) {
		if j >= 0 && walkable(s.Cells()[j]) {
			to = j
			break
		}
	}
	if to < 0 {
		t.Skip("the first stack is walled in")
	}
	tx, ty := b.XY(int(to))
	u := int(s.Cells()[stack].Units[0])
	hint := []eg.Action{eg.MoveAction(u, x, y, tx, ty)}
	var e Encoder
	e.Reset(&v, hint)
	for d := 1; d <= e.Stacks(); d++ {
		n := e.Encode(d)
		for k := 0; k < n; k++ {
			a := e.Actions[k]
			h := e.Cands[k*CandDim+CHint]
			want := float32(0)
			if a.FromX == x && a.FromY == y && a.Kind == eg.Move && a.X == tx && a.Y == ty {
				want = 1
			}
			if a.Kind == eg.Wait && a.FromX == x && a.FromY == y {
				want = 0
			} else if a.Kind == eg.Wait {
				want = 1 // other stacks stay, as the hint has them
			}
			if h != want {
				t.Errorf("decision %d candidate %v: hint %v, want %v", d, a, h, want)
			}
		}
		e.Choose(0)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
