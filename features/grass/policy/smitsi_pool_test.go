package policy_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"cgpolicy/engine/grass"
	"cgpolicy/features/grass/policy"
	_ "cgpolicy/features/grass/policy/baselines" // the pool members
)

// poolIters is about what the bot's 28 ms of search give at
// BenchmarkSearch's 18,000 iterations a second (2 busy cores).
const poolIters = 500

// TestSmitsiPool is the tuning and report tool: smitsi with
// GRASS_SMITSI_ITERS iterations (fixed, no clock; poolIters by default)
// against each of GRASS_SMITSI_OPPS (comma-separated; default greedy, the
// pool's scripted members, v1 and search) over GRASS_SMITSI_SEEDS seeds from
// GRASS_SMITSI_FROM, both seats, logging the mean score per game;
// GRASS_SMITSI_C and GRASS_SMITSI_DEPTH override the search's C and
// (lower) depth. Skipped unless GRASS_SMITSI_SEEDS is set.
func TestSmitsiPool(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("GRASS_SMITSI_SEEDS"))
	if n <= 0 {
		t.Skip("set GRASS_SMITSI_SEEDS")
	}
	from, _ := strconv.ParseInt(os.Getenv("GRASS_SMITSI_FROM"), 10, 64)
	if from <= 0 {
		from = 7001
	}
	iters, _ := strconv.Atoi(os.Getenv("GRASS_SMITSI_ITERS"))
	if iters <= 0 {
		iters = poolIters
	}
	c, _ := strconv.ParseFloat(os.Getenv("GRASS_SMITSI_C"), 64)
	depth, _ := strconv.Atoi(os.Getenv("GRASS_SMITSI_DEPTH"))
	opps := []string{"greedy", "rusher", "economist", "wall", "v1", "search"}
	if s := os.Getenv("GRASS_SMITSI_OPPS"); s != "" {
		opps = strings.Split(s, ",")
	}
	for _, opp := range opps {
		score, worst := 0.0, 1.0
		for seed := from; seed < from+int64(n); seed++ {
			per := 0.0
			for seat := 0; seat < 2; seat++ {
				me, err := policy.New("smitsi", seed)
				if err != nil {
					t.Fatal(err)
				}
				sm := me.(*policy.Smitsi)
				sm.Iters = iters
				if c > 0 {
					sm.C = c
				}
				if depth > 0 {
					sm.Depth = depth
				}
				them, err := policy.New(opp, seed+1000)
				if err != nil {
					t.Fatal(err)
				}
				var pols [2]policy.Policy
				pols[seat], pols[1-seat] = me, them
				per += result(t, seed, pols, seat)
			}
			score += per / 2
			if per/2 < worst {
				worst = per / 2
			}
		}
		t.Logf("smitsi vs %-9s %.3f over %d seeds from %d, both seats", opp, score/float64(n), n, from)
	}
}

// result plays seed to the end and returns seat me's score: 1 for a win,
// 0.5 for a draw.
func result(t *testing.T, seed int64, pols [2]policy.Policy, me int) float64 {
	s, err := grass.New(seed)
	if err != nil {
		t.Fatal(err)
	}
	var acts [2][]grass.Action
	for !s.Done() {
		for p := 0; p < 2; p++ {
			acts[p] = policy.ActOn(pols[p], s, p, acts[p][:0])
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			t.Fatal(err)
		}
	}
	switch s.Winner() {
	case me:
		return 1
	case -1:
		return 0.5
	}
	return 0
}
