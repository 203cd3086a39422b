package registry

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"cgpolicy/internal/nn"
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

// TestWeights: weights whose widths differ from the encoder's make no
// scorer, and say which side has which widths; weights that do not decode
// say so; fitting ones make a fresh scorer each time.
func TestWeights(t *testing.T) {
	made := 0
	mk := func() (*pol, error) { made++; return &pol{name: "net", seed: int64(made)}, nil }
	broken := func() (*pol, error) { return nil, errors.New("nn: packed weights: 3 characters, want 4") }
	shape := nn.Shape{AgentDim: 10, CandDim: 4, MaxCands: 3}
	cases := []struct {
		name    string
		w       Weights[*pol]
		wantErr string
	}{
		{"fits", Weights[*pol]{"g", shape, 10, 4, mk}, ""},
		{"agent differs", Weights[*pol]{"g", shape, 11, 4, mk}, "weights/g has agent=10 cand=4 features, features/g encodes 11 and 4; retrain"},
		{"cand differs", Weights[*pol]{"g", shape, 10, 5, mk}, "cand=4 features, features/g encodes 10 and 5"},
		{"corrupt", Weights[*pol]{"g", shape, 10, 4, broken}, "policy: weights/g: nn: packed weights: 3 characters"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := made
			a, err := tc.w.Scorer()
			name, werr := Wrap(&tc.w, func(p *pol) string { return p.name })
			if (werr == nil) != (err == nil) || (err == nil) != (name == "net") {
				t.Errorf("Wrap = %q, %v; Scorer's error %v", name, werr, err)
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || a != nil || made != before {
					t.Fatalf("Scorer() = %v, %v (made %d), want no scorer and %q", a, err, made-before, tc.wantErr)
				}
				if fit := tc.w.Fit(); fit == nil || fit.Error() != err.Error() {
					t.Errorf("Fit() = %v, Scorer's error %v", fit, err)
				}
				return
			}
			b, err2 := tc.w.Scorer()
			if err != nil || err2 != nil || a == nil || a == b || tc.w.Fit() != nil {
				t.Fatalf("Scorer() = %v, %v and %v, %v: want two distinct scorers", a, err, b, err2)
			}
		})
	}
}

// TestUnless: a failure registers none of the entries and is recorded; a
// fit registers every entry (Seedless ignores the seed), and Add is
// Unless without a failure; a clash among the entries is recorded too.
func TestUnless(t *testing.T) {
	f := func(int64) int { return 1 }
	seven := Seedless("seven", func() int { return 7 })
	misfit := errors.New("weights/g has agent=1; retrain")
	cases := []struct {
		name    string
		err     error
		entries []Entry[int]
		want    []string
		wantErr string
	}{
		{"fits", nil, []Entry[int]{{"net", f}, {"smitsi", f}, seven}, []string{"net", "seven", "smitsi"}, ""},
		{"misfit names nothing", misfit, []Entry[int]{{"net", f}, {"smitsi", f}}, nil, "retrain"},
		{"clash", nil, []Entry[int]{{"net", f}, {"net", f}, seven}, []string{"net"}, "registered twice"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, add := range []bool{false, true} {
				r := New[int]("policy")
				if add && tc.err == nil {
					if r.Add(tc.entries...) != r {
						t.Fatal("Add does not return its registry")
					}
				} else if r.Unless(tc.err, tc.entries...) != r {
					t.Fatal("Unless does not return its registry")
				}
				err := r.Err()
				if (err == nil) != (tc.wantErr == "") || err != nil && !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Err() = %v, want %q", err, tc.wantErr)
				}
				if got := r.Names(); strings.Join(got, ",") != strings.Join(tc.want, ",") {
					t.Errorf("names %v, want %v", got, tc.want)
				}
				for _, n := range r.Names() {
					if p, err := r.Make(n, 3); err != nil || p != 1 && n != "seven" || n == "seven" && p != 7 {
						t.Errorf("Make(%s) = %d, %v", n, p, err)
					}
				}
			}
		})
	}
	if err := ErrOf(1, misfit); err != misfit {
		t.Errorf("ErrOf = %v", err)
	}
}

// knobs is a tunable policy: it takes c (a number) and name.
type knobs struct {
	c    float64
	name string
	set  []string
}

func (k *knobs) Set(key, value string) error {
	k.set = append(k.set, key)
	switch key {
	case "c":
		var err error
		k.c, err = ParseFloat(value)
		return err
	case "name":
		k.name = value
		return nil
	}
	return UnknownOption(key, "c", "name")
}

// TestOptions: options after the name reach the policy in order; a policy
// without options, an unknown key, a bad value and a malformed option are
// errors that name what is wrong.
func TestOptions(t *testing.T) {
	r := New[any]("policy")
	_ = r.Register("tuned", func(int64) any { return &knobs{c: 1} })
	_ = r.Register("plain", func(seed int64) any { return &pol{"plain", seed} })
	cases := []struct {
		name    string
		want    *knobs
		wantErr string
	}{
		{name: "tuned", want: &knobs{c: 1}},
		{name: "tuned?c=2.5&name=x&c=3", want: &knobs{c: 3, name: "x", set: []string{"c", "name", "c"}}},
		{name: "tuned?name=", want: &knobs{c: 1, set: []string{"name"}}},
		{name: "tuned?d=1", wantErr: `option d=1: unknown option "d" (takes c, name)`},
		{name: "tuned?c=abc", wantErr: "option c=abc: "},
		{name: "tuned?c", wantErr: `option "c" is not key=value`},
		{name: "tuned?=1", wantErr: `option "=1" is not key=value`},
		{name: "plain?c=1", wantErr: `"plain" takes no options`},
		{name: "nosuch?c=1", wantErr: `unknown policy "nosuch"`},
	}
	for _, tc := range cases {
		p, err := r.Make(tc.name, 1)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Make(%q) error %v, want %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Make(%q): %v", tc.name, err)
			continue
		}
		if got := p.(*knobs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Make(%q) = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
