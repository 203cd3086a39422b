package policy_test

import (
	"os"
	"strings"
	"testing"

	"cgpolicy/features/caribbean/policy"
	"cgpolicy/features/caribbean/policy/baselines"
)

// TestSmitsiMatch plays smitsi with a fixed iteration count against
// greedy and the network-guided search (package baselines' "search", the
// bot's default before smitsi), every seed from both seats, and
// logs its per-seed score (a win 1, a tie 1/2); against greedy it must not
// lose the match. CARIB_SEEDS, CARIB_FIRST and CARIB_ITERS scale it up;
// CARIB_OPPS names the opponents, comma-separated, where "search-full" is
// the search judging as many answers as it wants (its deadline's cap)
// rather than its small fixed budget.
func TestSmitsiMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	seeds, first, iters := policy.EnvInt("CARIB_SEEDS", 2), policy.EnvInt("CARIB_FIRST", 1), policy.EnvInt("CARIB_ITERS", 300)
	opps := []string{"greedy", "search"}
	if o := os.Getenv("CARIB_OPPS"); o != "" {
		opps = strings.Split(o, ",")
	}
	for _, opp := range opps {
		total := 0.0
		for seed := int64(first); seed < int64(first+seeds); seed++ {
			for seat := 0; seat < 2; seat++ {
				var pols [2]policy.Policy
				var err error
				pols[seat] = policy.TunedSmitsi(t, iters)
				if opp == "search-full" {
					n, err := policy.NewNet()
					if err != nil {
						t.Fatal(err)
					}
					sr := baselines.NewSearch(n)
					sr.Evals = sr.MaxEvals
					pols[1-seat] = sr
				} else if pols[1-seat], err = policy.New(opp, seed); err != nil {
					t.Fatal(err)
				}
				sc := policy.PlayGame(t, seed, pols[0], pols[1])
				switch {
				case sc[seat] > sc[1-seat]:
					total++
				case sc[seat] == sc[1-seat]:
					total += 0.5
				}
			}
		}
		score := total / float64(2*seeds)
		t.Logf("against %s: per-seed score %.3f over seeds %d-%d, %d iterations", opp, score, first, first+seeds-1, iters)
		if opp == "greedy" && score < 0.5 {
			t.Errorf("against greedy: per-seed score %.3f, want at least 0.5", score)
		}
	}
}
