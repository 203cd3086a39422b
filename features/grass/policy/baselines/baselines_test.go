package baselines

import (
	"fmt"
	"testing"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	"cgpolicy/internal/registry/pooltest"
)

// play runs seed to the end with pols[0] in seat 0, through each seat's
// view on the typed path, and lists each seat's recycler orders. Every
// order must be one the referee parses back to itself (no orders print as
// WAIT).
func play(seed int64, pols [2]policy.Policy) (*grass.State, [2][]build, error) {
	var builds [2][]build
	s, err := grass.New(seed)
	if err != nil {
		return nil, builds, err
	}
	var acts [2][]grass.Action
	for !s.Done() {
		for p := 0; p < 2; p++ {
			acts[p] = policy.ActOn(pols[p], s, p, acts[p][:0])
			line := grass.Format(acts[p])
			back, err := grass.Parse(line)
			if err != nil || (len(acts[p]) > 0 && len(back) != len(acts[p])) {
				return nil, builds, fmt.Errorf("seed %d turn %d seat %d: %q does not parse back: %v", seed, s.Turn(), p, line, err)
			}
			for _, a := range acts[p] {
				if a.Kind == grass.Build {
					builds[p] = append(builds[p], build{turn: s.Turn(), threat: threatAt(s, p, a.X, a.Y)})
				}
			}
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			return nil, builds, err
		}
	}
	return s, builds, nil
}

// build is one recycler order: its turn, and the enemy units on or next
// to its cell.
type build struct{ turn, threat int }

func threatAt(s *grass.State, p, x, y int) int {
	b := s.Board()
	i := b.Index(x, y)
	t := int(s.Cells()[i].Units[1-p])
	for _, j := range b.Neighbours(i) {
		if j >= 0 {
			t += int(s.Cells()[j].Units[1-p])
		}
	}
	return t
}

// TestRegistered: the pool is whole, in pool order, and nothing failed.
func TestRegistered(t *testing.T) {
	pooltest.Registered(t, "grass", policy.Policies, Pool, []string{"random", "greedy", "rusher", "economist", "wall", "v1"})
}

// TestBaselinesBeatRandom: each baseline wins at least 10 of 12 games
// against random (seeds 1-6, both seats), and replays them identically.
func TestBaselinesBeatRandom(t *testing.T) {
	pooltest.BeatRandom(t, policy.Policies, []string{"rusher", "economist", "wall"}, 6, 10, pooltest.Unseeded, pooltest.Seed31, pooltest.Scored(play))
}

// TestStyles: the plans differ in what they build. Over seeds 1-4 in seat
// 0 against greedy, the rusher never builds; the economist builds at least
// 8 recyclers, all in its first econTurns turns; the wall builder builds
// only on cells the enemy can enter next turn.
func TestStyles(t *testing.T) {
	builds := map[string][]build{}
	for _, name := range []string{"rusher", "economist", "wall"} {
		for seed := int64(1); seed <= 4; seed++ {
			_, b, err := play(seed, [2]policy.Policy{pooltest.Make(t, policy.Policies, name, 0), pooltest.Make(t, policy.Policies, "greedy", 0)})
			if err != nil {
				t.Fatal(err)
			}
			builds[name] = append(builds[name], b[0]...)
		}
	}
	if n := len(builds["rusher"]); n != 0 {
		t.Errorf("rusher built %d recyclers, want none", n)
	}
	if n := len(builds["economist"]); n < 8 {
		t.Errorf("economist built %d recyclers in 4 games, want at least 8", n)
	}
	for _, b := range builds["economist"] {
		if b.turn >= econTurns {
			t.Errorf("economist built on turn %d, want only before %d", b.turn, econTurns)
		}
	}
	if len(builds["wall"]) == 0 {
		t.Error("wall never built")
	}
	for _, b := range builds["wall"] {
		if b.threat == 0 {
			t.Errorf("wall built on turn %d where no enemy could enter", b.turn)
		}
	}
}
