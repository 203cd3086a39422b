package experttest

import (
	"bytes"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Flat scores every candidate alike, so a network over it plays each
// decision's first candidate.
type Flat struct{}

// ScoreAll implements model.Scorer.
func (Flat) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// Column scores each candidate by one of its features, column col of the
// dim a candidate has: with a game's greedy hint, a network over it plays
// greedy's choice.
type Column struct{ dim, col int }

// NewColumn is the scorer of candidate feature col, of dim.
func NewColumn(dim, col int) Column { return Column{dim, col} }

// ScoreAll implements model.Scorer.
func (c Column) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = xc[k*c.dim+c.col]
	}
}

// TinyRun trains g through the core with the smoke settings (expert.Tiny
// of the game's defaults, two workers), once for each of searches, the
// -search iterations (0: rollout targets), or once with the game's own
// setting when there are none, and fails unless each run reports its
// second iteration.
func TinyRun[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], searches ...int) {
	t.Helper()
	o := expert.Tiny(expert.DefaultsOf[S, V, A](g))
	if len(searches) == 0 {
		searches = []int{o.Search}
	}
	for _, iters := range searches {
		o.Workers, o.Quiet, o.Out, o.Search = 2, true, filepath.Join(t.TempDir(), "run"), iters
		var out bytes.Buffer
		if err := expert.Run[S, V, A](g, o, &out, io.Discard); err != nil {
			t.Fatalf("search %d: %v", o.Search, err)
		}
		if !strings.Contains(out.String(), "iter 2:") {
			t.Fatalf("search %d: report:\n%s", o.Search, out.String())
		}
	}
}

// Agree is WorkersAgree with the settings every game's test uses: the
// smoke run of the game's defaults with 4 games an iteration and 30
// search iterations a position.
func Agree[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A]) {
	t.Helper()
	o := expert.Tiny(expert.DefaultsOf[S, V, A](g))
	o.Games, o.Search = 4, 30
	WorkersAgree[S, V, A](t, g, o)
}

// Case is one check of Game.Replace: decision d's action in Base
// replaced by Cand must give Want.
type Case[A any] struct {
	Name string
	Base []A
	D    int
	Cand A
	Want []A
}

// Replace checks g.Replace on each case, and that it leaves the base
// answer as it was.
func Replace[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], cases []Case[A]) {
	t.Helper()
	for _, tc := range cases {
		base := append([]A(nil), tc.Base...)
		got := g.Replace(nil, base, tc.D, tc.Cand)
		if !reflect.DeepEqual(got, tc.Want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.Name, got, tc.Want)
		}
		if !reflect.DeepEqual(base, tc.Base) {
			t.Errorf("%s: base changed to %v", tc.Name, base)
		}
	}
}

// Walk plays net's turn on v decision by decision, as the trainer does,
// choosing each decision's first candidate, and returns the actions
// chosen. Decisions without candidates are skipped unless every decision
// must have some (all); it fails unless every decision's features have
// g's shape.
func Walk[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], net expert.Net[V, A], v V, all bool) []A {
	t.Helper()
	dec, cand, _ := g.Shape()
	var got []A
	nd := net.Begin(v)
	for d := 0; d < nd; d++ {
		k := net.Decide(d)
		if k == 0 && !all {
			continue
		}
		xa, xc := net.Features()
		if k == 0 || len(xa) != dec || len(xc) != k*cand {
			t.Fatalf("decision %d: %d and %d features for %d candidates", d, len(xa), len(xc), k)
		}
		got = append(got, net.Choose(0))
	}
	return got
}

// Position is a state to search from and the seat that searches.
type Position[S any] struct {
	State S
	Seat  int
}

// Visits says how SearchVisits runs the trainer's search (expert.NewSearch)
// and what it requires of its visits.
type Visits[S any] struct {
	// Positions are the states searched, each from one seat.
	Positions []Position[S]
	// Iters are the iterations of each search.
	Iters int
	// Min is the fewest candidates each decision with candidates must
	// report (0: 1).
	Min int
	// Empty allows decisions without candidates, which must report no
	// visits; otherwise every decision must have candidates.
	Empty bool
	// FirstOnly requires only the first decision with candidates to
	// report visits adding up to Iters: where the later decisions follow
	// the network's choices, which the search's root chains need not.
	FirstOnly bool
	// First walks each decision's first candidate rather than the
	// network's top-scoring one.
	First bool
}

// Starts are the fresh games of seeds, each searched from every seat.
func Starts[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], seeds ...int64) []Position[S] {
	t.Helper()
	var out []Position[S]
	for _, seed := range seeds {
		s, err := g.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < g.Players(); p++ {
			out = append(out, Position[S]{s, p})
		}
	}
	return out
}

// SearchVisits runs the trainer's search of g, guided by an untrained
// network, at each of c's positions, and walks the trainer's Net through
// the same turn: for every decision the search must report candidates the
// Net ranks there, each at most once, whose visits add up to the
// iterations run; none past the last decision; and at least one position
// must be searched.
func SearchVisits[S engine.State, V, A any](t *testing.T, g expert.Game[S, V, A], c Visits[S]) {
	t.Helper()
	dec, cand, maxc := g.Shape()
	p, err := model.Init(model.Config{AgentDim: dec, CandDim: cand, MaxCands: maxc, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	least := c.Min
	if least == 0 {
		least = 1
	}
	idx, vis := make([]int, maxc), make([]float32, maxc)
	searched := 0
	for i, pos := range c.Positions {
		sr := expert.NewSearch[S, V, A](g, model.NewNet(p))
		if sr == nil {
			t.Fatalf("%s has no search", g.Name())
		}
		sr.Run(pos.State, pos.Seat, c.Iters)
		net := g.NewNet(model.NewNet(p))
		nd := net.Begin(g.ViewInto(pos.State, pos.Seat, *new(V)))
		first := true
		for d := 0; d < nd; d++ {
			n := net.Decide(d)
			k, ok := sr.Visits(d, idx, vis)
			if n == 0 {
				if !c.Empty {
					t.Fatalf("position %d seat %d decision %d: no candidates", i, pos.Seat, d)
				}
				if ok {
					t.Errorf("position %d seat %d decision %d: visits for a decision without candidates", i, pos.Seat, d)
				}
				continue
			}
			if (!ok || k < least) && (first || !c.FirstOnly) {
				t.Fatalf("position %d seat %d decision %d: %d candidates searched (ok %v) of %d", i, pos.Seat, d, k, ok, n)
			}
			seen, sum := map[int]bool{}, float32(0)
			for j := 0; j < k; j++ {
				if idx[j] < 0 || idx[j] >= n || seen[idx[j]] {
					t.Fatalf("position %d seat %d decision %d: candidate index %d of %d (seen %v)", i, pos.Seat, d, idx[j], n, seen)
				}
				seen[idx[j]] = true
				sum += vis[j]
			}
			if sum != float32(c.Iters) && (first || !c.FirstOnly) {
				t.Errorf("position %d seat %d decision %d: visits add up to %v, want %d", i, pos.Seat, d, sum, c.Iters)
			}
			if first {
				searched++
			}
			first = false
			if c.First {
				net.Choose(0)
			} else {
				net.Choose(nn.Argmax(net.Scores()))
			}
		}
		if _, ok := sr.Visits(nd, idx, vis); ok {
			t.Errorf("position %d seat %d: a decision past the %d of the turn", i, pos.Seat, nd)
		}
		if first {
			t.Errorf("position %d seat %d: no decision searched", i, pos.Seat)
		}
	}
	if searched == 0 {
		t.Fatal("no position searched: the test proves nothing")
	}
}

// Pool checks a plug-in's pool (expert.Pooled): its members are want (the
// game's baselines.Pool, which the arena's pool mode plays), in order, at
// least five, and each made with seed 1 passes check (one order per own
// unit, say), its error the test's.
func Pool[V, A any](t *testing.T, g expert.Pooled[V, A], want []string, check func(name string, p expert.Policy[V, A]) error) {
	t.Helper()
	var got []string
	for _, m := range g.Pool() {
		got = append(got, m.Name)
		if m.Ready != nil {
			continue // a frozen bot answers the referee's text: internal/games/all's TestFrozen plays it
		}
		if err := check(m.Name, m.New(1)); err != nil {
			t.Errorf("%s: %v", m.Name, err)
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) < 5 {
		t.Fatalf("pool %v, want baselines.Pool %v (at least 5 members)", got, want)
	}
}
