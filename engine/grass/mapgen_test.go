package grass

import (
	"strings"
	"testing"
)

func TestSeedZeroIsAnError(t *testing.T) {
	_, err := Game{}.NewState(0)
	if err == nil || !strings.Contains(err.Error(), "seed 0") {
		t.Fatalf("NewState(0) error = %v", err)
	}
}

// TestMapShape checks generated maps against the rules of the referee's
// generator: size, point symmetry or mirror symmetry, the start positions.
func TestMapShape(t *testing.T) {
	for seed := int64(-50); seed <= 50; seed++ {
		if seed == 0 {
			continue
		}
		s, err := New(seed)
		if err != nil {
			t.Fatal(err)
		}
		w, h := s.Width(), s.Height()
		if w < 12 || w > 24 || h != w/2 {
			t.Fatalf("seed %d: size %dx%d", seed, w, h)
		}
		xMirror, pointMirror := true, true
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				c := s.At(x, y)
				if m := s.At(w-1-x, y); m.Scrap != c.Scrap {
					xMirror = false
				}
				if m := s.At(w-1-x, h-1-y); m.Scrap != c.Scrap {
					pointMirror = false
				}
			}
		}
		if !xMirror && !pointMirror {
			t.Fatalf("seed %d: map is not symmetric", seed)
		}
		for p := 0; p < 2; p++ {
			if got := s.Owned(p); got != 5 {
				t.Errorf("seed %d: seat %d owns %d cells, want 5", seed, p, got)
			}
			if got := s.UnitCount(p); got != 4 {
				t.Errorf("seed %d: seat %d has %d units, want 4", seed, p, got)
			}
			if s.Matter(p) != StartMatter {
				t.Errorf("seed %d: seat %d matter %d", seed, p, s.Matter(p))
			}
		}
	}
}

// TestFirstInputMatchesView checks ParseView against the state it came from.
func TestParseViewRoundTrip(t *testing.T) {
	s, err := New(42)
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < 2; p++ {
		v, err := ParseView(s.InitLines(p)[0], s.InputLines(p))
		if err != nil {
			t.Fatal(err)
		}
		got, want := v.InputLines(0), s.InputLines(p)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("seat %d: the view does not reproduce its input", p)
		}
	}
}

func TestFromCellsRejects(t *testing.T) {
	cases := []struct {
		name  string
		w, h  int
		cells []Cell
	}{
		{"size mismatch", 2, 2, make([]Cell, 3)},
		{"empty map", 0, 0, nil},
		{"bad owner", 1, 1, []Cell{{Scrap: 1, Owner: 2}}},
		{"negative units", 1, 1, []Cell{{Scrap: 1, Owner: 0, Units: [2]int32{-1, 0}}}},
		{"recycler without owner", 1, 1, []Cell{{Scrap: 1, Owner: -1, Recycler: true}}},
		{"recycler on grass", 1, 1, []Cell{{Owner: 0, Recycler: true}}},
	}
	for _, c := range cases {
		if _, err := FromCells(c.w, c.h, c.cells, [2]int{}); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if _, err := FromCells(1, 1, []Cell{{Scrap: 1, Owner: 0, Recycler: true}}, [2]int{}); err != nil {
		t.Errorf("valid map refused: %v", err)
	}
}
