// Package enginetest is the conformance suite every game engine opts into:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, enginetest.Suite{Game: soak.Game{}, Random: soak.RandomAnswer, RoundTrip: soak.RoundTrip})
//	}
//
// It checks what no single golden trace can: that random legal play over many
// seeds never panics and ends in time, that a seed and a sequence of answers
// determine the game byte for byte, that clones share nothing and print as
// their original, that typed actions survive formatting and parsing and
// change the state exactly as their text does, that garbage output is
// handled as the referee handles it (a deactivation, never a panic or a
// protocol error), and that each player's view, built from the referee's
// state and rebuilt from the player's own lines, is the same. Each check is
// also an exported function returning an error, so the suite itself is
// tested against deliberately broken engines.
//
// Every check plays through engine.Play, the loop the arena, trace replay
// and the trainer use.
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
	// Typed picks random typed actions for p and returns their text and a
	// function that hands the same actions to a state through the typed
	// path (AnswerActions). Nil skips the typed-versus-text check.
	Typed func(s engine.State, p int, rng *rand.Rand) (lines []string, apply func(engine.State) error)
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
	t.Run("Type", func(t *testing.T) {
		if err := CheckType(s); err != nil {
			t.Fatal(err)
		}
	})
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
		{"CloneDump", CheckCloneDump},
		{"Garbage", CheckGarbage},
		{"TypedText", CheckTypedText},
		{"View", CheckView},
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

// CheckType checks the game's stated facts against what it does: the seat
// count, and whether seed 0 starts a game.
func CheckType(s Suite) error {
	ty := engine.TypeOf(s.Game)
	n := s.Game.NumPlayers()
	if n < ty.MinPlayers || n > ty.MaxPlayers || n < 1 {
		return fmt.Errorf("%d players, type says %d..%d", n, ty.MinPlayers, ty.MaxPlayers)
	}
	_, err := s.Game.NewState(0)
	if ty.ZeroSeed && err != nil {
		return fmt.Errorf("type says seed 0 is valid, NewState(0): %v", err)
	}
	if !ty.ZeroSeed && err == nil {
		return fmt.Errorf("type says seed 0 is not valid, yet NewState(0) succeeded")
	}
	return nil
}

// answerer chooses a player's reply for one request.
type answerer func(st engine.State, r engine.Request, rng *rand.Rand) (engine.Reply, error)

// play runs st to its end through engine.Play, writing every line exchanged
// to log. It turns a panic into an error so one broken seed does not hide
// the others, and checks what every request must satisfy.
func play(s Suite, st engine.State, rng *rand.Rand, log *bytes.Buffer, choose answerer) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	n := s.Game.NumPlayers()
	if _, err := engine.Play(st, engine.Loop{
		MaxSteps: s.Game.MaxSteps(),
		Ask: func(st engine.State, r engine.Request) (engine.Reply, error) {
			p := r.Player
			if p < 0 || p >= n {
				return engine.Reply{}, fmt.Errorf("step %d: pending player %d out of range", r.Step, p)
			}
			if !st.Active(p) {
				return engine.Reply{}, fmt.Errorf("step %d: inactive player %d is asked to play", r.Step, p)
			}
			if err := checkLines(r.Init); err != nil {
				return engine.Reply{}, fmt.Errorf("player %d init: %v", p, err)
			}
			if err := checkLines(r.Input); err != nil {
				return engine.Reply{}, fmt.Errorf("step %d, player %d input: %v", r.Step, p, err)
			}
			if r.Expected < 1 || r.Expected > 1000 {
				return engine.Reply{}, fmt.Errorf("step %d: player %d expected lines = %d", r.Step, p, r.Expected)
			}
			rep, err := choose(st, r, rng)
			if err != nil {
				return rep, fmt.Errorf("step %d, player %d: %v", r.Step, p, err)
			}
			fmt.Fprintf(log, "%d<%q\n%d>%q\n", p, r.Input, p, rep.Lines)
			return rep, nil
		},
		Judged: func(st engine.State, r engine.Request, rep engine.Reply, verdict *engine.Deactivation) error {
			if verdict != nil {
				fmt.Fprintf(log, "%d!%v\n", r.Player, verdict)
				if verdict.Player != r.Player {
					return fmt.Errorf("step %d: deactivation of player %d names player %d", r.Step, r.Player, verdict.Player)
				}
				if st.Active(r.Player) {
					return fmt.Errorf("step %d: player %d deactivated (%v) but still active", r.Step, r.Player, verdict)
				}
			} else if !rep.Applied && len(rep.Lines) < r.Expected {
				return fmt.Errorf("step %d: player %d gave %d of %d lines and was not deactivated", r.Step, r.Player, len(rep.Lines), r.Expected)
			}
			return nil
		},
	}); err != nil {
		return err
	}
	scores := st.Scores()
	if len(scores) != n {
		return fmt.Errorf("%d scores for %d players", len(scores), n)
	}
	res := engine.Outcome(st)
	if len(res.Ranks) != n {
		return fmt.Errorf("%d ranks for %d players", len(res.Ranks), n)
	}
	for p, r := range res.Ranks {
		if r < 1 || r > n {
			return fmt.Errorf("player %d ranked %d of %d", p, r, n)
		}
	}
	if res.Winner >= 0 && res.Ranks[res.Winner] != 1 {
		return fmt.Errorf("winner %d is ranked %d", res.Winner, res.Ranks[res.Winner])
	}
	fmt.Fprintf(log, "scores %v ranks %v turn %d\n", scores, res.Ranks, st.Turn())
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

// legal answers with Suite.Random after checking the round trip, and fails
// when the referee would deactivate the player for it.
func legal(s Suite) answerer {
	return func(st engine.State, r engine.Request, rng *rand.Rand) (engine.Reply, error) {
		if s.RoundTrip != nil {
			if err := s.RoundTrip(st, r.Player, rng); err != nil {
				return engine.Reply{}, fmt.Errorf("round trip: %v", err)
			}
		}
		out := s.Random(st, r.Player, rng)
		if err := st.Clone().Answer(r.Player, out); err != nil {
			return engine.Reply{}, fmt.Errorf("legal random answer %q rejected: %v", out, err)
		}
		return engine.Reply{Lines: out}, nil
	}
}

func newState(s Suite, seed int64) (engine.State, error) {
	return s.Game.NewState(seed)
}

// CheckPlayout plays one random legal game: no panic, no disqualification of
// a legal answer, an end within MaxSteps, one score and one rank per player.
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

// dump is a state's full text form (fmt.Stringer), which the suite requires
// so that states compare as text, as OpenSpiel compares them.
func dump(st engine.State) (string, error) {
	d, ok := st.(fmt.Stringer)
	if !ok {
		return "", fmt.Errorf("%T has no String method: the suite compares states by their full text dump", st)
	}
	return d.String(), nil
}

// dumpDiff compares the text dumps of a and b, x and y: at is the byte at
// which they first differ, -1 when they are the same.
func dumpDiff(a, b engine.State) (at int, x, y string, err error) {
	if x, err = dump(a); err != nil {
		return 0, "", "", err
	}
	if y, err = dump(b); err != nil {
		return 0, "", "", err
	}
	if x == y {
		return -1, x, y, nil
	}
	return firstDiff([]byte(x), []byte(y)), x, y, nil
}

// CheckCloneDump compares a clone with its original through their text
// dumps, at every step of a random game.
func CheckCloneDump(s Suite, seed int64) error {
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(seed))
	var log bytes.Buffer
	for step := 0; ; step++ {
		want, err := dump(st)
		if err != nil {
			return err
		}
		got, err := dump(st.Clone())
		if err != nil {
			return err
		}
		if got != want {
			return fmt.Errorf("step %d: the clone's dump differs at byte %d", step, firstDiff([]byte(want), []byte(got)))
		}
		if st.Done() {
			return nil
		}
		if step > s.Game.MaxSteps() {
			return fmt.Errorf("game not over after %d steps", step)
		}
		if err := oneStep(s, st, rng, &log); err != nil {
			return err
		}
	}
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
		r := engine.Request{Player: p, Input: st.InputLines(p), Expected: st.ExpectedLines(p)}
		rep, err := choose(st, r, rng)
		if err != nil {
			return err
		}
		fmt.Fprintf(log, "%d<%q\n%d>%q\n", p, r.Input, p, rep.Lines)
		if err := st.Answer(p, rep.Lines); err != nil {
			fmt.Fprintf(log, "%d!%v\n", p, err)
		}
	}
	return st.Advance()
}

// CheckTypedText plays a random game in which, at every step, the same
// random typed actions go to one clone as text and to another through the
// typed path; after the step both clones must dump the same text. The game
// goes on from the text clone.
func CheckTypedText(s Suite, seed int64) (err error) {
	if s.Typed == nil {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(seed))
	for step := 0; !st.Done(); step++ {
		if step > s.Game.MaxSteps() {
			return fmt.Errorf("game not over after %d steps", step)
		}
		text, typed := st.Clone(), st.Clone()
		for _, p := range st.Pending() {
			lines, apply := s.Typed(text, p, rng)
			terr := text.Answer(p, lines)
			yerr := apply(typed)
			if (terr == nil) != (yerr == nil) {
				return fmt.Errorf("step %d, player %d: %q as text gives %v, typed gives %v", step, p, lines, terr, yerr)
			}
		}
		if err := text.Advance(); err != nil {
			return err
		}
		if err := typed.Advance(); err != nil {
			return err
		}
		if i, a, b, err := dumpDiff(text, typed); err != nil {
			return err
		} else if i >= 0 {
			return fmt.Errorf("step %d: typed and text paths differ at byte %d:\ntext:  %.300s\ntyped: %.300s", step, i, a[clip(i):], b[clip(i):])
		}
		st = text
	}
	return nil
}

func clip(i int) int {
	if i > 40 {
		return i - 40
	}
	return 0
}

// Garbage lines a bot might print. Each must give a deactivation or be
// accepted, never a panic or any other error.
var Garbage = []string{
	"", " ", ";", ";;", "\x00", "MOVE", "MOVE 1", "MOVE 1 2 3 4 5 6", "MOVE -1 -1",
	"MOVE 99999999999999999999 2", "SHOOT", "SHOOT -2147483648", "THROW 1e9 2",
	"WAIT;WAIT;WAIT;WAIT", "1;", "99;MOVE 1 1", "-1;HUNKER_DOWN", "move 0 0",
	"BUILD", "SPAWN 0 0", "MOVE 1 0 0 1 1;", "FIRE 1", "MINE", "TORPEDO", "SURFACE Z",
	"MSG", "MESSAGE", "日本語", strings.Repeat("A", 5000), "\t\t", "1;MOVE 1 1;MOVE 2 2;SHOOT 3;HUNKER_DOWN;MESSAGE x;junk",
	"PLAN", "LIGHT", "YELL", "MOVE N|TORPEDO", "SILENCE N 9", "FASTER", "SLOWER", "PORT", "STARBOARD",
}

// CheckGarbage feeds garbage to players at random steps, and random legal
// answers otherwise. The referee must judge every garbage answer with a
// deactivation or accept it; any other error (or a panic) fails, and too
// few lines must always deactivate.
func CheckGarbage(s Suite, seed int64) error {
	st, err := newState(s, seed)
	if err != nil {
		return err
	}
	var log bytes.Buffer
	legalAnswer := legal(s)
	return play(s, st, rand.New(rand.NewSource(seed)), &log,
		func(st engine.State, r engine.Request, rng *rand.Rand) (engine.Reply, error) {
			if rng.Intn(4) != 0 {
				return legalAnswer(st, r, rng)
			}
			lines := make([]string, r.Expected+rng.Intn(2)-rng.Intn(2))
			for i := range lines {
				lines[i] = Garbage[rng.Intn(len(Garbage))]
			}
			return engine.Reply{Lines: lines}, nil
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
			func(st engine.State, r engine.Request, rng *rand.Rand) (engine.Reply, error) {
				if first {
					first = false
					return engine.Reply{Lines: strings.Split(text, "\n")}, nil
				}
				return legalAnswer(st, r, rng)
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
