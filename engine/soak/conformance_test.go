package soak

import (
	"errors"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/jrand"
)

var suite = enginetest.Suite{Game: Game{}, Random: RandomAnswer, RoundTrip: RoundTrip, Typed: TypedAnswer}

func TestConformance(t *testing.T) { enginetest.Run(t, suite) }

func FuzzParse(f *testing.F) { enginetest.Fuzz(f, suite) }

func TestZeroSeed(t *testing.T) {
	if _, err := (Game{}).NewState(0); !errors.Is(err, jrand.ErrZeroSeed) {
		t.Fatalf("NewState(0) error = %v, want ErrZeroSeed", err)
	}
}
