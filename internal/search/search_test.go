package search

import (
	"math/rand"
	"reflect"
	"testing"
	"time"
)

// toy is the state of every toy game here: the actions played so far,
// a heap for Nim, a hidden card and whose turn it is.
type toy struct {
	acts      [3]int
	n, h, who int
	turns     int
	done      bool
}

// base holds what the toy games share: one unit (id 7) per player.
type base struct {
	arms   []int
	scores []float32
}

func (base) Start(dst, root *toy, _ int, _ *rand.Rand) *toy {
	if dst == nil {
		dst = new(toy)
	}
	*dst = *root
	return dst
}

func (g base) Units(s *toy, p int, r Roots[int]) { r.Add(7, g.arms, g.scores) }

func (base) Done(s *toy) bool { return s.done }

// matrix is a one-shot simultaneous game: player p's payoff is pay[p]
// of both actions.
type matrix struct {
	base
	players int
	pay     func(p int, a [3]int) float64
}

func (matrix) Later(*toy, int, int, int) (int, bool) { return 0, false }

func (matrix) Step(s *toy, acts [][]int) {
	for p := range acts {
		s.acts[p] = acts[p][0]
	}
	s.done = true
}

func (g matrix) Value(s *toy, _ int, v []float64) {
	for p := range v {
		v[p] = g.pay(p, s.acts)
	}
}

func cfg(players int) Config {
	return Config{Players: players, Units: players, K: 3, Arms: 3, Depth: 4, C: 1.5}
}

// dominant is a zero-sum matrix game in which each player has a strictly
// dominant action, 1, while the priors favour 0.
func dominant() matrix {
	m := [3][3]float64{{0, -1, 1}, {1, 0.5, 2}, {-1, -2, 0}}
	return matrix{base{[]int{0, 1, 2}, []float32{2, 0, 0}}, 2, func(p int, a [3]int) float64 {
		if p == 0 {
			return m[a[0]][a[1]]
		}
		return -m[a[0]][a[1]]
	}}
}

// three is a 3-player game that is not zero-sum: player 1's best is 2 and
// player 2's is 1 whatever the others do, and player 0 is paid 1 for
// matching player 1 and 0.5 for matching player 2, so its best is 2, but
// only if each unit is backed up with its own owner's value.
func three() matrix {
	is := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	return matrix{base{[]int{0, 1, 2}, []float32{0, 0, 0}}, 3, func(p int, a [3]int) float64 {
		switch p {
		case 1:
			return is(a[1] == 2)
		case 2:
			return is(a[2] == 1)
		}
		return is(a[0] == a[1]) + 0.5*is(a[0] == a[2])
	}}
}

func best[S any](s *Search[S, int]) int {
	b := s.Best(nil)
	if len(b) != 1 {
		return -1
	}
	return b[0]
}

// TestSimultaneous: the search finds each player's dominant action against
// the priors, and in the 3-player game each player's own best.
func TestSimultaneous(t *testing.T) {
	for _, c := range []struct {
		name string
		g    matrix
		want []int
	}{{"dominant", dominant(), []int{1, 1}}, {"three players", three(), []int{2, 2, 1}}} {
		for me, want := range c.want {
			s := New[*toy, int](c.g, cfg(c.g.players))
			s.Run(&toy{}, me, 2000)
			if got := best(s); got != want {
				t.Errorf("%s: player %d plays %d, want %d", c.name, me, got, want)
			}
		}
	}
}

// nim is one heap, players alternate taking 1 to 3, and whoever takes the
// last wins. Continuation arm j takes j+1, or the whole heap if smaller;
// only the player to move has arms.
type nim struct{ base }

func (g nim) Units(s *toy, p int, r Roots[int]) {
	if s.who != p {
		r.Add(7, nil, nil)
		return
	}
	r.Add(7, g.arms, g.scores)
}

func (nim) Later(s *toy, p, _, j int) (int, bool) {
	if s.who != p {
		return 0, false
	}
	if j+1 > s.n {
		return s.n, true
	}
	return j + 1, true
}

func (nim) Step(s *toy, acts [][]int) {
	for p := range acts {
		if len(acts[p]) > 0 {
			s.n -= acts[p][0]
			if s.n <= 0 {
				s.done = true
				s.h = p // the winner
			}
		}
	}
	s.who = 1 - s.who
}

func (nim) Value(s *toy, _ int, v []float64) {
	v[0], v[1] = 0, 0
	if s.done {
		v[s.h], v[1-s.h] = 1, -1
	}
}

// TestAlternating: in Nim the search finds the move that leaves a
// multiple of 4, whoever is to move.
func TestAlternating(t *testing.T) {
	for _, c := range []struct{ heap, who, want int }{{5, 0, 1}, {6, 0, 2}, {7, 0, 3}, {6, 1, 2}, {3, 1, 3}} {
		g := nim{base{[]int{1, 2, 3}, []float32{0, 0, 0}}}
		s := New[*toy, int](g, cfg(2))
		s.Run(&toy{n: c.heap, who: c.who}, c.who, 3000)
		if got := best(s); got != c.want {
			t.Errorf("heap %d, player %d: takes %d, want %d", c.heap, c.who, got, c.want)
		}
	}
}

// guess is a one-player game with a hidden card h in 0..2: playing a is
// paid 1 when a is h, plus 0.4 for playing 0. Knowing h, play h; not
// knowing it, 0 is worth 0.73 and the others 0.33.
type guess struct{ matrix }

func (g guess) Start(dst, root *toy, me int, rng *rand.Rand) *toy {
	dst = g.base.Start(dst, root, me, rng)
	dst.h = rng.Intn(3)
	return dst
}

func newGuess() guess {
	return guess{matrix{base{[]int{0, 1, 2}, []float32{0, 0, 0}}, 1, nil}}
}

func (guess) Value(s *toy, _ int, v []float64) {
	v[0] = 0
	if s.acts[0] == s.h {
		v[0] = 1
	}
	if s.acts[0] == 0 {
		v[0] += 0.4
	}
}

// TestHiddenInformation: the search plays the belief's best, 0, though the
// root (the referee's state) has the card 1.
func TestHiddenInformation(t *testing.T) {
	s := New[*toy, int](newGuess(), cfg(1))
	s.Run(&toy{h: 1}, 0, 2000)
	if got := best(s); got != 0 {
		t.Errorf("plays %d, want 0", got)
	}
	// searched on the root itself, it is the referee's game
	m := New[*toy, int](peek{newGuess()}, cfg(1))
	m.Run(&toy{h: 1}, 0, 2000)
	if got := best(m); got != 1 {
		t.Errorf("knowing the card, plays %d, want 1", got)
	}
}

// peek is guess searched on the referee's state.
type peek struct{ guess }

func (g peek) Start(dst, root *toy, me int, rng *rand.Rand) *toy {
	return g.base.Start(dst, root, me, rng)
}

func visits[S any](s *Search[S, int], d int) ([]int, []float32, bool) {
	idx, v := make([]int, 8), make([]float32, 8)
	n, ok := s.Visits(d, idx, v)
	return idx[:n], v[:n], ok
}

// TestSeed: a fixed number of iterations gives the same visits for the
// same seed, and other visits for another seed (the draws are the seed's).
func TestSeed(t *testing.T) {
	run := func(seed int64) []float32 {
		c := cfg(1)
		c.Seed = seed
		s := New[*toy, int](newGuess(), c)
		s.Run(&toy{h: 1}, 0, 60)
		_, v, _ := visits(s, 0)
		return v
	}
	a, b := run(1), run(1)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("seed 1 gave %v then %v", a, b)
	}
	if c := run(2); reflect.DeepEqual(a, c) {
		t.Errorf("seeds 1 and 2 both gave %v", a)
	}
}

// TestVisits: the root keeps the K best candidates in score order, ties to
// the first, with their candidate indices; the visits sum to the
// iterations; a unit without scores, or no unit, has nothing to report.
func TestVisits(t *testing.T) {
	g := dominant()
	g.scores = []float32{0, 3, 1}
	c := cfg(2)
	c.K = 2
	s := New[*toy, int](g, c)
	s.Run(&toy{}, 0, 100)
	idx, v, ok := visits(s, 0)
	if !ok || !reflect.DeepEqual(idx, []int{1, 2}) || v[0]+v[1] != 100 {
		t.Errorf("visits %v at %v (%v), want candidates [1 2] and 100 visits", v, idx, ok)
	}
	if _, _, ok := visits(s, 1); ok {
		t.Error("a second unit reported")
	}
	g.scores = []float32{5, 5, 5}
	s = New[*toy, int](g, cfg(2))
	s.Run(&toy{}, 1, 10)
	if idx, _, _ := visits(s, 0); !reflect.DeepEqual(idx, []int{0, 1, 2}) {
		t.Errorf("equal scores: candidates %v, want [0 1 2]", idx)
	}
	g.scores = nil
	s = New[*toy, int](g, cfg(2))
	s.Run(&toy{}, 0, 10)
	if _, _, ok := visits(s, 0); ok || best(s) != 0 {
		t.Errorf("without scores: reported %v, plays %d, want no report and arm 0", ok, best(s))
	}
}

// TestValues: the root arms' mean values come in Visits' order, within
// [0, 1], and rank the dominant action first and the dominated one last
// although the priors favour another; no unit, nothing reported.
func TestValues(t *testing.T) {
	s := New[*toy, int](dominant(), cfg(2))
	s.Run(&toy{}, 0, 300)
	idx, _, _ := visits(s, 0)
	q := make([]float32, 3)
	n, ok := s.Values(0, q)
	if !ok || n != 3 || !reflect.DeepEqual(idx, []int{0, 1, 2}) {
		t.Fatalf("Values: %d arms (%v) at %v, want 3 at [0 1 2]", n, ok, idx)
	}
	for j, x := range q {
		if x < 0 || x > 1 {
			t.Errorf("arm %d: value %v outside [0, 1]", j, x)
		}
	}
	if !(q[1] > q[0] && q[0] > q[2]) {
		t.Errorf("values %v, want arm 1 > arm 0 > arm 2", q)
	}
	if _, ok := s.Values(1, q); ok {
		t.Error("a second unit reported")
	}
}

// TestDeadline: with a clock that moves 1 ms a reading, the search reads
// it every 8 iterations and stops at the first reading at or past the
// deadline, which is the bot's think deadline as given: nothing is kept
// back from it.
func TestDeadline(t *testing.T) {
	t0 := time.Unix(1000, 0)
	for _, c := range []struct {
		name     string
		deadline time.Duration
		want     int
	}{
		// readings at t0+1 (iteration 0), +2 (8), ...
		{"deadline", 40 * time.Millisecond, (40 - 1) * 8},
		{"near", 3 * time.Millisecond, (3 - 1) * 8},
		{"past", 0, 0},
	} {
		clock := t0
		s := New[*toy, int](nim{base{[]int{1, 2, 3}, []float32{0, 0, 0}}}, cfg(2))
		s.Now = func() time.Time {
			clock = clock.Add(time.Millisecond)
			return clock
		}
		s.SetDeadline(t0.Add(c.deadline))
		s.Run(&toy{n: 30}, 0, 5)
		if s.Iterations() != c.want {
			t.Errorf("%s: %d iterations, want %d", c.name, s.Iterations(), c.want)
		}
	}
}

// TestNoAllocs: once made and warm, a search allocates nothing.
func TestNoAllocs(t *testing.T) {
	for _, c := range []struct {
		name string
		g    Game[*toy, int]
		root toy
	}{{"matrix", dominant(), toy{}}, {"nim", nim{base{[]int{1, 2, 3}, []float32{0, 0, 0}}}, toy{n: 20}}, {"hidden", newGuess(), toy{}}} {
		s := New(c.g, cfg(2))
		dst := make([]int, 0, 1)
		if n := testing.AllocsPerRun(5, func() { s.Run(&c.root, 0, 200); dst = s.Best(dst[:0]) }); n != 0 {
			t.Errorf("%s: %v allocations per run", c.name, n)
		}
	}
}

// BenchmarkSearch reports the toy games' iterations per second.
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name string
		g    Game[*toy, int]
		root toy
	}{{"matrix", dominant(), toy{}}, {"nim", nim{base{[]int{1, 2, 3}, []float32{0, 0, 0}}}, toy{n: 20}}} {
		b.Run(c.name, func(b *testing.B) {
			s := New(c.g, cfg(2))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s.Run(&c.root, 0, 1000)
			}
			b.ReportMetric(float64(b.N)*1000/b.Elapsed().Seconds(), "iters/s")
		})
	}
}

// TestAnchor: past its anchor a player's root visit shares stay near
// those of 100 iterations, where unanchored they move on toward the best
// valued arm (a matrix game whose priors favour a dominated action).
// Anchor holds both players; OthersAnchor holds only the other one.
func TestAnchor(t *testing.T) {
	// shares is each player's share of visits to the dominant action at
	// its root after iters iterations for player 0.
	shares := func(anchor, others, iters int) [2]float64 {
		c := cfg(2)
		c.Anchor, c.OthersAnchor = anchor, others
		s := New[*toy, int](dominant(), c)
		s.Run(&toy{}, 0, iters)
		var got [2]float64
		for i := 0; i < s.n; i++ {
			u := &s.us[i]
			sum, best := 0.0, 0.0
			for j := 0; j < u.k; j++ {
				sum += float64(u.t[1+j].n)
				if u.idx[j] == 1 {
					best = float64(u.t[1+j].n)
				}
			}
			if sum == 0 {
				t.Fatalf("player %d: no visits", u.p)
			}
			got[u.p] = best / sum
		}
		return got
	}
	at := shares(0, 0, 100)
	for _, tc := range []struct {
		anchor, others int
		held           [2]bool // whose share stays near its share at 100
	}{
		{0, 0, [2]bool{false, false}},
		{100, 0, [2]bool{true, true}},
		{0, 100, [2]bool{false, true}},
	} {
		got := shares(tc.anchor, tc.others, 6400)
		for p, held := range tc.held {
			d := got[p] - at[p]
			if held && (d > 0.15 || d < -0.15) || !held && d < 0.2 {
				t.Errorf("anchor %d, others %d: player %d's dominant share %.3f at 6,400 iterations, %.3f at 100",
					tc.anchor, tc.others, p, got[p], at[p])
			}
		}
	}
}

// many adds three units a player, counting what Add reports.
type many struct {
	matrix
	added, refused *int
}

func (g many) Units(s *toy, p int, r Roots[int]) {
	for id := 0; id < 3; id++ {
		if r.Add(10*p+id, g.arms, g.scores) {
			*g.added++
		} else {
			*g.refused++
		}
	}
}

// Step ends the game: a player whose units were left out plays nothing.
func (many) Step(s *toy, _ [][]int) { s.done = true }

// TestRootsFull: once the search's units are taken, Add says so and the
// rest are left out, whichever player they belong to; the units that fit
// keep their order, so me's answer is its first units'.
func TestRootsFull(t *testing.T) {
	cases := []struct{ units, added, refused, answered int }{
		{units: 6, added: 6, refused: 0, answered: 3},
		{units: 4, added: 4, refused: 2, answered: 3},
		{units: 2, added: 2, refused: 4, answered: 2},
	}
	for _, tc := range cases {
		var added, refused int
		g := many{dominant(), &added, &refused}
		c := cfg(2)
		c.Units = tc.units
		s := New[*toy, int](g, c)
		s.Run(&toy{}, 0, 10)
		if added != tc.added || refused != tc.refused {
			t.Errorf("%d units: %d added, %d refused; want %d and %d", tc.units, added, refused, tc.added, tc.refused)
		}
		if got := len(s.Best(nil)); got != tc.answered {
			t.Errorf("%d units: %d actions answered, want %d", tc.units, got, tc.answered)
		}
	}
}
