package registry

import (
	"errors"
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

// TestFailed: a recorded registration failure reaches whoever asks for an
// unknown name, and errors.Is still finds it.
func TestFailed(t *testing.T) {
	r := New[*pol]("policy")
	_ = r.Register("greedy", func(seed int64) *pol { return &pol{"greedy", seed} })
	if r.Err() != nil || r.Failed(nil) != nil || r.Err() != nil {
		t.Fatal("a registry without failures reports one")
	}
	shape := errors.New("weights have 12 features, the encoder 13")
	if err := r.Failed(shape); err != shape {
		t.Errorf("Failed returned %v, want its argument", err)
	}
	_, err := r.Make("search", 1)
	if err == nil || !errors.Is(err, shape) || !strings.Contains(err.Error(), "unknown policy \"search\"") || !strings.Contains(err.Error(), "12 features") {
		t.Errorf("Make(search) = %v, want the unknown name and the cause", err)
	}
	if _, err := r.Make("greedy", 1); err != nil {
		t.Errorf("Make(greedy) = %v, a failure elsewhere must not hide it", err)
	}
	_ = r.Failed(errors.New("second"))
	if err := r.Err(); err != shape {
		t.Errorf("Err() = %v, want the first failure", err)
	}
}

func TestDefaultFirst(t *testing.T) {
	for _, tc := range []struct {
		def   string
		names []string
		want  []string
	}{
		{"search", []string{"greedy", "net", "random", "search"}, []string{"search", "greedy", "net", "random"}},
		{"search", []string{"greedy", "random"}, []string{"greedy", "random"}},
		{"greedy", []string{"greedy"}, []string{"greedy"}},
		{"x", nil, []string{}},
	} {
		if got := DefaultFirst(tc.def, tc.names); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("DefaultFirst(%q, %q) = %q, want %q", tc.def, tc.names, got, tc.want)
		}
	}
}

// TestRegisterAll: entries register in order, and the first failure stops
// the rest and is returned.
func TestRegisterAll(t *testing.T) {
	f := func(int64) int { return 1 }
	cases := []struct {
		name    string
		entries []Entry[int]
		want    []string
		wantErr bool
	}{
		{"all", []Entry[int]{{"a", f}, {"b", f}}, []string{"a", "b"}, false},
		{"clash stops the rest", []Entry[int]{{"a", f}, {"a", f}, {"c", f}}, []string{"a"}, true},
		{"empty name", []Entry[int]{{"", f}, {"d", f}}, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := New[int]("policy")
			err := RegisterAll(r.Register, tc.entries)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if got := r.Names(); strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Fatalf("names %v, want %v", got, tc.want)
			}
		})
	}
}
