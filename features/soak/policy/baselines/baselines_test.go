package baselines

import (
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/registry/pooltest"
)

// playChecked plays one game through engine.Play on the referee's typed
// path, each policy seeing only its view. Every order must be one of the
// engine's LegalActions for that agent, one per living agent in id order
// (so Complete has nothing to fix), and the referee must keep both players
// in the game; otherwise it returns an error. It returns the final scores.
func playChecked(seed int64, pols [2]policy.Policy) ([]int, error) {
	s, err := soak.New(seed)
	if err != nil {
		return nil, err
	}
	var views [2]soak.View
	var acts, done, legal []soak.Action
	ask := func(es engine.State, r engine.Request) (engine.Reply, error) {
		st, p := es.(*soak.State), r.Player
		st.ViewInto(p, &views[p])
		acts = pols[p].Act(&views[p], acts[:0])
		done = policy.Complete(st, p, acts, done[:0])
		if !reflect.DeepEqual(acts, done) {
			return engine.Reply{}, fmt.Errorf("turn %d player %d: orders %+v are not one legal order per living agent (made safe: %+v)", st.Turn(), p, acts, done)
		}
		for _, a := range acts {
			legal = st.LegalActions(a.Agent, legal[:0])
			if !containsAction(legal, a) {
				return engine.Reply{}, fmt.Errorf("turn %d player %d: %+v is not among the engine's legal orders", st.Turn(), p, a)
			}
		}
		return engine.Reply{Applied: true, Err: st.AnswerActions(p, acts)}, nil
	}
	judged := func(_ engine.State, r engine.Request, _ engine.Reply, d *engine.Deactivation) error {
		if d != nil {
			return fmt.Errorf("player %d deactivated: %v", r.Player, d)
		}
		return nil
	}
	if _, err := engine.Play(s, engine.Loop{MaxSteps: soak.Game{}.MaxSteps(), Ask: ask, Judged: judged}); err != nil {
		return nil, fmt.Errorf("seed %d: %w", seed, err)
	}
	return s.Scores(), nil
}

func containsAction(list []soak.Action, a soak.Action) bool {
	for _, b := range list {
		if b == a {
			return true
		}
	}
	return false
}

// TestBaselinesBeatRandom plays each pool baseline against random on 6
// seeds from both seats (12 games): it must win at least 10, never give an
// order outside the engine's legal set, and replay the same games from the
// same seeds.
func TestBaselinesBeatRandom(t *testing.T) {
	pooltest.BeatRandom(t, policy.Policies, []string{"aggressive", "territory", "camper"}, 6, 10,
		func(seed int64, _ int) int64 { return seed }, func(seed int64, seat int) int64 { return seed*2 + int64(seat) },
		func(t *testing.T, seed int64, pols [2]policy.Policy) (int, []int) {
			sc, err := playChecked(seed, pols)
			if err != nil {
				t.Fatal(err)
			}
			return engine.Winner(sc), sc
		})
}

// TestBaselinesLegalOnMidgames asks each baseline for both players' orders
// in mid-game positions of greedy-vs-random games (crowded, wet, bombs
// spent), where the first-turn games above may not go.
func TestBaselinesLegalOnMidgames(t *testing.T) {
	states := midgames(t, 8, 7, 3)
	var acts, done, legal []soak.Action
	for _, name := range []string{"aggressive", "territory", "camper"} {
		pol, err := policy.Policies.Make(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		for si, s := range states {
			for p := 0; p < 2; p++ {
				acts = policy.ActOn(pol, s, p, acts[:0])
				done = policy.Complete(s, p, acts, done[:0])
				if !reflect.DeepEqual(acts, done) {
					t.Fatalf("%s, position %d, player %d: %+v is not one order per living agent", name, si, p, acts)
				}
				for _, a := range acts {
					legal = s.LegalActions(a.Agent, legal[:0])
					if !containsAction(legal, a) {
						t.Fatalf("%s, position %d, player %d: %+v is not legal", name, si, p, a)
					}
				}
			}
		}
	}
}

// TestPool checks that with the baselines registered the pool lists
// every member in pool order, each one making a policy, and that a name
// cannot be registered twice.
func TestPool(t *testing.T) {
	if err := policy.Policies.Err(); err != nil {
		t.Fatal(err)
	}
	pooltest.Registered(t, "soak", policy.Policies, Pool, []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"})
	for _, n := range Pool[:5] {
		if p, err := policy.Policies.Make(n, 3); err != nil || p == nil {
			t.Errorf("New(%q) = %v, %v", n, p, err)
		}
	}
	if err := policy.Policies.Register("camper", func(int64) policy.Policy { return NewCamper() }); err == nil {
		t.Error("registering camper twice succeeded")
	}
}

// TestCoverFactor compares the camper's shelter rule with the engine's
// shot formula: for random shooter and target cells on random maps, a
// gunner's damage must be its power times the range factor times
// coverFactor, rounded.
func TestCoverFactor(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	cases := []struct {
		name  string
		class soak.Class
	}{{"gunner", soak.Gunner}, {"sniper", soak.Sniper}, {"berserker", soak.Berserker}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := c.class.Stats()
			checked := 0
			for seed := int64(1); seed <= 20; seed++ {
				s, err := soak.New(seed)
				if err != nil {
					t.Fatal(err)
				}
				for k := 0; k < 200; k++ {
					ax, ay := rng.Intn(s.Width()), rng.Intn(s.Height())
					tx, ty := rng.Intn(s.Width()), rng.Intn(s.Height())
					got, ok := s.ShotDamage(c.class, ax, ay, tx, ty, false)
					if !ok {
						continue
					}
					reach := 1.0
					if iabs(tx-ax)+iabs(ty-ay) > st.Range {
						reach = 0.5
					}
					f := float64(st.Power) * reach * coverFactor(s, ax, ay, tx, ty)
					if want := int(f + 0.5); got != want {
						t.Fatalf("seed %d: shot (%d,%d)->(%d,%d) deals %d, coverFactor predicts %d", seed, ax, ay, tx, ty, got, want)
					}
					checked++
				}
			}
			if checked < 100 {
				t.Fatalf("only %d shots in range checked", checked)
			}
		})
	}
}

// TestZoneAt compares the baselines' incremental zone count with
// policy.ZoneDiff (the referee's scoring) in positions of random games:
// with every agent where it stands, zoneAt must give the same difference
// for each own agent and both players.
func TestZoneAt(t *testing.T) {
	checked := 0
	enginetest.EachRandom(t, soak.Fast{}, 2, 10, randomActions, func(seed int64, s *soak.State) {
		for p := 0; p < 2; p++ {
			var q squad
			q.reset(s.PlayerView(p))
			want := policy.ZoneDiff(s, p)
			for i, a := range q.mine {
				q.prepareZone(i)
				if got := q.zoneAt(i, a.X, a.Y); got != want {
					t.Fatalf("seed %d turn %d player %d agent %d: zoneAt %d, ZoneDiff %d", seed, s.Turn(), p, a.ID, got, want)
				}
				checked++
			}
		}
	})
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// randomActions are player p's random legal orders (enginetest.EachRandom).
func randomActions(s *soak.State, p int, rng *rand.Rand) []soak.Action {
	acts, _ := s.RandomActions(p, rng, nil, nil)
	return acts
}

// midgames are positions of greedy-vs-random games on seeds 1 to seeds,
// every every turns from turn at.
func midgames(t testing.TB, seeds, every, at int) []*soak.State {
	var out []*soak.State
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s, err := soak.New(seed)
		if err != nil {
			t.Fatal(err)
		}
		pols := [2]policy.Policy{policy.NewGreedy(), policy.NewRandom(seed)}
		var acts [2][]soak.Action
		for !s.Done() {
			if s.Turn()%every == at {
				out = append(out, s.Copy())
			}
			for p := 0; p < 2; p++ {
				acts[p] = policy.ActOn(pols[p], s, p, acts[p][:0])
			}
			s.Step(&acts)
		}
	}
	return out
}
