package policy

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/kutulutest"
	"cgpolicy/internal/registry/pooltest"
	"cgpolicy/model/expert/experttest"
)

// flat scores every candidate alike: the network then picks the first
// (stay), and only the search can do better; hint scores greedy's choice
// highest.
type (
	flat = experttest.Flat
	hint = kutulutest.Hint
)

func TestLearnedRegistered(t *testing.T) {
	pooltest.Learned(t, Policies, []string{"net", "smitsi"}, func(name string, p Policy) {
		if got := ActOn(p, ek.New(3), 2, nil); len(got) != 1 {
			t.Errorf("%s: %d actions", name, len(got))
		}
	})
}
