package caribbean

import (
	"math"
	"testing"

	"cgpolicy/engine/enginetest"
)

// FuzzNewState: every long, 0 included, is a seed the referee accepts.
func FuzzNewState(f *testing.F) {
	enginetest.FuzzNewState(f, suite, 3, 6, -1099511627776, 4294967303, 9223372036854774810)
}

// The official referee (coders-of-the-caribbean, Referee.java,
// initReferee) reads the seed with Long.valueOf, so every long is valid,
// and seeds java.util.Random with it (the low 48 bits count, after an XOR:
// 0, 2^48, -2^48 and Long.MIN_VALUE give one game). With no
// shipsPerPlayer, mineCount or barrelCount game parameter, as on
// CodinGame, league 3 draws them: nextInt(3) + 1 ships a side,
// nextInt(5) + 5 mines and nextInt(16) + 10 barrels to aim for; then for
// each ship y = 1 + nextInt(8), x = xMin + nextInt(1 + xMax - xMin) and
// orientation nextInt(6), player 1's ship mirrored to (x, 20 - y) and
// (6 - o) % 6. Mines and barrels are placed in mirrored pairs until the
// count reaches the target, so it ends at the target or one more. The
// expected values come from those draws on OpenJDK 17's java.util.Random,
// and cover every ship count, every mine target, the barrel targets' ends,
// and seeds negative, beyond 32 bits and at the long range ends.
func TestSeedPicksOptions(t *testing.T) {
	for _, tc := range []struct {
		seed                    int64
		ships, mines, barrels   int
		firstX, firstY, firstOr int
	}{
		{0, 1, 8, 13, 12, 5, 5},
		{1, 1, 8, 16, 21, 4, 4},
		{-1, 3, 5, 10, 5, 5, 0},
		{2, 2, 7, 24, 7, 1, 0},
		{3, 3, 5, 11, 4, 7, 0},
		{6, 2, 6, 19, 2, 2, 5},
		{-1099511627776, 2, 8, 18, 1, 5, 1},
		{4294967303, 1, 9, 25, 5, 6, 2},
		{9223372036854774810, 3, 9, 12, 4, 1, 3},
		{math.MaxInt32, 1, 5, 23, 21, 7, 4},
		{math.MinInt32, 3, 8, 16, 3, 3, 1},
		{math.MaxInt32 + 1, 1, 8, 23, 15, 4, 1},
		{math.MinInt32 - 1, 3, 5, 16, 3, 6, 4},
		{1<<32 - 1, 1, 5, 17, 3, 6, 0},
		{1 << 32, 3, 8, 17, 5, 2, 3},
		{-1 << 32, 3, 8, 22, 1, 5, 5},
		{1 << 48, 1, 8, 13, 12, 5, 5},
		{-1 << 48, 1, 8, 13, 12, 5, 5},
		{math.MaxInt64, 3, 5, 10, 5, 5, 0},
		{math.MinInt64, 1, 8, 13, 12, 5, 5},
	} {
		s := New(tc.seed)
		ships, mines, barrels := s.Config()
		if ships != tc.ships {
			t.Errorf("seed %d: %d ships a side, want %d", tc.seed, ships, tc.ships)
			continue
		}
		if mines != tc.mines && mines != tc.mines+1 {
			t.Errorf("seed %d: %d mines, want %d or %d", tc.seed, mines, tc.mines, tc.mines+1)
		}
		if barrels != tc.barrels && barrels != tc.barrels+1 {
			t.Errorf("seed %d: %d barrels, want %d or %d", tc.seed, barrels, tc.barrels, tc.barrels+1)
		}
		a, b := s.ships[0], s.ships[ships]
		if a.Pos != (Coord{tc.firstX, tc.firstY}) || a.Orient != tc.firstOr || a.Owner != 0 {
			t.Errorf("seed %d: first ship at %v facing %d, want (%d,%d) facing %d", tc.seed, a.Pos, a.Orient, tc.firstX, tc.firstY, tc.firstOr)
		}
		if b.Pos != (Coord{tc.firstX, Height - 1 - tc.firstY}) || b.Orient != (6-tc.firstOr)%6 || b.Owner != 1 {
			t.Errorf("seed %d: player 1's first ship at %v facing %d, want the mirror of player 0's", tc.seed, b.Pos, b.Orient)
		}
	}
}
