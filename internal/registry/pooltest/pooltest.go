// Package pooltest checks a game's evaluation pool (its
// features/<game>/policy/baselines) the way every game's tests check it:
// the pool registered whole and in order, and each member beating random
// and replaying its games from the same seeds. Only tests import it.
package pooltest

import (
	"fmt"
	"testing"

	"cgpolicy/internal/frozen"
	"cgpolicy/internal/registry"
)

// Registered fails unless no registration failed (r.Err), pool is want,
// in order, and every member is registered: a policy of r, or a frozen
// bot of game (internal/frozen).
func Registered[P any](t *testing.T, game string, r *registry.Registry[P], pool, want []string) {
	t.Helper()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(pool) != fmt.Sprint(want) {
		t.Fatalf("Pool = %v, want %v", pool, want)
	}
	for _, n := range pool {
		if _, ok := frozen.Lookup(game, n); !r.Has(n) && !ok {
			t.Errorf("pool member %s is not registered", n)
		}
	}
}

// Learned fails unless no registration failed (r.Err: the committed
// weights fit the features, say) and each of names is made with seed 1
// and passes check, when there is one.
func Learned[P any](t *testing.T, r *registry.Registry[P], names []string, check func(name string, p P)) {
	t.Helper()
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if p := Make(t, r, name, 1); check != nil {
			check(name, p)
		}
	}
}

// Make is r's policy name made with seed, or the test's end.
func Make[P any](tb testing.TB, r *registry.Registry[P], name string, seed int64) P {
	tb.Helper()
	p, err := r.Make(name, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Game is one two-player game of seed between pols, as a game's test
// plays it (checking every answer): the winner's seat (-1 for a draw) and
// what must replay alike from the same seeds (the scores, say).
type Game[P any] func(t *testing.T, seed int64, pols [2]P) (winner int, record []int)

// Scored is a Game of play, which returns the game's final state (its
// Winner and Scores, the record) or the error of an answer it refused.
func Scored[P any, S interface {
	Winner() int
	Scores() []int
}, R any](play func(seed int64, pols [2]P) (S, R, error)) Game[P] {
	return func(t *testing.T, seed int64, pols [2]P) (int, []int) {
		s, _, err := play(seed, pols)
		if err != nil {
			t.Fatal(err)
		}
		return s.Winner(), s.Scores()
	}
}

// Match is mine's per-seed score against opp over seeds first to
// first+seeds-1, each from both seats (a game won 1, tied 1/2): every game
// plays fresh policies, mine made first, and play gives its final scores.
func Match[P any](first int64, seeds int, mine, opp func(seed int64) P, play func(seed int64, pols [2]P) []int) float64 {
	total := 0.0
	for seed := first; seed < first+int64(seeds); seed++ {
		for seat := 0; seat < 2; seat++ {
			var pols [2]P
			pols[seat] = mine(seed)
			pols[1-seat] = opp(seed)
			sc := play(seed, pols)
			switch {
			case sc[seat] > sc[1-seat]:
				total++
			case sc[seat] == sc[1-seat]:
				total += 0.5
			}
		}
	}
	return total / float64(2*seeds)
}

// Unseeded and Seed31 make pool members' seeds for BeatRandom: 0 for
// every game, and seed*31+seat.
func Unseeded(int64, int) int64 { return 0 }

// Seed31 is seed*31+seat.
func Seed31(seed int64, seat int) int64 { return seed*31 + int64(seat) }

// BeatRandom plays each of names, made with mySeed(seed, seat), against
// random, made with randSeed(seed, seat), on seeds 1..seeds from both
// seats: each must win at least min of the games, and a second run of the
// same seeds must record the same games.
func BeatRandom[P any](t *testing.T, r *registry.Registry[P], names []string, seeds int64, min int, mySeed, randSeed func(seed int64, seat int) int64, play Game[P]) {
	t.Helper()
	if testing.Short() {
		t.Skipf("plays %d games", 4*int(seeds)*len(names))
	}
	for _, name := range names {
		name := name
		t.Run(name, func(t *testing.T) {
			run := func() (int, []int) {
				wins := 0
				var all []int
				for seed := int64(1); seed <= seeds; seed++ {
					for seat := 0; seat < 2; seat++ {
						var pols [2]P
						pols[seat] = Make(t, r, name, mySeed(seed, seat))
						pols[1-seat] = Make(t, r, "random", randSeed(seed, seat))
						w, rec := play(t, seed, pols)
						if w == seat {
							wins++
						}
						all = append(all, rec...)
					}
				}
				return wins, all
			}
			wins, a := run()
			t.Logf("%s won %d of %d against random", name, wins, 2*seeds)
			if wins < min {
				t.Fatalf("%s won %d of %d against random, want at least %d", name, wins, 2*seeds, min)
			}
			if _, b := run(); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%s: same seeds gave %v then %v", name, a, b)
			}
		})
	}
}
