package game

import (
	"bytes"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

func spawnAt(n, x, y, off int) grass.Action {
	a := grass.SpawnAction(n, x, y)
	a.FromX = off
	return a
}

// TestReplace: a candidate replaces its own decision's part of any answer,
// the network's or greedy's, and nothing else.
func TestReplace(t *testing.T) {
	build := grass.BuildAction(1, 1)
	mv := grass.MoveAction(2, 3, 3, 4, 3)
	other := grass.MoveAction(1, 5, 5, 5, 6)
	tests := []struct {
		name string
		base []grass.Action
		cand grass.Action
		want []grass.Action
	}{
		{"build replaces builds", []grass.Action{build, mv, grass.BuildAction(2, 2)}, grass.BuildAction(0, 0),
			[]grass.Action{mv, grass.BuildAction(0, 0)}},
		{"no build drops builds", []grass.Action{build, mv}, grass.Action{Kind: grass.Wait, Text: fgrass.TagNoBuild},
			[]grass.Action{mv}},
		{"move replaces the stack's moves", []grass.Action{mv, other, grass.MoveAction(1, 3, 3, 3, 2)}, grass.MoveAction(3, 3, 3, 2, 3),
			[]grass.Action{other, grass.MoveAction(3, 3, 3, 2, 3)}},
		{"stay drops the stack's moves", []grass.Action{mv, other}, grass.Action{Kind: grass.Wait, FromX: 3, FromY: 3, Text: fgrass.TagStay},
			[]grass.Action{other}},
		{"spawn in the middle of greedy's", []grass.Action{mv, grass.SpawnAction(3, 1, 1), grass.SpawnAction(2, 2, 2)}, spawnAt(2, 0, 0, 2),
			[]grass.Action{mv, grass.SpawnAction(2, 1, 1), spawnAt(2, 0, 0, 2), grass.SpawnAction(1, 2, 2)}},
		{"spawn of the network's second decision", []grass.Action{spawnAt(2, 1, 1, 0), spawnAt(2, 2, 2, 2), spawnAt(1, 3, 3, 4)}, spawnAt(2, 0, 0, 2),
			[]grass.Action{spawnAt(2, 1, 1, 0), spawnAt(2, 0, 0, 2), spawnAt(1, 3, 3, 4)}},
		{"spawn beyond the answer's", []grass.Action{grass.SpawnAction(1, 1, 1)}, spawnAt(1, 0, 0, 3),
			[]grass.Action{grass.SpawnAction(1, 1, 1), spawnAt(1, 0, 0, 3)}},
		{"no spawn drops its units", []grass.Action{grass.SpawnAction(4, 1, 1)}, grass.Action{Kind: grass.Wait, N: 2, FromX: 1, Text: fgrass.TagNoSpawn},
			[]grass.Action{grass.SpawnAction(1, 1, 1), grass.SpawnAction(1, 1, 1)}},
	}
	for _, tc := range tests {
		base := append([]grass.Action(nil), tc.base...)
		got := Learn{}.Replace(nil, base, 0, tc.cand)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
		}
		if !reflect.DeepEqual(base, tc.base) {
			t.Errorf("%s: base changed to %v", tc.name, base)
		}
	}
}

// TestNetDecisions: the plug-in's decision walk gives the answer Net.Act
// gives, and Features match the shape.
func TestNetDecisions(t *testing.T) {
	s, err := grass.New(11)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	dec, cand, _ := g.Shape()
	n := g.NewNet(constScorer{})
	v := g.ViewInto(s, 1, nil)
	want := fgrass.Strip(nil, n.Act(v, nil))
	var got []grass.Action
	nd := n.Begin(v)
	for d := 0; d < nd; d++ {
		k := n.Decide(d)
		if k == 0 {
			continue
		}
		xa, xc := n.Features()
		if len(xa) != dec || len(xc) != k*cand {
			t.Fatalf("decision %d: %d and %d features for %d candidates", d, len(xa), len(xc), k)
		}
		got = append(got, n.Choose(0))
	}
	if got = fgrass.Strip(nil, got); !reflect.DeepEqual(got, want) {
		t.Fatalf("walk %v, Act %v", got, want)
	}
}

type constScorer struct{}

func (constScorer) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// TestTinyRun trains Keep Off The Grass through the core with the smoke
// settings, on rollout targets (-search 0) and on the shared search's
// visits.
func TestTinyRun(t *testing.T) {
	for _, iters := range []int{0, 20} {
		o := expert.Tiny(expert.DefaultsOf[*grass.State, *grass.View, grass.Action](Learn{}))
		o.Workers, o.Quiet, o.Out, o.Search = 2, true, filepath.Join(t.TempDir(), "run"), iters
		var out bytes.Buffer
		if err := expert.Run[*grass.State, *grass.View, grass.Action](Learn{}, o, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "iter 2:") {
			t.Fatalf("search %d: report:\n%s", iters, out.String())
		}
	}
}

// TestSearchVisits: for every decision of the trainer's Net that has
// candidates, the shared search reports candidates the Net ranks for it,
// each at most once, whose visits add up to the iterations run.
func TestSearchVisits(t *testing.T) {
	const iters = 40
	p, err := model.Init(model.Config{AgentDim: fgrass.DecDim, CandDim: fgrass.CandDim, MaxCands: fgrass.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	for seed := int64(1); seed <= 3; seed++ {
		s, err := grass.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		for me := 0; me < 2; me++ {
			sr := expert.NewTreeSearch[*grass.State, grass.Action](g, model.NewNet(p))
			sr.Run(s, me, iters)
			net := g.NewNet(model.NewNet(p))
			nd := net.Begin(g.ViewInto(s, me, nil))
			idx, vis := make([]int, fgrass.MaxCands), make([]float32, fgrass.MaxCands)
			searched := 0
			for d := 0; d < nd; d++ {
				n := net.Decide(d)
				k, ok := sr.Visits(d, idx, vis)
				if n == 0 {
					if ok {
						t.Errorf("seed %d player %d decision %d: visits for a decision without candidates", seed, me, d)
					}
					continue
				}
				if !ok {
					t.Fatalf("seed %d player %d decision %d: nothing searched of %d candidates", seed, me, d, n)
				}
				searched++
				seen, sum := map[int]bool{}, float32(0)
				for j := 0; j < k; j++ {
					if idx[j] < 0 || idx[j] >= n || seen[idx[j]] {
						t.Fatalf("seed %d player %d decision %d: candidate index %d of %d (seen %v)", seed, me, d, idx[j], n, seen)
					}
					seen[idx[j]] = true
					sum += vis[j]
				}
				if sum != iters {
					t.Errorf("seed %d player %d decision %d: visits add up to %v, want %d", seed, me, d, sum, iters)
				}
				net.Choose(nn.Argmax(net.Scores()))
			}
			if searched == 0 {
				t.Errorf("seed %d player %d: no decision searched", seed, me)
			}
		}
	}
}

// TestWorkersAgree: the search expert's targets, and so the weights,
// depend on the seed alone, not on how many workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*grass.State, *grass.View, grass.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*grass.State, *grass.View, grass.Action](t, Learn{}, o)
}
