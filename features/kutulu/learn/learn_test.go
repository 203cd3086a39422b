package learn

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
	"cgpolicy/model/expert"
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
	g := Game{}
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
		got := Game{}.Replace(nil, tt.base, 0, tt.cand)
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
// settings: four seats, one decision a turn.
func TestTinyRun(t *testing.T) {
	o := expert.Tiny(expert.Defaults("kutulu"))
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	var out bytes.Buffer
	if err := expert.Run[*ek.State, *ek.View, ek.Action](Game{}, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iter 2:") {
		t.Fatalf("report:\n%s", out.String())
	}
}
