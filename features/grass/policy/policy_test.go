package policy

import (
	"fmt"
	"testing"

	"cgpolicy/engine/grass"
)

// playGame plays seed to the end with a in seat 0 and b in seat 1 through
// the typed path, checking every greedy turn against the referee's rules.
func playGame(t testing.TB, seed int64, a, b Policy) *grass.State {
	t.Helper()
	s, err := grass.New(seed)
	if err != nil {
		t.Fatal(err)
	}
	var acts [2][]grass.Action
	pols := [2]Policy{a, b}
	for !s.Done() {
		for p := 0; p < 2; p++ {
			acts[p] = ActOn(pols[p], s, p, acts[p][:0])
			if _, ok := pols[p].(*Greedy); ok {
				if err := checkEffective(s, p, acts[p]); err != nil {
					t.Fatalf("seed %d turn %d seat %d: %v\n%s", seed, s.Turn(), p, err, grass.Format(acts[p]))
				}
			}
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// checkEffective fails when an action would be skipped by the referee or
// wastes units: every build and spawn must be paid and allowed, every move
// must take existing units one step onto a cell they may enter.
func checkEffective(s *grass.State, p int, acts []grass.Action) error {
	b := s.Board()
	cells := s.Cells()
	matter := s.Matter(p)
	built := map[int]bool{}
	for _, a := range acts {
		if a.Kind != grass.Build {
			continue
		}
		if !b.Inside(a.X, a.Y) {
			return fmt.Errorf("%v: off the map", a)
		}
		i := b.Index(a.X, a.Y)
		if !s.CanBuild(p, i) || built[i] || matter < grass.RecyclerCost {
			return fmt.Errorf("%v: not allowed", a)
		}
		built[i] = true
		matter -= grass.RecyclerCost
	}
	left := make([]int, len(cells))
	for i, c := range cells {
		left[i] = int(c.Units[p])
	}
	for _, a := range acts {
		switch a.Kind {
		case grass.Build:
		case grass.Spawn:
			if !b.Inside(a.X, a.Y) {
				return fmt.Errorf("%v: off the map", a)
			}
			i := b.Index(a.X, a.Y)
			if !s.CanSpawn(p, i) || built[i] || a.N <= 0 || matter < a.N*grass.UnitCost {
				return fmt.Errorf("%v: not allowed with %d matter", a, matter)
			}
			matter -= a.N * grass.UnitCost
		case grass.Move:
			if !b.Inside(a.FromX, a.FromY) || !b.Inside(a.X, a.Y) {
				return fmt.Errorf("%v: off the map", a)
			}
			from, to := b.Index(a.FromX, a.FromY), b.Index(a.X, a.Y)
			if a.N <= 0 || left[from] < a.N {
				return fmt.Errorf("%v: only %d units there", a, left[from])
			}
			left[from] -= a.N
			adjacent := false
			for _, j := range b.Neighbours(from) {
				adjacent = adjacent || int(j) == to
			}
			c := cells[to]
			if !adjacent || c.Scrap == 0 || c.Recycler || built[to] {
				return fmt.Errorf("%v: not a step onto open ground", a)
			}
			if c.Scrap == 1 && s.InRecyclerRange(to) {
				return fmt.Errorf("%v: onto a cell that turns to grass", a)
			}
		default:
			return fmt.Errorf("%v: unexpected command", a)
		}
	}
	return nil
}

// TestGreedyBeatsRandom plays 20 games, each seed from both seats.
func TestGreedyBeatsRandom(t *testing.T) {
	wins, games := 0, 0
	for seed := int64(1); seed <= 10; seed++ {
		for seat := 0; seat < 2; seat++ {
			pols := [2]Policy{NewRandom(seed*7 + int64(seat))}
			pols[1] = NewGreedy()
			if seat == 0 {
				pols[0], pols[1] = pols[1], pols[0]
			}
			s := playGame(t, seed, pols[0], pols[1])
			games++
			if s.Winner() == seat {
				wins++
			} else {
				t.Logf("seed %d seat %d: scores %v after %d turns", seed, seat, s.Scores(), s.Turn())
			}
		}
	}
	if wins*10 < games*9 {
		t.Fatalf("greedy won %d of %d games against random, want at least 90%%", wins, games)
	}
}
