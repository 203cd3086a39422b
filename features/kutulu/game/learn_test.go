package game

import (
	"fmt"
	"math/rand"
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/features/kutulu/policy/baselines"
	"cgpolicy/model/expert"
	"cgpolicy/model/expert/experttest"
)

// hintScorer scores the greedy hint highest, so the network plays the
// greedy survivor; flatScorer scores every candidate alike, so it plays
// the first (stay).
var hintScorer = experttest.NewColumn(fk.CandDim, fk.CHint)

type flatScorer = experttest.Flat

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
	}{{"hint", hintScorer, true}, {"flat", flatScorer{}, false}}
	for _, tt := range tests {
		s := ek.New(5)
		rng := rand.New(rand.NewSource(3))
		playRandom(s, rng, 30)
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
	plan, light := ek.Action{Kind: ek.Plan}, ek.Action{Kind: ek.Light}
	to := ek.Action{Kind: ek.Move, X: 3, Y: 5}
	experttest.Replace[*ek.State, *ek.View, ek.Action](t, Learn{}, []experttest.Case[ek.Action]{
		{Name: "wait by plan", Base: []ek.Action{{Kind: ek.Wait}}, Cand: plan, Want: []ek.Action{plan}},
		{Name: "move by move", Base: []ek.Action{{Kind: ek.Move, X: 3, Y: 4}}, Cand: to, Want: []ek.Action{to}},
		{Name: "none by light", Cand: light, Want: []ek.Action{light}},
	})
}

// playRandom plays random explorers until turn number until (-1: the end).
func playRandom(s *ek.State, rng *rand.Rand, until int) {
	for (until < 0 || s.TurnNumber() < until) && !s.Done() {
		var acts [ek.Players]ek.Action
		for p := range acts {
			if s.Active(p) {
				acts[p] = s.RandomAction(p, rng)
			}
		}
		_ = s.Step(&acts)
	}
}

// TestValueRanksStandings: an explorer that outlasts the others is worth
// more than one that went mad, and sanity counts.
func TestValueRanksStandings(t *testing.T) {
	s := ek.New(2)
	rng := rand.New(rand.NewSource(9))
	playRandom(s, rng, -1)
	for p := 0; p < ek.Players; p++ {
		for q := 0; q < ek.Players; q++ {
			if s.Score(p) > s.Score(q) && !(fk.Value(s, p) > fk.Value(s, q)) {
				t.Errorf("score %d (seat %d) valued %.1f, score %d (seat %d) valued %.1f",
					s.Score(p), p, fk.Value(s, p), s.Score(q), q, fk.Value(s, q))
			}
		}
	}
}

// midgame are the referee's states of seeds 1-3 after 25 turns of greedy
// explorers that play at random a quarter of the time, as the trainer
// searches them, each from every explorer still in.
func midgame(t *testing.T) []experttest.Position[*ek.State] {
	var out []experttest.Position[*ek.State]
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
			if s.Active(me) {
				out = append(out, experttest.Position[*ek.State]{State: s, Seat: me})
			}
		}
	}
	return out
}

// TestPlugin: the checks every plug-in passes (experttest): it trains
// through the core with the smoke settings, four seats, one decision a
// turn, on rollout targets (the default) and on the shared search's visits
// (-search); the shared search, run on the referee's state as the trainer
// runs it, reports for the searching explorer's one decision candidates
// the Net ranks, each once, whose visits add up to the iterations run, and
// no second decision; and the weights depend on the seed alone, not on how
// many workers share the games.
func TestPlugin(t *testing.T) {
	g := Learn{}
	t.Run("TinyRun", func(t *testing.T) { experttest.TinyRun[*ek.State, *ek.View, ek.Action](t, g, 0, 20) })
	t.Run("SearchVisits", func(t *testing.T) {
		experttest.SearchVisits[*ek.State, *ek.View, ek.Action](t, g, experttest.Visits[*ek.State]{Positions: midgame(t), Iters: 40})
	})
	t.Run("WorkersAgree", func(t *testing.T) { experttest.Agree[*ek.State, *ek.View, ek.Action](t, g) })
}

// TestPool: the trainer's pool is baselines.Pool, in order (so the
// arena's pool mode plays the same members), at least five of them, and
// each member gives one command.
func TestPool(t *testing.T) {
	s := ek.New(7)
	v := new(ek.View)
	s.ViewInto(0, v)
	experttest.Pool[*ek.View, ek.Action](t, Learn{}, baselines.Pool, func(_ string, p expert.Policy[*ek.View, ek.Action]) error {
		if acts := p.Act(v, nil); len(acts) != 1 {
			return fmt.Errorf("%d commands, want 1", len(acts))
		}
		return nil
	})
}
