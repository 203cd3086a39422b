package expert

import (
	"path/filepath"
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

// TestSearchTargets: a sample holds the decision's features, the rows of
// the candidates the search tried, in its order, and their visits.
func TestSearchTargets(t *testing.T) {
	g := searchRace{raceGame{n: 2}}
	p, err := model.Init(model.Config{AgentDim: 3, CandDim: 3, MaxCands: 3, Hidden1: 4, Hidden2: 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker[*race, *raceView, int](g, p, false)
	s, _ := g.NewState(1)
	s.total[0], s.step = 5, 4
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
func TestSearchExpertIsLearnt(t *testing.T) {
	g := searchRace{raceGame{n: 2}}
	o := Defaults("race")
	o.Iters, o.Games, o.States, o.Rollout, o.EvalGames, o.Epochs, o.Search = 1, 30, 6, 0, 4, 30, 5
	o.Hidden1, o.Hidden2, o.Batch, o.LearnRate = 8, 4, 16, 0.01
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	p, out := trainRace(t, g, o)
	net := g.NewNet(model.NewNet(p))
	for _, v := range []raceView{{0, 0, 0}, {10, 14, 7}, {30, 12, 20}} {
		v := v
		if got := net.Act(&v, nil)[0]; got != 1 {
			t.Errorf("view %+v: the network adds %d, the search taught 1\n%s", v, got, out.String())
		}
	}
}
