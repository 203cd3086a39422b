package learn

import (
	"bytes"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/model/expert"
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
		got := Game{}.Replace(nil, base, tc.d, tc.cand)
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
		g := Game{}
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
	o := expert.Tiny(expert.Defaults("caribbean"))
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	var out bytes.Buffer
	if err := expert.Run[*cb.State, *cb.View, cb.Action](Game{}, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iter 2:") {
		t.Fatalf("report:\n%s", out.String())
	}
}
