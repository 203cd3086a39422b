package enginetest

import (
	"fmt"
	"math/rand"
	"testing"

	"cgpolicy/engine"
)

// FastSuite describes a game's fast path (engine.Fast) to CheckFast.
type FastSuite[S engine.State, V, A any] struct {
	Game engine.Game
	Fast engine.Fast[S, V, A]
	// Random picks random typed actions for player p at s that the
	// referee accepts, and the lines a bot would print for them.
	Random func(s S, p int, rng *rand.Rand) (acts []A, lines []string)
	// Seeds are the game seeds to play; nil means 1..20.
	Seeds []int64
	// Dump, when set, is the text a state reached by Fast.Step is
	// compared by, for a game whose Step leaves out what only a viewer
	// shows (Soak Overflow's game summary). Nil compares the whole dump.
	Dump func(S) string
}

// RunFast runs CheckFast on every seed, as a subtest.
func RunFast[S engine.State, V, A any](t *testing.T, s FastSuite[S, V, A]) {
	t.Helper()
	seeds := s.Seeds
	if seeds == nil {
		for i := int64(1); i <= 20; i++ {
			seeds = append(seeds, i)
		}
	}
	t.Run("Fast", func(t *testing.T) {
		if err := CheckFastSeed(s, rand.New(rand.NewSource(1))); err != nil {
			t.Fatal(err)
		}
		for _, seed := range seeds {
			if err := CheckFast(s, seed); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	})
}

// CheckFastSeed checks that every seed the fast path draws starts a game.
func CheckFastSeed[S engine.State, V, A any](s FastSuite[S, V, A], rng *rand.Rand) error {
	for i := 0; i < 50; i++ {
		seed := s.Fast.Seed(rng)
		if _, err := s.Game.NewState(seed); err != nil {
			return fmt.Errorf("Seed drew %d, which the referee refuses: %v", seed, err)
		}
	}
	return nil
}

// CheckFast plays a random game four ways at once from the same typed
// actions: through the referee's text protocol with the suite's lines and
// with Fast.Lines, through Fast.Answer and Advance, and through Fast.Step;
// after every step the four states must dump the same text. It also checks that Fast.New starts the referee's
// game, that a Copy into a state of another game is that state, and that
// Fast.ViewInto, into a fresh view and into a used one, is the referee's
// view of every player (when the game has views).
func CheckFast[S engine.State, V, A any](s FastSuite[S, V, A], seed int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	f := s.Fast
	text, err := s.Game.NewState(seed)
	if err != nil {
		return err
	}
	typed, err := f.New(seed)
	if err != nil {
		return err
	}
	if err := sameDump("New", text, typed); err != nil {
		return err
	}
	other, err := f.New(seed + 1)
	if err != nil {
		return err
	}
	stepped := f.Copy(other, typed)
	if err := sameDump("Copy into another game", text, stepped); err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(seed))
	var views []V
	for step := 0; !text.Done(); step++ {
		if step > s.Game.MaxSteps() {
			return fmt.Errorf("game not over after %d steps", step)
		}
		if err := checkFastViews(f, typed, text, s.Game.NumPlayers(), &views); err != nil {
			return fmt.Errorf("step %d: %w", step, err)
		}
		pending := text.Pending()
		acts := make([][]A, s.Game.NumPlayers())
		formatted := text.Clone()
		for _, p := range pending {
			var lines []string
			acts[p], lines = s.Random(typed, p, rng)
			own := f.Lines(typed, p, acts[p])
			terr := text.Answer(p, lines)
			yerr := f.Answer(typed, p, acts[p])
			ferr := formatted.Answer(p, own)
			if (terr == nil) != (yerr == nil) || (terr == nil) != (ferr == nil) {
				return fmt.Errorf("step %d, player %d: %q as text gives %v, Fast.Answer gives %v, Fast.Lines %q gives %v",
					step, p, lines, terr, yerr, own, ferr)
			}
		}
		if err := text.Advance(); err != nil {
			return err
		}
		if err := typed.Advance(); err != nil {
			return err
		}
		if err := formatted.Advance(); err != nil {
			return err
		}
		if err := sameDump(fmt.Sprintf("step %d, Lines", step), text, formatted); err != nil {
			return err
		}
		f.Step(stepped, acts)
		if err := sameDump(fmt.Sprintf("step %d, Answer", step), text, typed); err != nil {
			return err
		}
		if s.Dump != nil {
			if a, b := s.Dump(typed), s.Dump(stepped); a != b {
				i := firstDiff([]byte(a), []byte(b))
				return fmt.Errorf("step %d, Step: the state differs from the referee's at byte %d:\nreferee: %.300s\nfast:    %.300s", step, i, a[clip(i):], b[clip(i):])
			}
		} else if err := sameDump(fmt.Sprintf("step %d, Step", step), text, stepped); err != nil {
			return err
		}
	}
	return nil
}

// checkFastViews compares Fast.ViewInto with the referee's view of each
// player, once into a fresh view and once into the view of the last step.
func checkFastViews[S engine.State, V, A any](f engine.Fast[S, V, A], typed S, text engine.State, n int, views *[]V) error {
	viewer, ok := text.(engine.Viewer)
	if !ok {
		return nil
	}
	var zero V
	for p := len(*views); p < n; p++ {
		*views = append(*views, zero)
	}
	for p := range *views {
		want := viewer.View(p).String()
		fresh := f.ViewInto(typed, p, zero)
		if got := viewString(fresh); got != want {
			return fmt.Errorf("player %d: Fast.ViewInto gives %.200q, the referee's view is %.200q", p, got, want)
		}
		(*views)[p] = f.ViewInto(typed, p, (*views)[p])
		if got := viewString((*views)[p]); got != want {
			return fmt.Errorf("player %d: Fast.ViewInto into a used view gives %.200q, the referee's view is %.200q", p, got, want)
		}
	}
	return nil
}

func viewString(v any) string {
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%+v", v)
}

// sameDump compares two states by their text dumps.
func sameDump(what string, want, got engine.State) error {
	i, a, b, err := dumpDiff(want, got)
	if err != nil {
		return err
	}
	if i >= 0 {
		return fmt.Errorf("%s: the fast path's state differs from the referee's at byte %d:\nreferee: %.300s\nfast:    %.300s", what, i, a[clip(i):], b[clip(i):])
	}
	return nil
}

// Twins are two copies of seed's game on f, for a test to play one
// through the typed path and one as text, and a random source seeded with
// seed for their actions.
func Twins[S engine.State, V, A any](tb testing.TB, f engine.Fast[S, V, A], seed int64) (S, S, *rand.Rand) {
	tb.Helper()
	a, err := f.New(seed)
	if err != nil {
		tb.Fatal(err)
	}
	var zero S
	return a, f.Copy(zero, a), rand.New(rand.NewSource(seed))
}

// Actor is a policy as Play plays it: its actions from its seat's view.
type Actor[V, A any] interface {
	Act(v V, dst []A) []A
}

// Play starts seed's game on f and plays steps steps of it (fewer when it
// ends) with pols, one per seat, each acting on its own seat's view
// (f.ViewInto): a position for a test or a benchmark to start from.
func Play[S engine.State, V, A any](tb testing.TB, f engine.Fast[S, V, A], seed int64, steps int, pols ...Actor[V, A]) S {
	tb.Helper()
	s, err := f.New(seed)
	if err != nil {
		tb.Fatal(err)
	}
	views := make([]V, len(pols))
	acts := make([][]A, len(pols))
	for t := 0; t < steps && !s.Done(); t++ {
		for p := range pols {
			views[p] = f.ViewInto(s, p, views[p])
			acts[p] = pols[p].Act(views[p], acts[p][:0])
		}
		f.Step(s, acts)
	}
	return s
}

// EachRandom plays the games of seeds 1..seeds on f with random actions
// for each of the players (random, a FastSuite's Random), each seed's game
// from a source of its own seeded with it, and shows visit every position
// before its step.
func EachRandom[S engine.State, V, A any](tb testing.TB, f engine.Fast[S, V, A], players, seeds int, random func(s S, p int, rng *rand.Rand) []A, visit func(seed int64, s S)) {
	tb.Helper()
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s, err := f.New(seed)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewSource(seed))
		for !s.Done() {
			visit(seed, s)
			acts := make([][]A, players)
			for p := range acts {
				acts[p] = random(s, p, rng)
			}
			f.Step(s, acts)
		}
	}
}
