package engine

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
)

func TestRanksAndReturns(t *testing.T) {
	for _, tc := range []struct {
		scores  []int
		ranks   []int
		returns []float64
	}{
		{[]int{5, 3}, []int{1, 2}, []float64{1, -1}},
		{[]int{3, 3}, []int{1, 1}, []float64{0, 0}},
		{[]int{-1, 0}, []int{2, 1}, []float64{-1, 1}},
		{[]int{10, 20, 30, 40}, []int{4, 3, 2, 1}, []float64{-1, -1.0 / 3, 1.0 / 3, 1}},
		{[]int{9, 9, 1, 5}, []int{1, 1, 4, 3}, []float64{2.0 / 3, 2.0 / 3, -1, -1.0 / 3}},
		{[]int{7, 7, 7, 7}, []int{1, 1, 1, 1}, []float64{0, 0, 0, 0}},
		{[]int{1, 2, 2, 2}, []int{4, 1, 1, 1}, []float64{-1, 1.0 / 3, 1.0 / 3, 1.0 / 3}},
	} {
		r := Ranks(tc.scores)
		if !reflect.DeepEqual(r, tc.ranks) {
			t.Errorf("Ranks(%v) = %v, want %v", tc.scores, r, tc.ranks)
			continue
		}
		ret := Returns(r)
		sum := 0.0
		for p := range ret {
			sum += ret[p]
			if math.Abs(ret[p]-tc.returns[p]) > 1e-12 {
				t.Errorf("Returns(%v) = %v, want %v", r, ret, tc.returns)
				break
			}
		}
		if math.Abs(sum) > 1e-12 {
			t.Errorf("Returns(%v) sum to %v, want 0 (zero-sum)", r, sum)
		}
	}
}

func TestDeactivated(t *testing.T) {
	base := errors.New("bad command")
	d := &Deactivation{Player: 1, Err: base}
	wrapped := fmt.Errorf("turn 3: %w", d)
	got, ok := Deactivated(wrapped)
	if !ok || got.Player != 1 || !errors.Is(wrapped, base) {
		t.Fatalf("Deactivated(%v) = %v, %v", wrapped, got, ok)
	}
	if _, ok := Deactivated(fmt.Errorf("%w: twice", ErrProtocol)); ok {
		t.Fatal("a protocol error counted as a deactivation")
	}
	if msg := (&Deactivation{Player: 2, Timeout: true}).Error(); msg == "" {
		t.Fatal("empty message")
	}
}

// countdown is a two-player game of n steps in which each player answers
// one line; "x" is an invalid command and "bug" makes Answer fail out of
// protocol.
type countdown struct {
	left   int
	active [2]bool
	got    [2][]string
}

func (c *countdown) InitLines(p int) []string { return []string{fmt.Sprint("seat ", p)} }
func (c *countdown) Pending() []int {
	if c.Done() {
		return nil
	}
	var ps []int
	for p := 0; p < 2; p++ {
		if c.active[p] {
			ps = append(ps, p)
		}
	}
	return ps
}
func (c *countdown) InputLines(int) []string { return []string{fmt.Sprint(c.left)} }
func (c *countdown) ExpectedLines(int) int   { return 1 }
func (c *countdown) Answer(p int, lines []string) error {
	switch {
	case len(lines) == 0:
		c.active[p] = false
		return &Deactivation{Player: p, Timeout: true}
	case lines[0] == "x":
		c.active[p] = false
		return &Deactivation{Player: p, Reason: "invalid"}
	case lines[0] == "bug":
		return ErrProtocol
	}
	c.got[p] = append(c.got[p], lines[0])
	return nil
}
func (c *countdown) Advance() error    { c.left--; return nil }
func (c *countdown) Done() bool        { return c.left <= 0 || !c.active[0] || !c.active[1] }
func (c *countdown) Active(p int) bool { return c.active[p] }
func (c *countdown) Turn() int         { return 0 }
func (c *countdown) Scores() []int     { return []int{len(c.got[0]), len(c.got[1])} }
func (c *countdown) Clone() State      { d := *c; return &d }

func TestPlay(t *testing.T) {
	for _, tc := range []struct {
		name      string
		answer    func(r Request) []string
		max       int
		steps     int
		verdicts  int
		wantErr   bool
		firstInit bool
	}{
		{"to the end", func(Request) []string { return []string{"ok"} }, 0, 3, 0, false, true},
		{"invalid ends it", func(r Request) []string {
			if r.Step == 1 && r.Player == 1 {
				return []string{"x"}
			}
			return []string{"ok"}
		}, 0, 2, 1, false, true},
		{"timeout", func(r Request) []string { return nil }, 0, 1, 2, false, true},
		{"protocol error is the caller's", func(Request) []string { return []string{"bug"} }, 0, 0, 0, true, true},
		{"step bound", func(Request) []string { return []string{"ok"} }, 2, 2, 0, true, true},
	} {
		c := &countdown{left: 3, active: [2]bool{true, true}}
		inits := 0
		verdicts := 0
		steps, err := Play(c, Loop{
			MaxSteps: tc.max,
			Ask: func(s State, r Request) (Reply, error) {
				if r.Init != nil {
					inits++
					if r.Step != 0 {
						t.Errorf("%s: init lines at step %d", tc.name, r.Step)
					}
				}
				return Reply{Lines: tc.answer(r)}, nil
			},
			Judged: func(s State, r Request, rep Reply, v *Deactivation) error {
				if v != nil {
					verdicts++
				}
				return nil
			},
		})
		if (err != nil) != tc.wantErr || steps != tc.steps || verdicts != tc.verdicts {
			t.Errorf("%s: %d steps, %d verdicts, error %v; want %d, %d, error %v", tc.name, steps, verdicts, err, tc.steps, tc.verdicts, tc.wantErr)
		}
		if !tc.wantErr && inits != 2 {
			t.Errorf("%s: init lines sent %d times, want once per player", tc.name, inits)
		}
	}
}

func TestOutcome(t *testing.T) {
	c := &countdown{active: [2]bool{true, true}, got: [2][]string{{"a"}, {"a"}}}
	res := Outcome(c)
	if res.Winner != -1 || !reflect.DeepEqual(res.Ranks, []int{1, 1}) || res.Score(0) != 0.5 {
		t.Fatalf("a tie: %+v", res)
	}
}
