package policy

import (
	"testing"

	"cgpolicy/internal/registry"
	"cgpolicy/internal/registry/pooltest"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
)

// playGame plays seed to the end with a in seat 0 and b in seat 1 through
// the typed path, each seeing only its own views. It fails on any answer
// the referee refuses, and on a tracker that ran empty (our record of what
// we played disagreed with the referee).
func playGame(t testing.TB, seed int64, a, b Policy) *ocean.State {
	t.Helper()
	s := ocean.New(seed)
	pols := [2]Policy{a, b}
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			v := s.View(p).(*ocean.View)
			acts = pols[p].Act(v, acts[:0])
			if err := s.AnswerActions(p, acts); err != nil {
				t.Fatalf("seed %d request %d seat %d: %v\n%s", seed, v.Request, p, err, ocean.FormatActions(acts))
			}
			if q, ok := pols[p].(*Player); ok && v.Request > 0 {
				m := q.Mind
				if m.Tracker.Resets > 0 || m.Self.Resets > 0 {
					t.Fatalf("seed %d request %d seat %d: a tracker ran empty", seed, v.Request, p)
				}
				if ox, oy := s.Position(1 - p); !m.Tracker.Possible(focean.Cell(ox, oy)) {
					t.Fatalf("seed %d request %d seat %d: opponent's cell not tracked", seed, v.Request, p)
				}
				if !m.Self.Possible(focean.Cell(v.X, v.Y)) {
					t.Fatalf("seed %d request %d seat %d: own cell not in the self tracker", seed, v.Request, p)
				}
			}
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	if d := s.Deactivation(); d != nil {
		t.Fatalf("seed %d: %v", seed, d)
	}
	return s
}

// TestPoliciesLegal plays each pair of baselines on a few seeds: no
// answer is ever refused, and every game ends.
func TestPoliciesLegal(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"random", "random"},
		{"greedy", "random"},
		{"random", "greedy"},
		{"greedy", "greedy"},
	} {
		t.Run(tc.a+"-"+tc.b, func(t *testing.T) {
			for seed := int64(1); seed <= 6; seed++ {
				a := pooltest.Make(t, Policies, tc.a, seed)
				b := pooltest.Make(t, Policies, tc.b, seed+100)
				if s := playGame(t, seed, a, b); !s.Done() {
					t.Fatalf("seed %d: game not over", seed)
				}
			}
		})
	}
}

// TestGreedyBeatsRandom: over 10 seeds, both seats (20 games), greedy
// wins at least 95% of the games against random.
func TestGreedyBeatsRandom(t *testing.T) {
	const seeds = 10
	wins, games := 0, 0
	for seed := int64(1); seed <= seeds; seed++ {
		for seat := 0; seat < 2; seat++ {
			pols := [2]Policy{Play(NewRandom(seed)), Play(NewRandom(seed))}
			pols[seat] = Play(NewGreedy())
			s := playGame(t, seed, pols[0], pols[1])
			games++
			if s.Winner() == seat {
				wins++
			}
		}
	}
	t.Logf("greedy won %d of %d", wins, games)
	if wins*100 < games*95 {
		t.Fatalf("greedy won %d of %d games against random (want >= 95%%)", wins, games)
	}
}

// TestRegistry: every name makes a policy, unknown names and duplicate
// registrations fail.
func TestRegistry(t *testing.T) {
	for _, name := range Policies.Names() {
		if p, err := Policies.Make(name, 1); err != nil || p == nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
	for _, tc := range []struct {
		name string
		f    registry.Factory[Policy]
	}{
		{"", func(int64) Policy { return Play(NewGreedy()) }},
		{"greedy", func(int64) Policy { return Play(NewGreedy()) }},
		{"x", nil},
	} {
		if err := Policies.Register(tc.name, tc.f); err == nil {
			t.Errorf("Policies.Register(%q) succeeded", tc.name)
		}
	}
	if _, err := Policies.Make("nope", 1); err == nil {
		t.Error("Policies.Make(nope) succeeded")
	}
}
