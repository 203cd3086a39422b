package soak

import (
	"math"
	"testing"

	"cgpolicy/engine/enginetest"
)

// FuzzNewState: every long but 0 is a seed the referee accepts, and the
// map maker must always join the floor into one region.
func FuzzNewState(f *testing.F) {
	enginetest.FuzzNewState(f, suite, -1099511627777, 4294967296, -4611686018427387904,
		4611686018427387904, 9223372036854774807)
}

// The official referee (Summer Challenge 2025, SDK 4.5) draws the map from
// the SDK's gameManager.getRandom(): SecureRandom("SHA1PRNG") with
// setSeed(long), which ignores 0 and keeps all 64 bits of any other long.
// In league 5 the map maker draws first the height nextInt(6, 11) (width
// twice that), then ySymmetry = nextBoolean() || nextBoolean(), one
// nextInt(10) per wall cell of the left half, then the agent count
// nextInt(3, 6), a Collections.shuffle of the left-edge rows, and a 5
// that may fall to 4 and a 4 that may fall to 3 on nextBoolean(); the
// shuffled rows are the spawns in agent order. League 5 reads nothing else
// from the seed. The expected values come from those draws on OpenJDK 17's
// SHA1PRNG (../shared/golden/soak/RULES.md describes the same order), and
// cover every height, both symmetries, every agent count, and seeds
// negative, beyond 32 bits and at the long range ends.
func TestSeedPicksMapShape(t *testing.T) {
	for _, tc := range []struct {
		seed   int64
		h      int
		ySym   bool
		spawns []int // player 0's spawn rows (x = 0), in agent order
	}{
		{1, 6, true, []int{3, 4, 1, 5, 0}},
		{-1, 6, true, []int{3, 5, 4, 2}},
		{-1099511627777, 7, true, []int{6, 5, 2, 0}},
		{4294967296, 8, true, []int{4, 6, 3}},
		{-4611686018427387904, 9, true, []int{2, 3, 8, 6}},
		{4611686018427387904, 10, true, []int{6, 3, 1}},
		{9223372036854774807, 8, false, []int{2, 3, 5, 6, 1}},
		{math.MaxInt32, 10, false, []int{2, 0, 7}},
		{math.MinInt32, 8, true, []int{3, 1, 6, 5}},
		{math.MaxInt32 + 1, 6, false, []int{3, 1, 0}},
		{math.MinInt32 - 1, 9, true, []int{5, 7, 3}},
		{1<<32 - 1, 6, false, []int{2, 4, 1, 3}},
		{-1 << 32, 8, true, []int{0, 6, 4, 3, 7}},
		{1 << 48, 10, true, []int{6, 7, 8}},
		{-1 << 48, 6, true, []int{1, 2, 5, 3, 0}},
		{math.MaxInt64, 6, true, []int{5, 2, 4}},
		{math.MinInt64, 6, true, []int{2, 4, 0}},
	} {
		s, err := New(tc.seed)
		if err != nil {
			t.Errorf("seed %d: %v", tc.seed, err)
			continue
		}
		if s.b.h != tc.h || s.b.w != 2*tc.h || s.b.ySym != tc.ySym {
			t.Errorf("seed %d: %dx%d ySym %v, want %dx%d ySym %v", tc.seed, s.b.w, s.b.h, s.b.ySym, 2*tc.h, tc.h, tc.ySym)
			continue
		}
		if s.per != len(tc.spawns) {
			t.Errorf("seed %d: %d agents a side, want %d", tc.seed, s.per, len(tc.spawns))
			continue
		}
		for i, y := range tc.spawns {
			a := s.agents[i]
			if a.Owner != 0 || a.X != 0 || a.Y != y || a.Class != Class(i) {
				t.Errorf("seed %d: agent %d is %+v, want player 0's %v at (0,%d)", tc.seed, i, a, Class(i), y)
			}
			ox, oy := s.b.opposite(0, y)
			if b := s.agents[s.per+i]; b.Owner != 1 || b.X != ox || b.Y != oy {
				t.Errorf("seed %d: agent %d is %+v, want player 1's at the mirror (%d,%d)", tc.seed, s.per+i, b, ox, oy)
			}
		}
	}
}
