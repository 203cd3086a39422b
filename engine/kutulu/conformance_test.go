package kutulu

import (
	"testing"

	"cgpolicy/engine/enginetest"
)

var suite = enginetest.Suite{Game: Game{}, Random: RandomAnswer, RoundTrip: RoundTrip, Typed: TypedAnswer}

func TestConformance(t *testing.T) { enginetest.Run(t, suite) }

func FuzzParse(f *testing.F) { enginetest.Fuzz(f, suite) }
