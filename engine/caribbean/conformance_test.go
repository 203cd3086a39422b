package caribbean

import (
	"testing"

	"cgpolicy/engine/enginetest"
)

var suite = enginetest.Suite{Game: Game{}, Random: RandomAnswer, RoundTrip: RoundTrip, Typed: TypedAnswer}

func TestConformance(t *testing.T) { enginetest.Run(t, suite) }

func FuzzParse(f *testing.F) { enginetest.Fuzz(f, suite) }

// TestZeroSeed: java.util.Random takes any seed, so 0 is a game like any
// other.
func TestZeroSeed(t *testing.T) {
	st, err := Game{}.NewState(0)
	if err != nil {
		t.Fatal(err)
	}
	if st.Done() || len(st.Pending()) != 2 {
		t.Fatalf("seed 0: done %v, pending %v", st.Done(), st.Pending())
	}
}
