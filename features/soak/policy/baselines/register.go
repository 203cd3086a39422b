// Package baselines holds the hand-written Soak Overflow bots of the
// evaluation pool and the league (issue 10): an aggressive shooter and
// bomber, a territory holder and a cover camper, each with a plan of its own,
// and v1 and v2, the bots committed before the retraining and before the
// shared search (issue 21), each on frozen weights, and search, v1's
// coordinate-descent search (search.go) on the committed weights, so that
// the learner meets more than our greedy bot. They register under
// their names in features/soak/policy, so the arena (builtin:NAME), the
// trainer's pool (policy.PoolNames) and the tests name them like any other
// policy.
//
// They live apart from package policy so that the CodinGame bot, which
// imports policy, does not carry them: its bundle must stay within
// CodinGame's 100,000 characters. Import this package (for its side
// effect) wherever the pool is played.
package baselines

import (
	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
	"cgpolicy/internal/registry"
)

// registerErr keeps the outcome of registering the baselines, for the tests
// to report (a name clash leaves the later names unregistered); policy.Err
// reports it to the arena.
var registerErr = policy.Policies.Failed(register())

func register() error {
	v1, err := frozenParams("v1", v1Weights)
	if err != nil {
		return err
	}
	v2, err := frozenParams("v2", v2Weights)
	if err != nil {
		return err
	}
	if _, err := policy.NewNet(); err != nil {
		return err // "search" plays the committed weights
	}
	return registry.RegisterAll(policy.Policies.Register, []registry.Entry[policy.Policy]{
		{Name: "aggressive", New: func(int64) policy.Policy { return NewAggressive() }},
		{Name: "territory", New: func(int64) policy.Policy { return NewTerritory() }},
		{Name: "camper", New: func(int64) policy.Policy { return NewCamper() }},
		{Name: "v1", New: func(int64) policy.Policy { return NewV1(v1) }},
		{Name: "v2", New: func(int64) policy.Policy { return NewV2(v2) }},
		// the bot's default before smitsi (search.go), kept for the
		// arena and the trainer but not bundled into the bot
		{Name: "search", New: func(int64) policy.Policy {
			n, _ := policy.NewNet()
			return NewSearch(n)
		}},
	})
}

// hunkerTieBreak makes hunkering, which is free, win over standing idle.
const hunkerTieBreak = 0.01

// near reports whether (x, y) lies in the 3x3 splash around (tx, ty).
func near(x, y, tx, ty int) bool { return iabs(x-tx) <= 1 && iabs(y-ty) <= 1 }

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// slot numbers an agent's five possible end cells (stay, then the four
// steps) for a per-cell cache.
func slot(a soak.Agent, x, y int) int {
	switch {
	case x == a.X+1:
		return 1
	case x == a.X-1:
		return 2
	case y == a.Y+1:
		return 3
	case y == a.Y-1:
		return 4
	}
	return 0
}

// Pool is the game's evaluation pool, in the order tables list it: random
// and greedy, the hand-written styles, then the frozen earlier bots. The
// trainer rates each iteration against it and arena pool plays it.
var Pool = []string{"random", "greedy", "aggressive", "territory", "camper", "v1", "v2"}
