package expert

import (
	"math/rand"
	"testing"

	"cgpolicy/internal/search"
	"cgpolicy/model"
)

// treeRace is the race whose expert is the shared search: it writes only
// the search's view of the game (raceTree), as every game can. With low,
// the search's value is the opposite of the game's: the lowest total wins.
type treeRace struct {
	raceGame
	low bool
}

func (g treeRace) SearchGame(sc model.Scorer) (search.Game[*race, int], search.Config) {
	return &raceTree{g: g.raceGame, net: &raceNet{sc: sc}, low: g.low},
		search.Config{Players: g.n, Units: g.n, K: 3, Arms: 3, Depth: 2, C: 0.5}
}

// raceTree is the race for internal/search: one unit per seat, which
// moves when its seat is pending; root arms are the Net's three moves,
// continuation arm j adds j+1, and each seat's value is Game.Value.
type raceTree struct {
	g   raceGame
	net *raceNet
	v   raceView
	low bool
}

var raceMoves = []int{1, 2, 3}

func (t *raceTree) Start(dst, root *race, _ int, _ *rand.Rand) *race { return t.g.Copy(dst, root) }

func (t *raceTree) Units(s *race, p int, r search.Roots[int]) {
	if !moves(s, p) {
		r.Add(p, nil, nil)
		return
	}
	t.net.Begin(t.g.ViewInto(s, p, &t.v))
	t.net.Decide(0)
	r.Add(p, raceMoves, t.net.Scores())
}

func moves(s *race, p int) bool { return !s.alternating || s.step%s.n == p }

func (t *raceTree) Later(s *race, p, _, j int) (int, bool) { return j + 1, moves(s, p) }

func (t *raceTree) Step(s *race, acts [][]int) { t.g.Step(s, acts) }

func (t *raceTree) Done(s *race) bool { return s.Done() }

func (t *raceTree) Value(s *race, _ int, v []float64) {
	for p := range v {
		v[p] = t.g.Value(s, p)
		if t.low {
			v[p] = -v[p]
		}
	}
}

// TestTreeTargets: a Tree game's expert is the shared search, whose
// sample for the decision holds the three candidates it tried and their
// visits, one per iteration.
func TestTreeTargets(t *testing.T) {
	for _, alt := range []bool{false, true} {
		g := treeRace{raceGame: raceGame{n: 3, alternating: alt}}
		w, _ := raceWorker(t, g, false)
		if _, ok := w.search.(*search.Search[*race, int]); !ok {
			t.Fatalf("alternating %v: the expert is %T, want the shared search", alt, w.search)
		}
		s, _ := g.New(1)
		o := Defaults("race")
		o.Search = 40
		got := w.targets(s, 0, &o, nil)
		if len(got) != 1 || len(got[0].Target) != 3 {
			t.Fatalf("alternating %v: samples %+v, want one of three candidates", alt, got)
		}
		sum := float32(0)
		for _, v := range got[0].Target {
			sum += v
		}
		if sum != 40 {
			t.Errorf("alternating %v: visits %v add up to %v, want 40", alt, got[0].Target, sum)
		}
	}
}

// TestTreeExpertIsLearnt trains the race with the shared search as the
// expert, its value turned upside down: the shipped network must add 1,
// as the search says, not 3, as rollouts would teach. (The race takes
// turns: in the simultaneous race both seats' trees are the same, so
// they choose alike and every line is a draw.)
func TestTreeExpertIsLearnt(t *testing.T) {
	learnsOne(t, treeRace{raceGame{n: 2, alternating: true}, true}, 200)
}
