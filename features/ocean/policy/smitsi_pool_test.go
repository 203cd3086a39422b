package policy_test

import (
	"os"
	"strconv"
	"testing"

	"cgpolicy/engine/ocean"
	"cgpolicy/features/ocean/policy"
	_ "cgpolicy/features/ocean/policy/baselines" // the pool's members
)

// TestSmitsiPool plays smitsi with a fixed iteration count against every
// pool member and today's search, seeds OCEAN_FIRST on (OCEAN_SEEDS of
// them) from both seats, and logs its per-seed score (a win 1, a tie
// 1/2) and the games it lost on answers the referee refused (none may
// be). It plays whole matches, so it runs only with OCEAN_POOL set.
func TestSmitsiPool(t *testing.T) {
	if os.Getenv("OCEAN_POOL") == "" {
		t.Skip("set OCEAN_POOL=1 to play the pool")
	}
	seeds, first, iters := env("OCEAN_SEEDS", 2), env("OCEAN_FIRST", 1), env("OCEAN_ITERS", 1000)
	opps := append(policy.PoolNames(), "search")
	if o := os.Getenv("OCEAN_OPP"); o != "" {
		opps = []string{o}
	}
	var err error
	for _, opp := range opps {
		total := 0.0
		for seed := int64(first); seed < int64(first+seeds); seed++ {
			for seat := 0; seat < 2; seat++ {
				n, _ := policy.NewNet()
				sm := policy.NewSmitsi(n)
				sm.Iters = iters
				if d := env("OCEAN_DEPTH", 0); d > 0 && d <= sm.Depth {
					sm.Depth = d
				}
				if c, err := strconv.ParseFloat(os.Getenv("OCEAN_C"), 64); err == nil {
					sm.C = c
				}
				var pols [2]policy.Policy
				pols[seat] = policy.Play(sm)
				if pols[1-seat], err = policy.New(opp, seed); err != nil {
					t.Fatal(err)
				}
				s := ocean.New(seed)
				var acts []ocean.Action
				for !s.Done() {
					for _, p := range s.Pending() {
						acts = pols[p].Act(s.View(p).(*ocean.View), acts[:0])
						if err := s.AnswerActions(p, acts); err != nil && p == seat {
							t.Fatalf("%s seed %d seat %d: %v", opp, seed, seat, err)
						}
					}
					if err := s.Advance(); err != nil {
						t.Fatal(err)
					}
				}
				if d := s.Deactivation(); d != nil && d.Player == seat {
					t.Errorf("%s seed %d seat %d: removed: %v", opp, seed, seat, d)
				}
				switch s.Winner() {
				case seat:
					total++
				case -1:
					total += 0.5
				}
			}
		}
		t.Logf("against %s: per-seed score %.3f over seeds %d-%d both seats, %d iterations", opp, total/float64(2*seeds), first, first+seeds-1, iters)
	}
}

func env(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}
