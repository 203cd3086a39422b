package policy_test

import (
	"testing"

	"cgpolicy/features/caribbean/policy"
	_ "cgpolicy/features/caribbean/policy/baselines" // "search", an opponent
	"cgpolicy/internal/registry/pooltest"
)

// TestSmitsiMatch plays smitsi with a fixed iteration count against
// greedy and the network-guided search (package baselines' "search", the
// bot's default before smitsi), every seed from both seats, and
// logs its per-seed score (a win 1, a tie 1/2); against greedy it must not
// lose the match. Longer matches are commands: arena pool -game caribbean
// -bot 'builtin:smitsi?iters=1200'.
func TestSmitsiMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	seeds, first, iters := 2, 1, 300
	for _, opp := range []string{"greedy", "search"} {
		score := pooltest.Match(int64(first), seeds,
			func(int64) policy.Policy { return policy.NewSmitsiIters(t, iters) },
			func(seed int64) policy.Policy { return pooltest.Make(t, policy.Policies, opp, seed) },
			func(seed int64, pols [2]policy.Policy) []int { return policy.PlayGame(t, seed, pols[0], pols[1]) })
		t.Logf("against %s: per-seed score %.3f over seeds %d-%d, %d iterations", opp, score, first, first+seeds-1, iters)
		if opp == "greedy" && score < 0.5 {
			t.Errorf("against greedy: per-seed score %.3f, want at least 0.5", score)
		}
	}
}
