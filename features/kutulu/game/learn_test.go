package game

import (
	"bytes"
	"io"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// hintScorer scores the greedy hint highest, so the network plays the
// greedy survivor; flatScorer scores every candidate alike, so it plays
// the first (stay).
type hintScorer struct{}

func (hintScorer) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = xc[k*fk.CandDim+fk.CHint]
	}
}

type flatScorer struct{}

func (flatScorer) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// TestNetDecisions: the plug-in's one decision gives the answer Net.Act
// gives, with features of the declared shape, and a scorer of the hint
// plays as greedy does.
func TestNetDecisions(t *testing.T) {
	g := Learn{}
	dec, cand, maxc := g.Shape()
	tests := []struct {
		name string
		sc   interface {
			ScoreAll(xa, xc []float32, n int, dst []float32)
		}
		greedy bool
	}{{"hint", hintScorer{}, true}, {"flat", flatScorer{}, false}}
	for _, tt := range tests {
		s := ek.New(5)
		rng := rand.New(rand.NewSource(3))
		for s.TurnNumber() < 30 && !s.Done() {
			var acts [ek.Players]ek.Action
			for p := range acts {
				if s.Active(p) {
					acts[p] = s.RandomAction(p, rng)
				}
			}
			_ = s.Step(&acts)
		}
		for p := 0; p < ek.Players; p++ {
			if !s.Active(p) {
				continue
			}
			n := g.NewNet(tt.sc)
			v := g.ViewInto(s, p, nil)
			want := n.Act(v, nil)
			if nd := n.Begin(v); nd != 1 {
				t.Fatalf("%d decisions, want 1", nd)
			}
			k := n.Decide(0)
			if k < 1 || k > maxc {
				t.Fatalf("%d candidates", k)
			}
			xa, xc := n.Features()
			if len(xa) != dec || len(xc) != k*cand {
				t.Fatalf("%d and %d features for %d candidates", len(xa), len(xc), k)
			}
			best := 0
			for i, sc := range n.Scores() {
				if sc > n.Scores()[best] {
					best = i
				}
			}
			if got := n.Choose(best); got != want[0] {
				t.Errorf("%s seat %d: walk %v, Act %v", tt.name, p, got, want[0])
			}
			gr := policy.ActOn(policy.NewGreedy(), s, p, nil)[0]
			if (gr == want[0]) != tt.greedy && tt.greedy {
				t.Errorf("%s seat %d: net %v, greedy %v", tt.name, p, want[0], gr)
			}
		}
	}
}

// TestReplace: a turn is one decision, so the candidate is the answer.
func TestReplace(t *testing.T) {
	tests := []struct {
		base []ek.Action
		cand ek.Action
	}{
		{[]ek.Action{{Kind: ek.Wait}}, ek.Action{Kind: ek.Plan}},
		{[]ek.Action{{Kind: ek.Move, X: 3, Y: 4}}, ek.Action{Kind: ek.Move, X: 3, Y: 5}},
		{nil, ek.Action{Kind: ek.Light}},
	}
	for _, tt := range tests {
		got := Learn{}.Replace(nil, tt.base, 0, tt.cand)
		if len(got) != 1 || got[0] != tt.cand {
			t.Errorf("replace %v by %v: %v", tt.base, tt.cand, got)
		}
	}
}

// TestValueRanksStandings: an explorer that outlasts the others is worth
// more than one that went mad, and sanity counts.
func TestValueRanksStandings(t *testing.T) {
	s := ek.New(2)
	rng := rand.New(rand.NewSource(9))
	for !s.Done() {
		var acts [ek.Players]ek.Action
		for p := range acts {
			if s.Active(p) {
				acts[p] = s.RandomAction(p, rng)
			}
		}
		_ = s.Step(&acts)
	}
	for p := 0; p < ek.Players; p++ {
		for q := 0; q < ek.Players; q++ {
			if s.Score(p) > s.Score(q) && !(fk.Value(s, p) > fk.Value(s, q)) {
				t.Errorf("score %d (seat %d) valued %.1f, score %d (seat %d) valued %.1f",
					s.Score(p), p, fk.Value(s, p), s.Score(q), q, fk.Value(s, q))
			}
		}
	}
}

// TestTinyRun trains Code of Kutulu through the core with the smoke
// settings, four seats, one decision a turn: on rollout targets (the
// default) and on the shared search's visits (-search).
func TestTinyRun(t *testing.T) {
	for _, iters := range []int{0, 20} {
		o := expert.Tiny(expert.DefaultsOf[*ek.State, *ek.View, ek.Action](Learn{}))
		o.Workers, o.Quiet, o.Out, o.Search = 2, true, filepath.Join(t.TempDir(), "run"), iters
		var out bytes.Buffer
		if err := expert.Run[*ek.State, *ek.View, ek.Action](Learn{}, o, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "iter 2:") {
			t.Fatalf("search %d: report:\n%s", iters, out.String())
		}
	}
}

// TestSearchVisits: the shared search, run on the referee's state as the
// trainer runs it, reports for the searching explorer's one decision
// candidates the Net ranks, each once, whose visits add up to the
// iterations run.
func TestSearchVisits(t *testing.T) {
	const iters = 40
	p, err := model.Init(model.Config{AgentDim: fk.DecDim, CandDim: fk.CandDim, MaxCands: fk.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	for seed := int64(1); seed <= 3; seed++ {
		s := ek.New(seed)
		rng := rand.New(rand.NewSource(seed))
		for s.TurnNumber() < 25 && !s.Done() {
			var acts [ek.Players]ek.Action
			for q := range acts {
				if s.Active(q) {
					acts[q] = policy.ActOn(policy.NewGreedy(), s, q, nil)[0]
					if rng.Intn(4) == 0 {
						acts[q] = s.RandomAction(q, rng)
					}
				}
			}
			_ = s.Step(&acts)
		}
		for me := 0; me < ek.Players; me++ {
			if !s.Active(me) {
				continue
			}
			sr := expert.NewTreeSearch[*ek.State, ek.Action](g, model.NewNet(p))
			sr.Run(s, me, iters)
			net := g.NewNet(model.NewNet(p))
			net.Begin(g.ViewInto(s, me, nil))
			n := net.Decide(0)
			idx, vis := make([]int, fk.MaxCands), make([]float32, fk.MaxCands)
			k, ok := sr.Visits(0, idx, vis)
			if !ok {
				t.Fatalf("seed %d explorer %d: nothing searched of %d candidates", seed, me, n)
			}
			seen, sum := map[int]bool{}, float32(0)
			for j := 0; j < k; j++ {
				if idx[j] < 0 || idx[j] >= n || seen[idx[j]] {
					t.Fatalf("seed %d explorer %d: candidate index %d of %d (seen %v)", seed, me, idx[j], n, seen)
				}
				seen[idx[j]] = true
				sum += vis[j]
			}
			if sum != iters {
				t.Errorf("seed %d explorer %d: visits add up to %v, want %d", seed, me, sum, iters)
			}
			if _, ok := sr.Visits(1, idx, vis); ok {
				t.Errorf("seed %d explorer %d: a second decision", seed, me)
			}
		}
	}
}

// TestWorkersAgree: the search expert's targets, and so the weights,
// depend on the seed alone, not on how many workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*ek.State, *ek.View, ek.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*ek.State, *ek.View, ek.Action](t, Learn{}, o)
}
