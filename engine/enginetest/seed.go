package enginetest

import (
	"fmt"
	"math"
	"testing"

	"cgpolicy/engine"
)

// InterestingSeeds are the seeds where a Java referee's long arithmetic and
// Go's could part: zero, ±1, the int and long range ends, the values just
// beyond 32 bits, and 2^48 (java.util.Random keeps the low 48 bits after an
// XOR, so 0 and 2^48 must give the same game there). Every engine's
// FuzzNewState starts from them.
var InterestingSeeds = []int64{
	0, 1, -1, 2, -2,
	math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt32 - 1,
	1<<32 - 1, 1 << 32, -1 << 32, -1<<32 - 1,
	1 << 48, -1 << 48, 1<<48 - 1,
	math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1,
}

// CheckNewState checks a game freshly started from seed: NewState refuses
// exactly the seed the game's Type declares invalid (0 where ZeroSeed is
// false) with an error and no state, and never panics; a state it returns
// is at turn 0, not over, asks at least one active player in range for 1 to
// 1000 lines, gives init and input lines a bot can read, and prints the
// same text as a second NewState(seed) and as its clone. It is cheap
// enough to run on every fuzzed seed.
func CheckNewState(g engine.Game, seed int64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("seed %d: panic: %v", seed, r)
		}
	}()
	ty := engine.TypeOf(g)
	st, err := g.NewState(seed)
	if seed == 0 && !ty.ZeroSeed {
		if err == nil || st != nil {
			return fmt.Errorf("seed 0: type says it is invalid, NewState gave (%v, %v)", st != nil, err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("seed %d: %v", seed, err)
	}
	if st == nil {
		return fmt.Errorf("seed %d: NewState gave neither a state nor an error", seed)
	}
	if st.Done() || st.Turn() != 0 {
		return fmt.Errorf("seed %d: a new game is done=%v at turn %d", seed, st.Done(), st.Turn())
	}
	n := g.NumPlayers()
	pend := st.Pending()
	if len(pend) == 0 {
		return fmt.Errorf("seed %d: a new game asks no player", seed)
	}
	for p := 0; p < n; p++ {
		if err := checkLines(st.InitLines(p)); err != nil {
			return fmt.Errorf("seed %d: player %d init: %v", seed, p, err)
		}
	}
	for _, p := range pend {
		if p < 0 || p >= n || !st.Active(p) {
			return fmt.Errorf("seed %d: pending player %d is out of range or inactive", seed, p)
		}
		if e := st.ExpectedLines(p); e < 1 || e > 1000 {
			return fmt.Errorf("seed %d: player %d expected lines = %d", seed, p, e)
		}
	}
	if err := checkLines(st.InputLines(pend[0])); err != nil {
		return fmt.Errorf("seed %d: player %d input: %v", seed, pend[0], err)
	}
	want, err := dump(st)
	if err != nil {
		return err
	}
	again, err := g.NewState(seed)
	if err != nil {
		return fmt.Errorf("seed %d: second NewState: %v", seed, err)
	}
	if got, _ := dump(again); got != want {
		return fmt.Errorf("seed %d: two NewState calls differ at byte %d", seed, firstDiff([]byte(want), []byte(got)))
	}
	if got, _ := dump(st.Clone()); got != want {
		return fmt.Errorf("seed %d: the clone's dump differs at byte %d", seed, firstDiff([]byte(want), []byte(got)))
	}
	return nil
}

// FuzzNewState fuzzes the seed: any int64 must give a state that passes
// CheckNewState and then a random legal playout (CheckPlayout), or the
// error the game's Type allows. The corpus is InterestingSeeds plus the
// game's own seeds (named maps and options), so plain go test runs them.
func FuzzNewState(f *testing.F, s Suite, seeds ...int64) {
	for _, seed := range InterestingSeeds {
		f.Add(seed)
	}
	for _, seed := range seeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		if err := CheckNewState(s.Game, seed); err != nil {
			t.Fatal(err)
		}
		if seed == 0 && !engine.TypeOf(s.Game).ZeroSeed {
			return
		}
		if err := CheckPlayout(s, seed); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	})
}
