package policy

import (
	"math/rand"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/soak"
)

// TestShotDamageMatchesEngine compares ShotDamage with the engine's own
// resolution: in positions from random games, every possible lone shot,
// with the target hunkering or not, must wet the target by exactly the
// predicted amount.
func TestShotDamageMatchesEngine(t *testing.T) {
	checked := 0
	enginetest.EachRandom(t, soak.Fast{}, 2, 8, func(s *soak.State, p int, rng *rand.Rand) []soak.Action {
		acts, _ := s.RandomActions(p, rng, nil, nil)
		return acts
	}, func(seed int64, s *soak.State) {
		for _, a := range s.Agents() {
			if !a.Alive || a.Cooldown > 0 {
				continue
			}
			for _, tg := range s.Agents() {
				if !tg.Alive || tg.Owner == a.Owner {
					continue
				}
				for _, hunker := range []bool{false, true} {
					want, ok := ShotDamage(s, a.Class, a.X, a.Y, tg.X, tg.Y, hunker)
					c := s.Copy()
					var one [2][]soak.Action
					one[a.Owner] = []soak.Action{{Agent: a.ID, Combat: soak.Shoot, ShootID: tg.ID}}
					if hunker {
						one[tg.Owner] = []soak.Action{{Agent: tg.ID, Combat: soak.Hunker}}
					}
					c.Step(&one)
					after, _ := c.AgentByID(tg.ID)
					got := after.Wetness - tg.Wetness
					if !ok {
						want = 0
					}
					if got != want {
						t.Fatalf("seed %d turn %d: %d shoots %d (hunker %v): engine %d, ShotDamage %d",
							seed, s.Turn(), a.ID, tg.ID, hunker, got, want)
					}
					checked++
				}
			}
		}
	})
	if checked < 100 {
		t.Fatalf("only %d shots checked", checked)
	}
}

func TestWoundValue(t *testing.T) {
	cases := []struct {
		wet, dmg int
		want     float64
	}{
		{0, 16, 16},
		{40, 16, 16 + wetHalfBonus},
		{90, 16, 10 + killBonus},
		{30, 100, 70 + killBonus + wetHalfBonus},
		{100, 16, 0},
		{20, 0, 0},
	}
	for _, tc := range cases {
		if got := WoundValue(tc.wet, tc.dmg); got != tc.want {
			t.Errorf("WoundValue(%d, %d) = %v, want %v", tc.wet, tc.dmg, got, tc.want)
		}
	}
}

// TestEvaluateAndZones checks the zone count on a hand-made position and
// that Evaluate prefers the side with the drier, better placed team.
func TestEvaluateAndZones(t *testing.T) {
	s := position(t, []string{"....", "...."},
		[]spec{{class: soak.Gunner, x: 0, y: 0}},
		[]spec{{class: soak.Gunner, x: 3, y: 1}})
	if d := ZoneDiff(s, 0); d != 0 {
		t.Errorf("symmetric position: ZoneDiff = %d, want 0", d)
	}
	wet := position(t, []string{"....", "...."},
		[]spec{{class: soak.Gunner, x: 0, y: 0}},
		[]spec{{class: soak.Gunner, x: 3, y: 1, wet: 50}})
	// the enemy's distances double, so player 0 gains cells
	if d := ZoneDiff(wet, 0); d <= 0 {
		t.Errorf("enemy at 50 wetness: ZoneDiff = %d, want > 0", d)
	}
	if Evaluate(wet, 0) <= Evaluate(s, 0) || Evaluate(wet, 1) >= Evaluate(s, 1) {
		t.Errorf("Evaluate does not prefer the wet enemy: %v vs %v", Evaluate(wet, 0), Evaluate(s, 0))
	}
}
