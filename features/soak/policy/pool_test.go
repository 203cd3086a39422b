package policy

import (
	"reflect"
	"testing"
)

// TestPoolNames: without the baselines package, the pool is the members
// this package registers, in pool order; v1 is there when the weights fit
// and plays a search over them.
func TestPoolNames(t *testing.T) {
	if poolErr != nil {
		t.Fatal(poolErr)
	}
	want := []string{"random", "greedy"}
	if learnedErr == nil {
		want = append(want, "v1")
	}
	if got := PoolNames(); !reflect.DeepEqual(got, want) {
		t.Fatalf("PoolNames() = %v, want %v", got, want)
	}
	if learnedErr != nil {
		return
	}
	p, err := New("v1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.(*Search); !ok || s.net == nil {
		t.Fatalf("v1 is %T, want the network-guided *Search", p)
	}
}
