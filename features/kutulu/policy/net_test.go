package policy

import (
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
)

// flat scores every candidate alike: the network then picks the first
// (stay), and only the search can do better.
type flat struct{}

func (flat) ScoreAll(_, _ []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 0
	}
}

// hint scores greedy's choice highest.
type hint struct{}

func (hint) ScoreAll(_, xc []float32, n int, dst []float32) {
	for k := 0; k < n; k++ {
		dst[k] = 2 * xc[k*fk.CandDim+fk.CHint]
	}
}

func TestLearnedRegistered(t *testing.T) {
	if err := Policies.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"net", "smitsi"} {
		p, err := Policies.Make(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := ActOn(p, ek.New(3), 2, nil); len(got) != 1 {
			t.Errorf("%s: %d actions", name, len(got))
		}
	}
}
