package game

import (
	"bytes"
	"io"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy/baselines"
	"cgpolicy/internal/nn"
	"cgpolicy/model"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// TestReplace: a candidate replaces its own decision's part of an answer,
// keeps the rest, and the chain comes back in order.
func TestReplace(t *testing.T) {
	sonar := ocean.Action{Kind: ocean.SonarAct, Sector: 5}
	before := ocean.Action{Kind: ocean.TorpedoAct, X: 3, Y: 4, Sector: focean.Before}
	after := ocean.Action{Kind: ocean.TorpedoAct, X: 5, Y: 6}
	move := ocean.Action{Kind: ocean.MoveAct, Dir: ocean.N, Charge: ocean.Torpedo}
	moveE := ocean.Action{Kind: ocean.MoveAct, Dir: ocean.E, Charge: ocean.Silence}
	sil := ocean.Action{Kind: ocean.SilenceAct, Dir: ocean.W, Dist: 2}
	surf := ocean.Action{Kind: ocean.SurfaceAct}
	trig := ocean.Action{Kind: ocean.TriggerAct, X: 2, Y: 2}
	mine := ocean.Action{Kind: ocean.MineAct, Dir: ocean.S}
	tests := []struct {
		name string
		base []ocean.Action
		d    int
		cand ocean.Action
		want []ocean.Action
	}{
		{"sonar added first", []ocean.Action{move, sil}, focean.DecSonar, sonar, []ocean.Action{sonar, move, sil}},
		{"no sonar", []ocean.Action{sonar, move}, focean.DecSonar, focean.Marker(focean.DecSonar), []ocean.Action{move}},
		{"torpedo before replaces the one after", []ocean.Action{move, after, sil}, focean.DecTorpedoBefore, before, []ocean.Action{before, move, sil}},
		{"move drops what was planned after the old one", []ocean.Action{sonar, before, move, after, sil}, focean.DecMove, moveE, []ocean.Action{sonar, before, moveE}},
		{"move after a surface keeps it", []ocean.Action{surf, move}, focean.DecMove, moveE, []ocean.Action{surf, moveE}},
		{"torpedo after", []ocean.Action{before, move}, focean.DecTorpedoAfter, after, []ocean.Action{move, after}},
		{"no torpedo", []ocean.Action{move, after}, focean.DecTorpedoAfter, focean.Marker(focean.DecTorpedoAfter), []ocean.Action{move}},
		{"silence", []ocean.Action{move, sil}, focean.DecSilence, ocean.Action{Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 1},
			[]ocean.Action{move, {Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 1}}},
		{"markers in base dropped", []ocean.Action{focean.Marker(0), move}, focean.DecSilence, sil, []ocean.Action{move, sil}},
		{"trigger goes first after sonar", []ocean.Action{sonar, move}, focean.DecTrigger, trig, []ocean.Action{sonar, trig, move}},
		{"mine goes last", []ocean.Action{move, sil}, focean.DecMine, mine, []ocean.Action{move, sil, mine}},
		{"a new move drops the mine", []ocean.Action{move, mine}, focean.DecMove, moveE, []ocean.Action{moveE}},
	}
	for _, tc := range tests {
		base := append([]ocean.Action(nil), tc.base...)
		got := Learn{}.Replace(nil, base, tc.d, tc.cand)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, got, tc.want)
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

// TestPlayAndDecisions plays games with the untrained network against
// greedy through the plug-in: no answer is refused, the minds' trackers
// never run empty and always hold the opponent's true cell, and the
// decision walk gives the answer Act gives, with features of the right
// shape.
func TestPlayAndDecisions(t *testing.T) {
	g := Learn{}
	dec, cand, _ := g.Shape()
	for seed := int64(1); seed <= 3; seed++ {
		s, err := g.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]expert.Policy[*Turn, ocean.Action]{g.NewNet(constScorer{}), g.Baseline()}
		walker := g.NewNet(constScorer{})
		var views [2]*Turn
		acts := make([][]ocean.Action, 2)
		for !s.Done() {
			for p := range acts {
				acts[p] = acts[p][:0]
			}
			for _, p := range s.Pending() {
				views[p] = g.ViewInto(s, p, views[p])
				if v := views[p]; v.View.Request > 0 {
					x, y := s.Position(1 - p)
					if !v.Mind.Tracker.Possible(focean.Cell(x, y)) || v.Mind.Tracker.Resets > 0 {
						t.Fatalf("seed %d seat %d request %d: tracker lost the opponent", seed, p, v.View.Request)
					}
				}
				acts[p] = pols[p].Act(views[p], acts[p])
				if p == 0 && views[p].View.Request > 0 {
					var got []ocean.Action
					nd := walker.Begin(views[p])
					for d := 0; d < nd; d++ {
						k := walker.Decide(d)
						if k == 0 {
							continue
						}
						xa, xc := walker.Features()
						if len(xa) != dec || len(xc) != k*cand {
							t.Fatalf("decision %d: %d and %d features for %d candidates", d, len(xa), len(xc), k)
						}
						got = append(got, walker.Choose(0))
					}
					got = focean.Safe(views[p].View, views[p].Mind, got, nil)
					if !reflect.DeepEqual(got, acts[p]) {
						t.Fatalf("seed %d: walk %v, Act %v", seed, got, acts[p])
					}
				}
			}
			for _, p := range s.Pending() {
				if err := g.Answer(s, p, acts[p]); err != nil {
					t.Fatalf("seed %d seat %d: %v (%s)", seed, p, err, ocean.FormatActions(acts[p]))
				}
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
		}
		if d := s.Deactivation(); d != nil {
			t.Fatalf("seed %d: %v", seed, d)
		}
	}
}

// TestCopy: a copy plays on apart from its original.
func TestCopy(t *testing.T) {
	g := Learn{}
	s, _ := g.New(4)
	rng := rand.New(rand.NewSource(1))
	acts := make([][]ocean.Action, 2)
	var v *Turn
	for i := 0; i < 30 && !s.Done(); i++ {
		for p := range acts {
			acts[p] = acts[p][:0]
		}
		for _, p := range s.Pending() {
			v = g.ViewInto(s, p, v)
			acts[p] = g.Explore(v, rng, acts[p])
		}
		g.Step(s, acts)
	}
	c := g.Copy(nil, s)
	before := c.Minds[0].Tracker.Cells
	for i := 0; i < 30 && !s.Done(); i++ {
		for p := range acts {
			acts[p] = acts[p][:0]
		}
		for _, p := range s.Pending() {
			v = g.ViewInto(s, p, v)
			acts[p] = g.Explore(v, rng, acts[p])
		}
		g.Step(s, acts)
	}
	if c.Minds[0].Tracker.Cells != before || c.Minds[0] == s.Minds[0] {
		t.Fatal("the copy's mind moved with the original")
	}
}

// TestTinyRun trains Ocean of Code through the core with the smoke
// settings.
func TestTinyRun(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*State, *Turn, ocean.Action](Learn{}))
	o.Workers, o.Quiet, o.Out = 2, true, filepath.Join(t.TempDir(), "run")
	var out bytes.Buffer
	if err := expert.Run[*State, *Turn, ocean.Action](Learn{}, o, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "iter 2:") {
		t.Fatalf("report:\n%s", out.String())
	}
}

// TestPool: the trainer's pool is baselines.Pool in order (the arena's
// pool mode plays the same members), all six are there, and each member
// plays a whole game on the trainer's states, from its seat's mind,
// without an answer the referee refuses.
func TestPool(t *testing.T) {
	pool := Learn{}.Pool()
	var names []string
	for _, m := range pool {
		names = append(names, m.Name)
	}
	want := "random,greedy,stalker,miner,hunter,v1"
	if got := strings.Join(names, ","); got != want || got != strings.Join(baselines.Pool, ",") {
		t.Fatalf("pool %s, want %s (baselines.Pool %v)", got, want, baselines.Pool)
	}
	g := Learn{}
	for i, m := range pool {
		s, err := g.New(int64(i + 1))
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]expert.Policy[*Turn, ocean.Action]{m.New(1), g.Baseline()}
		var v Turn
		for !s.Done() {
			for _, p := range s.Pending() {
				acts := pols[p].Act(g.ViewInto(s, p, &v), nil)
				if err := g.Answer(s, p, acts); err != nil {
					t.Fatalf("%s seat %d: %v", m.Name, p, err)
				}
			}
			if err := s.Advance(); err != nil {
				t.Fatal(err)
			}
		}
		if d := s.Deactivation(); d != nil {
			t.Fatalf("%s: %v", m.Name, d)
		}
		t.Logf("%s against greedy: %d turns, scores %v", m.Name, s.Rounds(), s.Scores())
	}
}

// TestSearchVisits: the smitsi expert's visits name, decision by decision
// along the network's choices, candidates the Net ranks there, each at
// most once; at the first decision with candidates every root chain
// agrees with the network so far, so the visits add up to the
// iterations run.
func TestSearchVisits(t *testing.T) {
	const iters = 200
	p, err := model.Init(model.Config{AgentDim: focean.DecDim, CandDim: focean.CandDim, MaxCands: focean.MaxCands, Hidden1: 8, Hidden2: 4}, 3)
	if err != nil {
		t.Fatal(err)
	}
	g := Learn{}
	checked := 0
	for seed := int64(1); seed <= 3; seed++ {
		s, err := g.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		base := [2]expert.Policy[*Turn, ocean.Action]{g.Baseline(), g.Baseline()}
		acts := make([][]ocean.Action, 2)
		var turns [2]*Turn
		for step := 0; step < 40 && !s.Done(); step++ {
			for q := range acts {
				acts[q] = acts[q][:0]
			}
			for _, q := range s.Pending() {
				turns[q] = g.ViewInto(s, q, turns[q])
				acts[q] = base[q].Act(turns[q], acts[q])
			}
			g.Step(s, acts)
		}
		pend := s.Pending()
		if s.Done() || len(pend) != 1 {
			continue
		}
		me := pend[0]
		sr := g.NewSearch(model.NewNet(p))
		sr.Run(s, me, iters)
		net := g.NewNet(model.NewNet(p))
		nd := net.Begin(g.ViewInto(s, me, nil))
		idx, vis := make([]int, focean.MaxCands), make([]float32, focean.MaxCands)
		first := true
		for d := 0; d < nd; d++ {
			n := net.Decide(d)
			k, ok := sr.Visits(d, idx, vis)
			if n > 0 && first {
				sum := float32(0)
				for j := 0; j < k; j++ {
					sum += vis[j]
				}
				if !ok || sum != iters {
					t.Errorf("seed %d decision %d: visits add up to %v (ok %v), want %d", seed, d, sum, ok, iters)
				}
				first = false
				checked++
			}
			seen := map[int]bool{}
			for j := 0; j < k; j++ {
				if idx[j] < 0 || idx[j] >= n || seen[idx[j]] {
					t.Fatalf("seed %d decision %d: candidate index %d of %d (seen %v)", seed, d, idx[j], n, seen)
				}
				seen[idx[j]] = true
			}
			if n > 0 {
				net.Choose(nn.Argmax(net.Scores()))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position searched: the test proves nothing")
	}
}

// TestWorkersAgree: the search expert's targets, and so the weights,
// depend on the seed alone, not on how many workers share the games.
func TestWorkersAgree(t *testing.T) {
	o := expert.Tiny(expert.DefaultsOf[*State, *Turn, ocean.Action](Learn{}))
	o.Games, o.Search = 4, 30
	experttest.WorkersAgree[*State, *Turn, ocean.Action](t, Learn{}, o)
}

// TestTrainCharges: the trainer's networks, the search's included, charge
// in the trainer's order, not the bot's, and its search keeps the
// trainer's prior temperature, plies and single opponent tree.
func TestTrainCharges(t *testing.T) {
	if trainCharges == focean.DefaultCharges {
		t.Fatal("the trainer charges in the bot's order")
	}
	n, ok := Learn{}.NewNet(nil).(*net)
	if !ok {
		t.Fatalf("NewNet returned %T", Learn{}.NewNet(nil))
	}
	if got := n.Encoder().Charges; got != trainCharges {
		t.Errorf("NewNet charges %v, want %v", got, trainCharges)
	}
	s, ok := Learn{}.NewSearch(nil).(*searcher)
	if !ok {
		t.Fatalf("NewSearch returned %T", Learn{}.NewSearch(nil))
	}
	if got := s.net.Encoder().Charges; got != trainCharges {
		t.Errorf("the searcher's network charges %v, want %v", got, trainCharges)
	}
	if s.sm.Temp != trainTemp || s.sm.Depth != trainDepth || s.sm.Reply || s.sm.Info != trainInfo {
		t.Errorf("the searcher's smitsi at temperature %v, %d plies, replies %v, info %v; want %v, %d, false, %v",
			s.sm.Temp, s.sm.Depth, s.sm.Reply, s.sm.Info, trainTemp, trainDepth, trainInfo)
	}
}
