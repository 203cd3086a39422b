package game

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy/baselines"
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
	experttest.Replace[*State, *Turn, ocean.Action](t, Learn{}, []experttest.Case[ocean.Action]{
		{Name: "sonar added first", Base: []ocean.Action{move, sil}, D: focean.DecSonar, Cand: sonar, Want: []ocean.Action{sonar, move, sil}},
		{Name: "no sonar", Base: []ocean.Action{sonar, move}, D: focean.DecSonar, Cand: focean.Marker(focean.DecSonar), Want: []ocean.Action{move}},
		{Name: "torpedo before replaces the one after", Base: []ocean.Action{move, after, sil}, D: focean.DecTorpedoBefore, Cand: before, Want: []ocean.Action{before, move, sil}},
		{Name: "move drops what was planned after the old one", Base: []ocean.Action{sonar, before, move, after, sil}, D: focean.DecMove, Cand: moveE, Want: []ocean.Action{sonar, before, moveE}},
		{Name: "move after a surface keeps it", Base: []ocean.Action{surf, move}, D: focean.DecMove, Cand: moveE, Want: []ocean.Action{surf, moveE}},
		{Name: "torpedo after", Base: []ocean.Action{before, move}, D: focean.DecTorpedoAfter, Cand: after, Want: []ocean.Action{move, after}},
		{Name: "no torpedo", Base: []ocean.Action{move, after}, D: focean.DecTorpedoAfter, Cand: focean.Marker(focean.DecTorpedoAfter), Want: []ocean.Action{move}},
		{Name: "silence", Base: []ocean.Action{move, sil}, D: focean.DecSilence, Cand: ocean.Action{Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 1}, Want: []ocean.Action{move, {Kind: ocean.SilenceAct, Dir: ocean.S, Dist: 1}}},
		{Name: "markers in base dropped", Base: []ocean.Action{focean.Marker(0), move}, D: focean.DecSilence, Cand: sil, Want: []ocean.Action{move, sil}},
		{Name: "trigger goes first after sonar", Base: []ocean.Action{sonar, move}, D: focean.DecTrigger, Cand: trig, Want: []ocean.Action{sonar, trig, move}},
		{Name: "mine goes last", Base: []ocean.Action{move, sil}, D: focean.DecMine, Cand: mine, Want: []ocean.Action{move, sil, mine}},
		{Name: "a new move drops the mine", Base: []ocean.Action{move, mine}, D: focean.DecMove, Cand: moveE, Want: []ocean.Action{moveE}},
	})
}

// TestPlayAndDecisions plays games with the untrained network against
// greedy through the plug-in: no answer is refused, the minds' trackers
// never run empty and always hold the opponent's true cell, and the
// decision walk gives the answer Act gives, with features of the right
// shape.
func TestPlayAndDecisions(t *testing.T) {
	g := Learn{}
	for seed := int64(1); seed <= 3; seed++ {
		s, err := g.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]expert.Policy[*Turn, ocean.Action]{g.NewNet(experttest.Flat{}), g.Baseline()}
		walker := g.NewNet(experttest.Flat{})
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
					got := experttest.Walk[*State, *Turn, ocean.Action](t, g, walker, views[p], false)
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
	explore := func() {
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
	}
	explore()
	c := g.Copy(nil, s)
	before := c.Minds[0].Tracker.Cells
	explore()
	if c.Minds[0].Tracker.Cells != before || c.Minds[0] == s.Minds[0] {
		t.Fatal("the copy's mind moved with the original")
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

// midgame are the trainer's states of seeds 1-3 after 40 steps of the
// baseline in both seats, each searched from its one player to answer.
func midgame(t *testing.T) []experttest.Position[*State] {
	g := Learn{}
	var out []experttest.Position[*State]
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
		if pend := s.Pending(); !s.Done() && len(pend) == 1 {
			out = append(out, experttest.Position[*State]{State: s, Seat: pend[0]})
		}
	}
	return out
}

// TestPlugin: the checks every plug-in passes (experttest): it trains
// through the core with the smoke settings; the smitsi expert's visits
// name, decision by decision along the network's choices, candidates the
// Net ranks there, each at most once, and at the first decision with
// candidates, where every root chain agrees with the network so far, they
// add up to the iterations run; and the weights depend on the seed alone,
// not on how many workers share the games.
func TestPlugin(t *testing.T) {
	g := Learn{}
	t.Run("TinyRun", func(t *testing.T) { experttest.TinyRun[*State, *Turn, ocean.Action](t, g) })
	t.Run("SearchVisits", func(t *testing.T) {
		experttest.SearchVisits[*State, *Turn, ocean.Action](t, g, experttest.Visits[*State]{Positions: midgame(t), Iters: 200, Empty: true, FirstOnly: true})
	})
	t.Run("WorkersAgree", func(t *testing.T) { experttest.Agree[*State, *Turn, ocean.Action](t, g) })
}
