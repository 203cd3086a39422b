package policy_test

import (
	"testing"

	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/registry/pooltest"
)

// TestSmitsiMatch plays smitsi with a fixed iteration count against
// greedy, every seed from both seats: it must not lose the match (a win
// 1, a tie 1/2 a seed). Longer matches are commands: arena pool -game
// caribbean -bot 'builtin:smitsi?iters=1200'.
func TestSmitsiMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	seeds, first, iters := 2, 1, 300
	score := pooltest.Match(int64(first), seeds,
		func(int64) policy.Policy { return policy.NewSmitsiIters(t, iters) },
		func(seed int64) policy.Policy { return pooltest.Make(t, policy.Policies, "greedy", seed) },
		func(seed int64, pols [2]policy.Policy) []int { return policy.PlayGame(t, seed, pols[0], pols[1]) })
	t.Logf("against greedy: per-seed score %.3f over seeds %d-%d, %d iterations", score, first, first+seeds-1, iters)
	if score < 0.5 {
		t.Errorf("against greedy: per-seed score %.3f, want at least 0.5", score)
	}
}
