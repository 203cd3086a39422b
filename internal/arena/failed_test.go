package arena

import (
	"errors"
	"strings"
	"testing"
)

// TestRegisterFailed: a builtin that failed to register is unknown with
// its cause, whether or not the game has other builtins.
func TestRegisterFailed(t *testing.T) {
	noAgent := PolicyFunc(func(int64, int) (Agent, error) { return nil, errors.New("unused") })
	if err := Register("failtest-some", "greedy", noAgent); err != nil {
		t.Fatal(err)
	}
	cause := errors.New("weights/failtest has 12 features, the encoder 13; retrain")
	for _, game := range []string{"failtest-some", "failtest-none"} {
		if _, err := LookupPolicy(game, "search"); err == nil || strings.Contains(err.Error(), "retrain") {
			t.Fatalf("%s before the failure: %v, want unknown without a cause", game, err)
		}
		if RegisterFailed(game, nil) != nil || RegisterFailed(game, cause) != cause {
			t.Fatal("RegisterFailed does not return its error")
		}
		if _, err := LookupPolicy(game, "search"); err == nil || !strings.Contains(err.Error(), `"search"`) || !strings.Contains(err.Error(), "retrain") {
			t.Errorf("%s: %v, want the unknown name and the cause", game, err)
		}
	}
	if _, err := LookupPolicy("failtest-some", "greedy"); err != nil {
		t.Errorf("a registered builtin is hidden by a failure: %v", err)
	}
}
