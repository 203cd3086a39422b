package expert

import (
	"errors"
	"reflect"
	"testing"

	"cgpolicy/internal/registry"
)

// seeded is a policy that answers its seed, so a test sees which seed
// made it.
type seeded int64

func (s seeded) Act(_ int, dst []int64) []int64 { return append(dst, int64(s)) }

// TestNamedPool: one member per name the registry makes, in order; names
// it refuses are left out; each member's New passes its seed on.
func TestNamedPool(t *testing.T) {
	known := map[string]bool{"random": true, "greedy": true, "v1": true}
	newPolicy := func(name string, seed int64) (Policy[int, int64], error) {
		if !known[name] {
			return nil, errors.New("unknown policy " + name)
		}
		return seeded(seed), nil
	}
	pool := NamedPool([]string{"random", "nosuch", "greedy", "v1"}, newPolicy)
	var names []string
	for _, m := range pool {
		names = append(names, m.Name)
	}
	if want := []string{"random", "greedy", "v1"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("members %v, want %v", names, want)
	}
	for i, m := range pool {
		if got := m.New(int64(40+i)).Act(0, nil); !reflect.DeepEqual(got, []int64{int64(40 + i)}) {
			t.Errorf("%s made with seed %d answers %v", m.Name, 40+i, got)
		}
	}
}

// TestRegistryPool: the pool of a registry is NamedPool over its Make:
// the registered names in order, each member made with its seed.
func TestRegistryPool(t *testing.T) {
	r := registry.New[Policy[int, int64]]("policy")
	for _, name := range []string{"greedy", "v1"} {
		if err := r.Register(name, func(seed int64) Policy[int, int64] { return seeded(seed) }); err != nil {
			t.Fatal(err)
		}
	}
	pool := RegistryPool[int, int64]("nosuchgame", []string{"v1", "nosuch", "greedy"}, r)
	if len(pool) != 2 || pool[0].Name != "v1" || pool[1].Name != "greedy" {
		t.Fatalf("pool %+v, want v1 and greedy", pool)
	}
	if got := pool[1].New(7).Act(0, nil); !reflect.DeepEqual(got, []int64{7}) {
		t.Errorf("greedy made with seed 7 answers %v", got)
	}
}
