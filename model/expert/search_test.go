package expert

import (
	"reflect"
	"testing"

	"cgpolicy/model"
)

// searchRace is the race with its own "search", which tries only moves 1
// and 3 (candidates 0 and 2) and visits move 1 nine times in ten: the
// opposite of what rollouts teach, so a network that learns to add 1 has
// learnt from the search.
type searchRace struct{ raceGame }

type oneSearch struct{ runs int }

func (searchRace) NewSearch(model.Scorer) Search[*race] { return &oneSearch{} }

func (s *oneSearch) Run(*race, int, int) { s.runs++ }

func (s *oneSearch) Visits(d int, idx []int, visits []float32) (int, bool) {
	if d != 0 || s.runs == 0 {
		return 0, false
	}
	idx[0], visits[0] = 2, 1
	idx[1], visits[1] = 0, 9
	return 2, true
}

// searchTurn is an unfitted worker of the search race and the position its
// target tests ask about: player 0 at 5 at step 4, where the search and
// the rollouts disagree.
func searchTurn(t *testing.T) (*worker[*race, *raceView, int], *race) {
	t.Helper()
	g := searchRace{raceGame{n: 2}}
	w, _ := raceWorker(t, g, false)
	s, _ := g.New(1)
	s.total[0], s.step = 5, 4
	return w, s
}

// TestSearchTargets: a sample holds the decision's features, the rows of
// the candidates the search tried, in its order, and their visits.
func TestSearchTargets(t *testing.T) {
	w, s := searchTurn(t)
	o := Defaults("race")
	o.Search = 10
	got := w.targets(s, 0, &o, nil)
	want := []model.Sample{{
		Agent:  []float32{5.0 / 24, 0, 4.0 / 24},
		Cands:  []float32{0, 0, 1, 1, 0, 0},
		Target: []float32{1, 9},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("samples %+v, want %+v", got, want)
	}
	o.Search = 0 // rollout targets: all three candidates
	if got := w.targets(s, 0, &o, nil); len(got) != 1 || len(got[0].Target) != 3 {
		t.Fatalf("with -search 0, samples %+v, want one of three candidates", got)
	}
}

// TestSearchExpertIsLearnt trains the race with the search as the expert:
// the shipped network must add 1, as the search says, not 3.
func TestSearchExpertIsLearnt(t *testing.T) { learnsOne(t, searchRace{raceGame{n: 2}}, 5) }

// TestMixedTargets: with -mix the sample covers every candidate, its target
// is mix times the rollout softmax (the same as -search 0 gives, normalised)
// plus 1-mix times the visit shares, and it sums to 1; -mix 1 is the
// rollout target alone.
func TestMixedTargets(t *testing.T) {
	w, s := searchTurn(t)
	o := Defaults("race")
	roll := w.targets(s, 0, &o, nil) // -search 0
	if len(roll) != 1 {
		t.Fatalf("rollout samples %+v, want one", roll)
	}
	rs := float32(0)
	for _, x := range roll[0].Target {
		rs += x
	}
	visits := []float32{9.0 / 10, 0, 1.0 / 10} // candidates 0 and 2, as oneSearch visits them
	for _, mix := range []float64{0.25, 0.5, 1} {
		o.Search, o.Mix = 10, mix
		got := w.targets(s, 0, &o, nil)
		if len(got) != 1 || len(got[0].Target) != 3 || !reflect.DeepEqual(got[0].Cands, roll[0].Cands) {
			t.Fatalf("-mix %g: samples %+v, want one over the three candidates", mix, got)
		}
		sum := float32(0)
		for c, x := range got[0].Target {
			want := float32(mix)*roll[0].Target[c]/rs + float32(1-mix)*visits[c]
			if d := x - want; d > 1e-6 || d < -1e-6 {
				t.Errorf("-mix %g: target[%d] = %g, want %g", mix, c, x, want)
			}
			sum += x
		}
		if d := sum - 1; d > 1e-5 || d < -1e-5 {
			t.Errorf("-mix %g: targets sum to %g", mix, sum)
		}
	}
}
