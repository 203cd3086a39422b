package registry

import (
	"reflect"
	"strings"
	"testing"
)

type pol struct {
	name string
	seed int64
}

func TestRegistry(t *testing.T) {
	r := New[*pol]("policy")
	mk := func(name string) Factory[*pol] {
		return func(seed int64) *pol { return &pol{name, seed} }
	}
	for _, tc := range []struct {
		name    string
		f       Factory[*pol]
		wantErr string
	}{
		{"greedy", mk("greedy"), ""},
		{"random", mk("random"), ""},
		{"greedy", mk("other"), "registered twice"},
		{"", mk("x"), "empty name"},
		{"nil", nil, "empty name or factory"},
	} {
		err := r.Register(tc.name, tc.f)
		if (err == nil) != (tc.wantErr == "") || err != nil && !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Register(%q): error %v, want %q", tc.name, err, tc.wantErr)
		}
	}
	if got := r.Names(); !reflect.DeepEqual(got, []string{"greedy", "random"}) {
		t.Errorf("Names() = %q", got)
	}
	p, err := r.Make("random", 7)
	if err != nil || p.name != "random" || p.seed != 7 {
		t.Errorf("Make(random, 7) = %+v, %v", p, err)
	}
	// the first registration wins; a duplicate never replaces it
	if p, _ := r.Make("greedy", 1); p.name != "greedy" {
		t.Errorf("greedy was replaced by %q", p.name)
	}
	if !r.Has("random") || r.Has("nosuch") || r.Has("") {
		t.Error("Has disagrees with the registrations")
	}
	if _, err := r.Make("nosuch", 1); err == nil || !strings.Contains(err.Error(), "greedy, random") {
		t.Errorf("Make(nosuch): error %v, want the known names listed", err)
	}
}
