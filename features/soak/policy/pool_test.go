package policy

import (
	"reflect"
	"testing"
)

// TestPoolNames: without the baselines package, the pool is the members
// this package registers, in pool order; the hand-written bots and v1 are
// not in the bot's own package.
func TestPoolNames(t *testing.T) {
	want := []string{"random", "greedy"}
	if got := PoolNames(); !reflect.DeepEqual(got, want) {
		t.Fatalf("PoolNames() = %v, want %v", got, want)
	}
	for _, n := range []string{"v1", "v2"} {
		if policies.Has(n) {
			t.Errorf("%s is registered by package policy; it belongs to package baselines, outside the bot", n)
		}
	}
}
