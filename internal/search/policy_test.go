package search

import (
	"errors"
	"strings"
	"testing"
)

// tunedMatrix is the dominant game with one option of its own.
type tunedMatrix struct {
	matrix
	w *float64
}

func (g tunedMatrix) Set(key, value string) error {
	if key != "w" {
		return errors.New("tunedMatrix takes w")
	}
	*g.w = float64(len(value))
	return nil
}

// TestPolicySet: the search's options set its fields (k, arms and depth
// resize it), bad values and unknown keys are errors, and other keys reach
// a game that takes options.
func TestPolicySet(t *testing.T) {
	root := func(int) (*toy, int, bool) { return &toy{}, 0, true }
	cases := []struct {
		key, value string
		check      func(p *Policy[*toy, int, int]) bool
		wantErr    string
	}{
		{"iters", "77", func(p *Policy[*toy, int, int]) bool { return p.Iters == 77 }, ""},
		{"c", "0.25", func(p *Policy[*toy, int, int]) bool { return p.C == 0.25 }, ""},
		{"anchor", "300", func(p *Policy[*toy, int, int]) bool { return p.Anchor == 300 }, ""},
		{"others", "50", func(p *Policy[*toy, int, int]) bool { return p.OthersAnchor == 50 }, ""},
		{"depth", "2", func(p *Policy[*toy, int, int]) bool { return p.Depth == 2 && len(p.us[0].node) == 2 }, ""},
		{"k", "2", func(p *Policy[*toy, int, int]) bool { return p.K == 2 && len(p.us[0].root) == 2 }, ""},
		{"arms", "5", func(p *Policy[*toy, int, int]) bool { return p.Arms == 5 && p.w == 5 }, ""},
		{"w", "abc", func(p *Policy[*toy, int, int]) bool { return *p.Game().(tunedMatrix).w == 3 }, ""},
		{"iters", "-1", nil, "whole number"},
		{"c", "x", nil, "want a number"},
		{"k", "0", nil, "at least 1"},
		{"depth", "0", nil, "at least 1"},
	}
	for _, tc := range cases {
		w := 0.0
		p := NewPolicy[*toy, int, int](tunedMatrix{dominant(), &w}, cfg(2), 10, root)
		err := p.Set(tc.key, tc.value)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Set(%s, %s) error %v, want %q", tc.key, tc.value, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !tc.check(p) {
			t.Errorf("Set(%s, %s): %v; the policy did not take it", tc.key, tc.value, err)
		}
	}
	plain := NewPolicy[*toy, int, int](dominant(), cfg(2), 10, root)
	if err := plain.Set("w", "1"); err == nil || !strings.Contains(err.Error(), "takes iters, c, depth") {
		t.Errorf("a game without options took w: %v", err)
	}
}

// TestPolicyAct: the policy answers the root's best arms, through Finish
// when set, and Fallback's answer for a view Root refuses.
func TestPolicyAct(t *testing.T) {
	p := NewPolicy[*toy, int, int](dominant(), cfg(2), 300, func(v int) (*toy, int, bool) { return &toy{}, 0, v >= 0 })
	if got := p.Act(1, nil); len(got) != 1 || got[0] != 1 {
		t.Errorf("Act = %v, want the dominant action [1]", got)
	}
	if got := p.Act(-1, nil); len(got) != 0 {
		t.Errorf("Act on a refused view without fallback = %v, want nothing", got)
	}
	p.Fallback = func(int, []int) []int { return []int{9} }
	p.Finish = func(_ int, best, dst []int) []int { return append(dst, best[0]+10) }
	if got := p.Act(-1, nil); len(got) != 1 || got[0] != 9 {
		t.Errorf("Act on a refused view = %v, want the fallback's [9]", got)
	}
	if got := p.Act(1, []int{5}); len(got) != 2 || got[0] != 5 || got[1] != 11 {
		t.Errorf("Act with Finish = %v, want [5 11]", got)
	}
}
