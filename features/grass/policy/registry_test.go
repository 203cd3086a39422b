package policy

import (
	"testing"

	"cgpolicy/engine/grass"
)

// TestRegistry: every name makes a policy that plays, and the learned ones
// are there when the committed weights fit the features.
func TestRegistry(t *testing.T) {
	if err := Policies.Err(); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range Policies.Names() {
		names[n] = true
		p, err := Policies.Make(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		s, err := grass.New(2)
		if err != nil {
			t.Fatal(err)
		}
		if acts := ActOn(p, s, 0, nil); len(acts) == 0 {
			t.Errorf("%s: no orders on the first turn", n)
		}
	}
	for _, n := range []string{"random", "greedy", "net", "smitsi"} {
		if !names[n] {
			t.Errorf("%q not registered (have %v)", n, Policies.Names())
		}
	}
	if _, err := Policies.Make("nope", 1); err == nil {
		t.Error("unknown name accepted")
	}
	if err := Policies.Register("greedy", func(int64) Policy { return NewGreedy() }); err == nil {
		t.Error("a name registered twice")
	}
}
