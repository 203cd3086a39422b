package game

import (
	"bytes"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestReplace: a candidate replaces its own ship's order and nothing else.
func TestReplace(t *testing.T) {
	w, f := cb.Action{Kind: cb.Wait}, cb.Action{Kind: cb.Faster}
	fire := cb.Action{Kind: cb.Fire, X: 3, Y: 4}
	tests := []struct {
		name string
		base []cb.Action
		d    int
		cand cb.Action
		want []cb.Action
	}{
		{"first of three", []cb.Action{w, w, w}, 0, fire, []cb.Action{fire, w, w}},
		{"last of three", []cb.Action{w, f, w}, 2, f, []cb.Action{w, f, f}},
		{"single ship", []cb.Action{fire}, 0, w, []cb.Action{w}},
	}
	for _, tc := range tests {
		base := append([]cb.Action(nil), tc.base...)
		got := Learn{}.Replace(nil, base, tc.d, tc.cand)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
		if !reflect.DeepEqual(base, tc.base) {
			t.Errorf("%s: base changed to %v", tc.name, base)
		}
	}
}

type constScorer struct{}

func (constScorer) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// TestNetDecisions: the plug-in's decision walk gives the answer Net.Act
// gives, one order per ship, and Features match the shape.
func TestNetDecisions(t *testing.T) {
	for _, seed := range []int64{4, 5, 6} {
		s := cb.New(seed)
		g := Learn{}
		dec, cand, _ := g.Shape()
		v := g.ViewInto(s, 1, nil)
		want := g.NewNet(constScorer{}).Act(v, nil)
		n := g.NewNet(constScorer{})
		var got []cb.Action
		nd := n.Begin(v)
		for d := 0; d < nd; d++ {
			k := n.Decide(d)
			xa, xc := n.Features()
			if k == 0 || len(xa) != dec || len(xc) != k*cand {
				t.Fatalf("seed %d decision %d: %d and %d features for %d candidates", seed, d, len(xa), len(xc), k)
			}
			got = append(got, n.Choose(0))
		}
		if len(got) != s.Alive(1) || !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: walk %v, Act %v", seed, got, want)
		}
	}
}

// TestTinyRun trains Coders of the Caribbean through the core with the
// smoke settings.
func TestTinyRun(t *testing.T) {
	for _, iters := range []int{0, 20} {
		o := expert.Tiny(expert.DefaultsOf[*cb.State, *cb.View, cb.Action](Learn{}))
		o.Workers, o.Quiet, o.Out, o.Search = 2, true, filepath.Join(t.TempDir(), "run"), iters
		var out bytes.Buffer
		if err := expert.Run[*cb.State, *cb.View, cb.Action](Learn{}, o, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "iter 2:") {
			t.Fatalf("search %d: report:\n%s", iters, out.String())
		}
	}
}

// TestSearchVisits: for every decision of the trainer's Net, the shared
// search reports candidates the Net ranks for it, each at most once,
// whose visits add up to the iterations run.
func TestSearchVisits(t *testing.T) {
	const iters = 40
	p, err := model.Init(model.Config{AgentDim: fcb.DecDim, CandDim: fcb.CandDim, MaxCands: fcb.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	for seed := int64(1); seed <= 3; seed++ {
		s := cb.New(seed)
		for me := 0; me < 2; me++ {
			sr := expert.NewTreeSearch[*cb.State, cb.Action](g, model.NewNet(p))
			sr.Run(s, me, iters)
			net := g.NewNet(model.NewNet(p))
			nd := net.Begin(g.ViewInto(s, me, nil))
			idx, vis := make([]int, fcb.MaxCands), make([]float32, fcb.MaxCands)
			for d := 0; d < nd; d++ {
				n := net.Decide(d)
				k, ok := sr.Visits(d, idx, vis)
				if !ok || n == 0 {
					t.Fatalf("seed %d player %d decision %d: searched %v, %d candidates", seed, me, d, ok, n)
				}
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
			if nd == 0 {
				t.Errorf("seed %d player %d: no decision", seed, me)
			}
		}
	}
}

// TestSearchForgetsLastPosition: a trainer's worker reuses one search for
// positions of many games, so a Run must give what a fresh search gives,
// whatever position it searched before. The earlier position is one of
// another game at the same turn, whose ships may neither fire nor mine:
// cooldowns remembered from it would take those orders from the next.
func TestSearchForgetsLastPosition(t *testing.T) {
	p, err := model.Init(model.Config{AgentDim: fcb.DecDim, CandDim: fcb.CandDim, MaxCands: fcb.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	pos := func(seed int64, turns int) *cb.State {
		s := cb.New(seed)
		a, b := policy.NewGreedy(), policy.NewGreedy()
		for i := 0; i < turns && !s.Done(); i++ {
			_ = s.Step(a.Act(s.View(0).(*cb.View), nil), b.Act(s.View(1).(*cb.View), nil))
		}
		return s
	}
	visits := func(sr expert.Search[*cb.State], s *cb.State, me int) []float32 {
		sr.(expert.Reseeder).Reseed(7)
		sr.Run(s, me, 200)
		idx, vis := make([]int, fcb.MaxCands), make([]float32, fcb.MaxCands)
		var out []float32
		for d := 0; ; d++ {
			k, ok := sr.Visits(d, idx, vis)
			if !ok {
				return out
			}
			out = append(out, vis[:k]...)
		}
	}
	for _, turns := range []int{3, 12} {
		for me := 0; me < 2; me++ {
			before, s := pos(11, turns), pos(12, turns)
			for i := range before.PlayerShips(me) {
				before.PlayerShips(me)[i].CannonCD, before.PlayerShips(me)[i].MineCD = 1, cb.MineCooldown
			}
			for i := range s.PlayerShips(me) {
				s.PlayerShips(me)[i].CannonCD, s.PlayerShips(me)[i].MineCD = 0, 0
			}
			fresh := visits(expert.NewTreeSearch[*cb.State, cb.Action](g, model.NewNet(p)), s, me)
			used := expert.NewTreeSearch[*cb.State, cb.Action](g, model.NewNet(p))
			visits(used, before, me)
			if after := visits(used, s, me); len(fresh) == 0 || !reflect.DeepEqual(fresh, after) {
				t.Errorf("turn %d player %d: a fresh search's visits %v, after another position %v", turns, me, fresh, after)
			}
		}
	}
}

// TestWorkersAgree: the search expert's targets, and so the weights,
// depend on the seed alone, not on how many workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*cb.State, *cb.View, cb.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*cb.State, *cb.View, cb.Action](t, Learn{}, o)
}
