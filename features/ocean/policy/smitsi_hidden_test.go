package policy

import (
	"reflect"
	"testing"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
)

// walks reports whether the path of moves from (x, y) stays on distinct
// water cells of s's map.
func walks(s *ocean.State, x, y int, moves []ocean.Dir) bool {
	if s.Island(x, y) {
		return false
	}
	seen := map[[2]int]bool{{x, y}: true}
	for _, d := range moves {
		x, y = x+d.DX(), y+d.DY()
		if s.Island(x, y) || seen[[2]int{x, y}] {
			return false
		}
		seen[[2]int{x, y}] = true
	}
	return true
}

// hiddenGame plays seed with seat 0 starting at a and seat 1 at b, each
// following its moves (seat 1 laying a mine toward mineDir on its fourth
// turn), and returns the referee's state and seat 0's view and mind at
// its request len(moves0)+1: the orders seat 0 reads are the same for
// every start b that fits the moves.
func hiddenGame(t *testing.T, seed int64, a, b int, m0, m1 []ocean.Dir, mineDir ocean.Dir) (*ocean.State, *ocean.View, *focean.Mind) {
	t.Helper()
	s := ocean.New(seed)
	mind := focean.NewMind()
	for !s.Done() {
		for _, p := range s.Pending() {
			v := s.View(p).(*ocean.View)
			var acts []ocean.Action
			switch {
			case v.Request == 0 && p == 0:
				acts = []ocean.Action{{X: a % focean.Size, Y: a / focean.Size}}
			case v.Request == 0:
				acts = []ocean.Action{{X: b % focean.Size, Y: b / focean.Size}}
			case p == 0 && v.Request > len(m0):
				mind.Observe(v)
				return s, v, mind
			case p == 0:
				acts = []ocean.Action{{Kind: ocean.MoveAct, Dir: m0[v.Request-1], Charge: ocean.Torpedo}}
			default:
				acts = []ocean.Action{{Kind: ocean.MoveAct, Dir: m1[v.Request-1], Charge: ocean.Mine}}
				if v.Request == 4 {
					acts = append(acts, ocean.Action{Kind: ocean.MineAct, Dir: mineDir})
				}
			}
			if p == 0 {
				mind.Observe(v)
				mind.Played(v, acts)
			}
			if err := s.AnswerActions(p, acts); err != nil {
				t.Fatalf("seed %d seat %d request %d: %v", seed, p, v.Request, err)
			}
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("game over early")
	return nil, nil, nil
}

// TestSmitsiHidden: the search starts from the view and the mind, never
// from the referee's state. Two games whose referee states differ only in
// what seat 0 cannot see (the opponent's start, so its cell and path
// now, and where its mine lies; both cells in seat 0's tracker) give
// seat 0 the same views, and the search answers the same, root visits
// included.
func TestSmitsiHidden(t *testing.T) {
	m0 := []ocean.Dir{ocean.W, ocean.W, ocean.N, ocean.N, ocean.W}
	m1 := []ocean.Dir{ocean.E, ocean.E, ocean.S, ocean.S, ocean.E}
	tested := 0
	for seed := int64(1); seed <= 6 && tested < 3; seed++ {
		s := ocean.New(seed)
		a, starts := -1, []int(nil)
		for c := 0; c < focean.Cells; c++ {
			x, y := c%focean.Size, c/focean.Size
			if a < 0 && x > 7 && walks(s, x, y, m0) {
				a = c
			}
			// the mine goes north of the fourth turn's cell
			if x < 7 && walks(s, x, y, m1) && !s.Island(x+2, y+2-1) && len(starts) < 2 && (len(starts) == 0 || starts[0]/focean.Size != y) {
				starts = append(starts, c)
			}
		}
		if a < 0 || len(starts) < 2 {
			continue
		}
		tested++
		g1, v1, mind1 := hiddenGame(t, seed, a, starts[0], m0, m1, ocean.N)
		g2, v2, mind2 := hiddenGame(t, seed, a, starts[1], m0, m1, ocean.N)
		if v1.String() != v2.String() {
			t.Fatalf("seed %d: the views differ:\n%s\n%s", seed, v1, v2)
		}
		x1, y1 := g1.Position(1)
		x2, y2 := g2.Position(1)
		if x1 == x2 && y1 == y2 {
			t.Fatalf("seed %d: the opponent is on the same cell", seed)
		}
		for _, c := range []int{focean.Cell(x1, y1), focean.Cell(x2, y2)} {
			if !mind1.Tracker.Possible(c) || !mind2.Tracker.Possible(c) {
				t.Fatalf("seed %d: cell %d not in the tracker", seed, c)
			}
		}
		// the mine lies north of the cell after the fourth move
		mx, my := starts[0]%focean.Size+2, starts[0]/focean.Size+1
		if !g1.Mine(1, mx, my) || g2.Mine(1, mx, my) {
			t.Fatalf("seed %d: the mines do not differ at %d %d", seed, mx, my)
		}
		a1, a2 := newSmitsi(t, 300), newSmitsi(t, 300)
		x, y := a1.Plan(v1, mind1, nil), a2.Plan(v2, mind2, nil)
		if !reflect.DeepEqual(x, y) {
			t.Errorf("seed %d: %v, with the hidden parts changed %v", seed, x, y)
		}
		var ia, ib [smK]int
		var va, vb [smK]float32
		n, ok := a1.Visits(0, ia[:], va[:])
		k, ok2 := a2.Visits(0, ib[:], vb[:])
		if ok != ok2 || n != k || ia != ib || va != vb {
			t.Errorf("seed %d: visits %v %v, then %v %v", seed, ia[:n], va[:n], ib[:k], vb[:k])
		}
	}
	if tested == 0 {
		t.Fatal("no seed fits the scripted paths: the test proves nothing")
	}
}
