// Package enginetest is the conformance suite every game engine opts into:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Suite{Game: soak.Game{}, Random: soak.RandomAnswer, RoundTrip: soak.RoundTrip})
//	}
//
// It checks what no single golden trace can: that random legal play over many
// seeds never panics and ends in time, that a seed and a sequence of answers
// determine the game byte for byte, that clones share nothing, that typed
// actions survive formatting and parsing, and that garbage output is handled
// as the referee handles it (an error or a disqualification), never a panic.
// Each check is also an exported function returning an error, so the suite
// itself is tested against deliberately broken engines.
package enginetest

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"cgpolicy/engine"
)

// Suite describes one game to the conformance checks.
type Suite struct {
	Game engine.Game
	// Random returns an answer for player p that the referee accepts without
	// disqualifying p, chosen with rng.
	Random func(s engine.State, p int, rng *rand.Rand) []string
	// RoundTrip picks random typed actions for p, formats them, parses them
	// back and reports any difference. Nil skips that check.
	RoundTrip func(s engine.State, p int, rng *rand.Rand) error
	// Seeds are the game seeds to play; nil means 1..40.
	Seeds []int64
}

func (s Suite) seeds() []int64 {
	if s.Seeds != nil {
		return s.Seeds
	}
	out := make([]int64, 40)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

// Run runs every check as a subtest.
func Run(t *testing.T, s Suite) {
	t.Helper()
	seeds := s.seeds()
	if testing.Short() && len(seeds) > 8 {
		seeds = seeds[:8]
	}
	checks := []struct {
		name string
		fn   func(Suite, int64) error
	}{
		{"RandomPlayout", CheckPlayout},
		{"Determinism", CheckDeterminism},
		{"CloneIndependence", CheckClone},
		{"Garbage", CheckGarbage},
	}
	for _, c := range checks {
		c := c
		t.Run(c.name, func(t *testing.T) {
			for _, seed := range seeds {
				if err := c.fn(s, seed); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

// answerer chooses a player's lines for one step.
type answerer func(st engine.State, p int, in []string, rng *rand.Rand) ([]string, error)

// play runs st to its end, writing every line exchanged to log. It turns a
// panic into an error so one broken seed does not hide the others.
func play(s Suite, st engine.State, rng *rand.Rand, log *bytes.Buffer, choose answerer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	n := s.Game.NumPlayers()
	max := s.Game.MaxSteps()
	for step := 0; !st.Done(); step++ {
		if step >= max {
			return fmt.Errorf("game not over after MaxSteps = %d steps", max)
		}
		for _, p := range st.Pending() {
			if p < 0 || p >= n {
				return fmt.Errorf("step %d: pending player %d out of range", step, p)
			}
			if !st.Active(p) {
				return fmt.Errorf("step %d: inactive player %d is asked to play", step, p)
			}
			in := st.InputLines(p)
			if err := checkLines(in); err != nil {
				return fmt.Errorf("step %d, player %d input: %v", step, p, err)
			}
			if e := st.ExpectedLines(p); e < 1 || e > 1000 {
				return fmt.Errorf("step %d: player %d expected lines = %d", step, p, e)
			}
			out, err := choose(st, p, in, rng)
			if err != nil {
				return fmt.Errorf("step %d, player %d: %v", step, p, err)
			}
			fmt.Fprintf(log, "%d<%q\n%d>%q\n", p, in, p, out)
			if err := st.Answer(p, out); err != nil {
				fmt.Fprintf(log, "%d!%v\n", p, err)
			}
		}
		if err := st.Advance(); err != nil {
			return fmt.Errorf("step %d: Advance: %v", step, err)
		}
	}
	scores := st.Scores()
	if len(scores) != n {
		return fmt.Errorf("%d scores for %d players", len(scores), n)
	}
	fmt.Fprintf(log, "scores %v turn %d\n", scores, st.Turn())
	return nil
}

// checkLines enforces what any bot's line reader relies on.
func checkLines(lines []string) error {
	if len(lines) > 100000 {
		return fmt.Errorf("%d lines", len(lines))
	}
	for _, l := range lines {
		if strings.ContainsAny(l, "\r\n") {
			return fmt.Errorf("line %q holds a line break", l)
		}
	}
	return nil
}

func legal(s Suite) answerer {
	return func(st engine.State, p int, _ []string, rng *rand.Rand) ([]string, error) {
		if s.RoundTrip != nil {
			if err := s.RoundTrip(st, p, rng); err != nil {
				return nil, fmt.Errorf("round trip: %v", err)
			}
		}
		out := s.Random(st, p, rng)
		if err := st.Clone().Answer(p, out); err != nil {
			return nil, fmt.Errorf("legal random answer %q rejected: %v", out, err)
		}
		return out, nil
	}
}

func newState(s Suite, seed int64) (engine.State, error) {
	st, err := s.Game.NewState(seed)
	if err != nil {
		return nil, err
	}
	for p := 0; p < s.Game.NumPlayers(); p++ {
		if err := checkLines(st.InitLines(p)); err != nil {
			return nil, fmt.Errorf("player %d init: %v", p, err)
		}
	}
	return st, nil
}

// CheckPlayout plays one random legal game: no panic, no disqualification of
// a legal answer, an end within MaxSteps, one score per player.
func CheckPlayout(s Suite, seed int64) error {
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	var log bytes.Buffer
	return play(s, st, rand.New(rand.NewSource(seed)), &log, legal(s))
}

// CheckDeterminism plays the same seed with the same answers twice and
// compares every byte exchanged.
func CheckDeterminism(s Suite, seed int64) error {
	var logs [2]bytes.Buffer
	for i := range logs {
		st, err := newState(s, seed)
		if err != nil {
			return err
		}
		for p := 0; p < s.Game.NumPlayers(); p++ {
			fmt.Fprintf(&logs[i], "init %d %q\n", p, st.InitLines(p))
		}
		if err := play(s, st, rand.New(rand.NewSource(seed)), &logs[i], legal(s)); err != nil {
			return err
		}
	}
	if !bytes.Equal(logs[0].Bytes(), logs[1].Bytes()) {
		return fmt.Errorf("two runs differ at byte %d", firstDiff(logs[0].Bytes(), logs[1].Bytes()))
	}
	return nil
}

// CheckClone plays part of a game, clones it, plays the clone to its end
// with other answers, then finishes the original and compares it with an
// untouched twin that was never cloned.
func CheckClone(s Suite, seed int64) error {
	orig, err := newState(s, seed)
	if err != nil {
		return err
	}
	twin, err := newState(s, seed)
	if err != nil {
		return err
	}
	split := int(uint64(seed)%17) + 3
	var a, b bytes.Buffer
	ra, rb := rand.New(rand.NewSource(seed)), rand.New(rand.NewSource(seed))
	for step := 0; step < split && !orig.Done(); step++ {
		if err := oneStep(s, orig, ra, &a); err != nil {
			return err
		}
		if err := oneStep(s, twin, rb, &b); err != nil {
			return err
		}
	}
	clone := orig.Clone()
	var c bytes.Buffer
	if err := play(s, clone, rand.New(rand.NewSource(seed+1)), &c, legal(s)); err != nil {
		return fmt.Errorf("clone: %v", err)
	}
	if err := play(s, orig, ra, &a, legal(s)); err != nil {
		return err
	}
	if err := play(s, twin, rb, &b, legal(s)); err != nil {
		return err
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		return fmt.Errorf("playing a clone changed the original (first difference at byte %d)", firstDiff(a.Bytes(), b.Bytes()))
	}
	return nil
}

// oneStep plays a single step with legal answers.
func oneStep(s Suite, st engine.State, rng *rand.Rand, log *bytes.Buffer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	choose := legal(s)
	for _, p := range st.Pending() {
		in := st.InputLines(p)
		out, err := choose(st, p, in, rng)
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "%d<%q\n%d>%q\n", p, in, p, out)
		if err := st.Answer(p, out); err != nil {
			fmt.Fprintf(log, "%d!%v\n", p, err)
		}
	}
	return st.Advance()
}

// Garbage lines a bot might print. Each must give an error or a
// disqualification, never a panic.
var Garbage = []string{
	"", " ", ";", ";;", "\x00", "MOVE", "MOVE 1", "MOVE 1 2 3 4 5 6", "MOVE -1 -1",
	"MOVE 99999999999999999999 2", "SHOOT", "SHOOT -2147483648", "THROW 1e9 2",
	"WAIT;WAIT;WAIT;WAIT", "1;", "99;MOVE 1 1", "-1;HUNKER_DOWN", "move 0 0",
	"BUILD", "SPAWN 0 0", "MOVE 1 0 0 1 1;", "FIRE 1", "MINE", "TORPEDO", "SURFACE Z",
	"MSG", "MESSAGE", "日本語", strings.Repeat("A", 5000), "\t\t", "1;MOVE 1 1;MOVE 2 2;SHOOT 3;HUNKER_DOWN;MESSAGE x;junk",
}

// CheckGarbage feeds garbage to one player at random steps, and random
// legal answers otherwise. The game must still end without a panic.
func CheckGarbage(s Suite, seed int64) error {
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	var log bytes.Buffer
	legalAnswer := legal(s)
	return play(s, st, rand.New(rand.NewSource(seed)), &log,
		func(st engine.State, p int, in []string, rng *rand.Rand) ([]string, error) {
			if rng.Intn(4) != 0 {
				return legalAnswer(st, p, in, rng)
			}
			lines := make([]string, st.ExpectedLines(p)+rng.Intn(2)-rng.Intn(2))
			for i := range lines {
				lines[i] = Garbage[rng.Intn(len(Garbage))]
			}
			return lines, nil
		})
}

// Fuzz feeds arbitrary text as player 0's answer on the first step, and
// random legal play after that. Use it from a game's FuzzXxx function.
func Fuzz(f *testing.F, s Suite) {
	for _, g := range Garbage {
		f.Add(g)
	}
	f.Fuzz(func(t *testing.T, text string) {
		st, err := s.Game.NewState(1)
		if err != nil {
			t.Fatal(err)
		}
		var log bytes.Buffer
		first := true
		legalAnswer := legal(s)
		err = play(s, st, rand.New(rand.NewSource(1)), &log,
			func(st engine.State, p int, in []string, rng *rand.Rand) ([]string, error) {
				if first {
					first = false
					return strings.Split(text, "\n"), nil
				}
				return legalAnswer(st, p, in, rng)
			})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
