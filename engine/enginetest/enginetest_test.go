package enginetest

import (
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"cgpolicy/engine"
)

// toy is a tiny simultaneous game: each step both players add 0..3 to their
// total; after 12 steps the larger total wins. Its flaws switch on the bugs
// the suite must catch.
type toy struct{ flaw string }

func (g toy) Name() string  { return "toy" }
func (toy) NumPlayers() int { return 2 }
func (toy) MaxSteps() int   { return 20 }
func (toy) Type() engine.Type {
	return engine.Type{MinPlayers: 2, MaxPlayers: 2, ZeroSeed: true}
}
func (g toy) NewObserver(int) engine.Observer { return &toyObserver{flaw: g.flaw} }
func (g toy) NewState(seed int64) (engine.State, error) {
	return &toyState{flaw: g.flaw, totals: []int{0, 0}, active: []bool{true, true}, seed: seed}, nil
}

var leak int // shared by every toyState with the "global" flaw

type toyState struct {
	flaw   string
	seed   int64
	step   int
	totals []int
	active []bool
}

func (s *toyState) InitLines(p int) []string { return []string{strconv.Itoa(p)} }
func (s *toyState) Pending() []int {
	if s.Done() {
		return nil
	}
	var ps []int
	for p, a := range s.active {
		if a {
			ps = append(ps, p)
		}
	}
	return ps
}
func (s *toyState) InputLines(p int) []string {
	line := fmt.Sprintf("%d %d", s.totals[p], s.totals[1-p])
	if s.flaw == "global" {
		leak++
		line += " " + strconv.Itoa(leak)
	}
	return []string{line}
}
func (s *toyState) ExpectedLines(int) int { return 1 }
func (s *toyState) Answer(p int, lines []string) error {
	if len(lines) < 1 {
		s.active[p] = false
		return &engine.Deactivation{Player: p, Timeout: true}
	}
	f := strings.Fields(lines[0])
	if s.flaw == "panic" {
		_ = f[1] // indexes without checking
	}
	if len(f) != 2 || f[0] != "ADD" {
		if s.flaw == "protocol" {
			return fmt.Errorf("invalid %q", lines[0]) // not a verdict, and p stays
		}
		s.active[p] = false
		return &engine.Deactivation{Player: p, Reason: fmt.Sprintf("invalid %q", lines[0])}
	}
	k, err := strconv.Atoi(f[1])
	if err != nil || k < 0 || k > 3 {
		s.active[p] = false
		return &engine.Deactivation{Player: p, Reason: fmt.Sprintf("invalid %q", lines[0])}
	}
	s.totals[p] += k
	return nil
}

// AnswerActions is the toy's typed path: one number to add.
func (s *toyState) AnswerActions(p int, acts []int) error {
	for _, k := range acts {
		if s.flaw == "typed" {
			k *= 2
		}
		s.totals[p] += k
	}
	return nil
}

func (s *toyState) String() string {
	return fmt.Sprintf("step %d totals %v active %v seed %d", s.step, s.totals, s.active, s.seed)
}

// toyView is the toy's view: both totals from the player's side.
type toyView struct{ mine, theirs, step int }

func (v toyView) String() string { return fmt.Sprintf("%d %d %d", v.mine, v.theirs, v.step) }

func (s *toyState) View(p int) engine.View {
	return toyView{s.totals[p], s.totals[1-p], s.step}
}

type toyObserver struct {
	flaw string
	step int
}

func (o *toyObserver) Observe(init, input []string) (engine.View, error) {
	var v toyView
	if _, err := fmt.Sscan(input[0], &v.mine, &v.theirs); err != nil {
		return nil, err
	}
	v.step = o.step
	if o.flaw != "view" {
		o.step++
	}
	return v, nil
}
func (s *toyState) Advance() error    { s.step++; return nil }
func (s *toyState) Done() bool        { return s.step >= 12 || !s.active[0] || !s.active[1] }
func (s *toyState) Active(p int) bool { return s.active[p] }
func (s *toyState) Turn() int         { return s.step }
func (s *toyState) Scores() []int {
	out := append([]int(nil), s.totals...)
	for p, a := range s.active {
		if !a {
			out[p] = -1
		}
	}
	return out
}
func (s *toyState) Clone() engine.State {
	c := *s
	if s.flaw == "dump" {
		c.seed++
	}
	if s.flaw != "shared" {
		c.totals = append([]int(nil), s.totals...)
		c.active = append([]bool(nil), s.active...)
	}
	return &c
}

func toySuite(flaw string) Suite {
	return Suite{
		Game: toy{flaw: flaw},
		Random: func(_ engine.State, _ int, rng *rand.Rand) []string {
			return []string{fmt.Sprintf("ADD %d", rng.Intn(4))}
		},
		Typed: func(_ engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
			k := rng.Intn(4)
			return []string{fmt.Sprintf("ADD %d", k)}, func(st engine.State) error {
				return st.(*toyState).AnswerActions(p, []int{k})
			}
		},
		Seeds: []int64{1, 2, 3},
	}
}

func TestSuitePassesSoundEngine(t *testing.T) {
	Run(t, toySuite(""))
}

func TestSuiteCatchesBrokenEngines(t *testing.T) {
	tests := []struct {
		flaw  string
		check func(Suite, int64) error
	}{
		{"shared", CheckClone},
		{"global", CheckDeterminism},
		{"panic", CheckGarbage},
		{"protocol", CheckGarbage},
		{"dump", CheckCloneDump},
		{"typed", CheckTypedText},
		{"view", CheckView},
	}
	for _, tc := range tests {
		t.Run(tc.flaw, func(t *testing.T) {
			if err := tc.check(toySuite(tc.flaw), 1); err == nil {
				t.Fatalf("flaw %q went unnoticed", tc.flaw)
			}
		})
	}
}
