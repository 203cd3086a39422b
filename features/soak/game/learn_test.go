package game

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/features/soak/policy/baselines"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestPool: the pool holds the registered baselines, random and greedy
// among them, each a working player.
func TestPool(t *testing.T) {
	pool := Learn{}.Pool()
	names := map[string]bool{}
	s, err := soak.New(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range pool {
		names[m.Name] = true
		acts := m.New(1).Act(s.PlayerView(0), nil)
		if len(acts) != s.Alive(0) {
			t.Errorf("%s: %d actions for %d agents", m.Name, len(acts), s.Alive(0))
		}
	}
	if !names["random"] || !names["greedy"] {
		t.Fatalf("pool %v lacks random or greedy", names)
	}
}

// TestReplace: a candidate replaces its own agent's action in any answer.
func TestReplace(t *testing.T) {
	base := []soak.Action{{Agent: 1, Combat: soak.Hunker}, {Agent: 2, Combat: soak.Hunker}}
	c := soak.Action{Agent: 2, Move: true, MoveX: 3, MoveY: 4}
	got := Learn{}.Replace(nil, base, 1, c)
	if len(got) != 2 || got[1] != c || got[0] != base[0] || base[1].Move {
		t.Fatalf("Replace gave %+v from %+v", got, base)
	}
}

// TestTinyRun trains Soak through the core with the smoke settings.
func TestTinyRun(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*soak.State, *soak.View, soak.Action](Learn{}))
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	var out bytes.Buffer
	if err := expert.Run[*soak.State, *soak.View, soak.Action](Learn{}, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iter 2:") {
		t.Fatalf("report:\n%s", out.String())
	}
}

// TestPoolMatchesPolicyPool: the trainer's pool is baselines.Pool, in
// order, so the arena's pool mode plays the same members.
func TestPoolMatchesPolicyPool(t *testing.T) {
	var got []string
	for _, m := range (Learn{}).Pool() {
		got = append(got, m.Name)
	}
	want := baselines.Pool
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) < 5 {
		t.Fatalf("pool %v, want baselines.Pool %v (at least 5 members)", got, want)
	}
}

// TestSearchVisits: for every own living agent, in the Net's decision
// order, the search reports candidates the Net ranks for that agent, each
// at most once, whose visits add up to the iterations run (every iteration
// picks one root candidate per agent). Past the last agent there is none.
func TestSearchVisits(t *testing.T) {
	const iters = 300
	p, err := model.Init(model.Config{AgentDim: fsoak.AgentDim, CandDim: fsoak.CandDim, MaxCands: fsoak.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	for seed := int64(1); seed <= 4; seed++ {
		s, err := soak.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		for me := 0; me < 2; me++ {
			sr := expert.NewTreeSearch[*soak.State, soak.Action](g, model.NewNet(p))
			sr.Run(s, me, iters)
			net := g.NewNet(model.NewNet(p))
			nd := net.Begin(s.PlayerView(me))
			idx, vis := make([]int, fsoak.MaxCands), make([]float32, fsoak.MaxCands)
			for d := 0; d < nd; d++ {
				n := net.Decide(d)
				k, ok := sr.Visits(d, idx, vis)
				if !ok || k < 2 {
					t.Fatalf("seed %d player %d decision %d: %d candidates searched (ok %v) of %d", seed, me, d, k, ok, n)
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
				net.Choose(0)
			}
			if _, ok := sr.Visits(nd, idx, vis); ok {
				t.Errorf("seed %d player %d: a decision past the %d agents", seed, me, nd)
			}
		}
	}
}

// TestWorkersAgree: the search expert's targets, and so the weights,
// depend on the seed alone, not on how many workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*soak.State, *soak.View, soak.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*soak.State, *soak.View, soak.Action](t, Learn{}, o)
}
