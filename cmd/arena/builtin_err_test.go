package main

import (
	"errors"
	"strings"
	"testing"

	"cgpolicy/engine/arena"
)

// TestRegisterBuiltinsReportsCause: when a game's policy package failed to
// register some policies (weights that do not fit the features), asking
// the arena for one of them says why, and the tests' error is that cause.
func TestRegisterBuiltinsReportsCause(t *testing.T) {
	cause := errors.New("policy: weights/failgame has agent=3 features, features/failgame encodes 4; retrain")
	err := registerBuiltins("failgame", cause, func() error { return nil })
	if err != cause {
		t.Errorf("registerBuiltins returned %v, want the policy package's error", err)
	}
	clash := errors.New("arena: policy failgame/x registered twice")
	if err := registerBuiltins("failgame", nil, func() error { return clash }); err != clash {
		t.Errorf("registerBuiltins returned %v, want the registration's error", err)
	}
	_, err = arena.LookupPolicy("failgame", "search")
	if err == nil || !strings.Contains(err.Error(), "retrain") || !strings.Contains(err.Error(), "registered twice") {
		t.Errorf("LookupPolicy(failgame, search) = %v, want both causes", err)
	}
}
