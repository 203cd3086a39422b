package ocean

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/ocean"
)

// trackedGame follows both players' trackers through one game and checks
// at every request that the tracked opponent's true cell is in the set.
// answer gives player p's answer at a request (its view is v).
type trackedGame struct {
	s     *ocean.State
	maps  [2]Map
	tr    [2]*Tracker
	mine  []ocean.Action
	sizes [][]int // per request index, the set sizes seen
}

func newTrackedGame(s *ocean.State, maxPaths int, sizes [][]int) *trackedGame {
	g := &trackedGame{s: s, sizes: sizes}
	for p := 0; p < 2; p++ {
		v := s.View(p).(*ocean.View)
		g.maps[p].Init(&v.Island)
		g.tr[p] = NewTracker(&g.maps[p], maxPaths)
	}
	return g
}

// check updates p's tracker at p's request and reports whether the
// opponent's true cell is possible.
func (g *trackedGame) check(t *testing.T, p int) {
	t.Helper()
	v := g.s.View(p).(*ocean.View)
	if v.Request == 0 {
		return
	}
	var orders [8]string
	g.mine = ParseOrders(SplitOrders(g.s.Orders(p), orders[:0]), g.mine[:0])
	g.tr[p].Update(v, g.mine)
	x, y := g.s.Position(1 - p)
	if !g.tr[p].Possible(Cell(x, y)) {
		t.Fatalf("request %d of player %d: opponent at %d %d not among %d cells (%d paths); orders %q",
			v.Request, p, x, y, g.tr[p].Cells, g.tr[p].Paths(), v.OppOrders)
	}
	if g.tr[p].Resets > 0 {
		t.Fatalf("request %d of player %d: the set ran empty", v.Request, p)
	}
	if g.sizes != nil && v.Request < len(g.sizes) {
		g.sizes[v.Request] = append(g.sizes[v.Request], g.tr[p].Cells)
	}
}

func playRandomTracked(t *testing.T, seed int64, maxPaths int, sizes [][]int, quiet bool) *trackedGame {
	s := ocean.New(seed)
	g := newTrackedGame(s, maxPaths, sizes)
	rng := rand.New(rand.NewSource(seed))
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			g.check(t, p)
			acts = s.RandomActions(p, rng, acts[:0])
			if quiet && s.Rounds() > 0 {
				acts = silentChain(s, p, rng, acts[:0])
			}
			_ = s.AnswerActions(p, acts)
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// silentChain is a random chain of a player that hides: it moves to a free
// cell charging SILENCE, and silences whenever it can, so the paths
// multiply (it surfaces when stuck).
func silentChain(s *ocean.State, p int, rng *rand.Rand, dst []ocean.Action) []ocean.Action {
	x, y := s.Position(p)
	free := func(x, y int) bool { return !s.Island(x, y) && !s.Visited(p, x, y) }
	var dirs []ocean.Dir
	for d := ocean.Dir(0); d < 4; d++ {
		if free(x+d.DX(), y+d.DY()) {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return append(dst, ocean.Action{Kind: ocean.SurfaceAct})
	}
	d := dirs[rng.Intn(len(dirs))]
	dst = append(dst, ocean.Action{Kind: ocean.MoveAct, Dir: d, Charge: ocean.Silence})
	x, y = x+d.DX(), y+d.DY()
	if s.Cooldown(p, ocean.Silence) <= 1 {
		sd := ocean.Dir(rng.Intn(4))
		n := 0
		for n < rng.Intn(5) && free(x+sd.DX()*(n+1), y+sd.DY()*(n+1)) {
			n++
		}
		dst = append(dst, ocean.Action{Kind: ocean.SilenceAct, Dir: sd, Dist: n})
	}
	return dst
}

// TestTrackerRandomGames: on random games, with the default cap and with
// a tiny cap that forces the merging fallback, the true position is always
// possible. The median set size by turn is logged (go test -v).
func TestTrackerRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for _, tc := range []struct {
		name     string
		maxPaths int
		games    int
		quiet    bool
	}{
		{"default cap", MaxPaths, games, false},
		{"silent players", MaxPaths, games / 10, true},
		{"cap 8", 8, games / 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sizes := make([][]int, 40)
			merges := 0
			for i := 0; i < tc.games; i++ {
				g := playRandomTracked(t, int64(i)*7919+1, tc.maxPaths, sizes, tc.quiet)
				merges += g.tr[0].Merges + g.tr[1].Merges
			}
			if tc.maxPaths == 8 && merges == 0 {
				t.Errorf("cap %d never merged: the fallback went untested", tc.maxPaths)
			}
			t.Logf("%d games, %d merges; median cells by request: %s", tc.games, merges, medians(sizes))
		})
	}
}

func medians(sizes [][]int) string {
	out := ""
	for r := 1; r < len(sizes); r += 3 {
		if len(sizes[r]) == 0 {
			continue
		}
		s := append([]int(nil), sizes[r]...)
		sort.Ints(s)
		out += " " + itoa(r) + ":" + itoa(s[len(s)/2])
	}
	return out
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	b := []byte{}
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}

type goldenGame struct {
	Seed    int64 `json:"seed"`
	Players []struct {
		InitOutput  []string `json:"init_output"`
		InitTimeout bool     `json:"init_timeout"`
		Turns       []struct {
			Output  []string `json:"output"`
			Timeout bool     `json:"timeout"`
		} `json:"turns"`
	} `json:"players"`
}

// TestTrackerGolden replays every official game and checks both trackers
// at every request; a third of them have a public contest bot, so the
// orders are not only our random ones.
func TestTrackerGolden(t *testing.T) {
	files := enginetest.GoldenFiles(t, "ocean")
	sizes := make([][]int, 40)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var gg goldenGame
		if err := json.Unmarshal(data, &gg); err != nil {
			t.Fatal(f, err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			s := ocean.New(gg.Seed)
			g := newTrackedGame(s, MaxPaths, sizes)
			var asked [2]int
			for !s.Done() {
				for _, p := range s.Pending() {
					var out []string
					if s.View(p).(*ocean.View).Request == 0 {
						if !gg.Players[p].InitTimeout && len(gg.Players[p].InitOutput) == 1 {
							out = gg.Players[p].InitOutput
						}
					} else {
						g.check(t, p)
						turn := gg.Players[p].Turns[asked[p]]
						asked[p]++
						if !turn.Timeout {
							out = turn.Output
						}
					}
					_ = s.Answer(p, out)
				}
				if err := s.Advance(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	t.Logf("%d traces; median cells by request: %s", len(files), medians(sizes))
}

// TestTrackerNoAlloc: an update allocates nothing.
func TestTrackerNoAlloc(t *testing.T) {
	s := ocean.New(5)
	v := s.View(0).(*ocean.View)
	var m Map
	m.Init(&v.Island)
	tr := NewTracker(&m, MaxPaths)
	views := []ocean.View{
		{Sonar: "NA", OppLife: 6, OppOrders: []string{"MOVE N", "SILENCE"}},
		{Sonar: "N", OppLife: 6, OppOrders: []string{"SILENCE", "MOVE E", "TORPEDO 7 7"}},
		{Sonar: "NA", OppLife: 5, OppOrders: []string{"SURFACE 5"}},
	}
	mine := []ocean.Action{{Kind: ocean.SonarAct, Sector: 1}}
	allocs := testing.AllocsPerRun(50, func() {
		tr.Reset()
		for i := range views {
			tr.Update(&views[i], mine)
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per run of updates", allocs)
	}
}
