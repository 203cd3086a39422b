package enginetest

import (
	"errors"
	"math"
	"testing"

	"cgpolicy/engine"
)

// seedToy is the toy game with flaws in its seed handling.
type seedToy struct {
	toy
	seedFlaw string
}

func (g seedToy) Type() engine.Type {
	t := g.toy.Type()
	if g.seedFlaw == "zero" {
		t.ZeroSeed = false // yet NewState(0) succeeds
	}
	return t
}

func (g seedToy) NewState(seed int64) (engine.State, error) {
	switch {
	case g.seedFlaw == "panic" && seed < 0:
		var s []int
		_ = s[seed&1] // as an engine indexing with a negative remainder
	case g.seedFlaw == "refuse" && seed > math.MaxInt32:
		return nil, errors.New("seed beyond 32 bits")
	case g.seedFlaw == "nil" && seed == math.MinInt64:
		return nil, nil
	}
	return g.toy.NewState(seed)
}

func TestCheckNewStatePassesSoundEngine(t *testing.T) {
	for _, seed := range InterestingSeeds {
		if err := CheckNewState(toy{}, seed); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

func TestCheckNewStateCatchesBrokenSeeds(t *testing.T) {
	for _, g := range []engine.Game{
		seedToy{seedFlaw: "panic"}, seedToy{seedFlaw: "refuse"}, seedToy{seedFlaw: "zero"},
		seedToy{seedFlaw: "nil"}, seedToy{toy: toy{flaw: "dump"}},
	} {
		caught := false
		for _, seed := range InterestingSeeds {
			caught = caught || CheckNewState(g, seed) != nil
		}
		if !caught {
			t.Errorf("%+v went unnoticed on every interesting seed", g)
		}
	}
}
