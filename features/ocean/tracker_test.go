package ocean

import (
	"encoding/json"
	"fmt"
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
	// mines sums, over the checks where the opponent had live mines, its
	// true mines, the tracker's possible mine cells, and the water cells.
	mines struct{ checks, live, may, water int }
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
	live := 0
	for c := 0; c < Cells; c++ {
		if !g.s.Mine(1-p, c%Size, c/Size) {
			continue
		}
		live++
		if !g.tr[p].MayMine.Has(c) {
			t.Fatalf("request %d of player %d: opponent's mine at %d %d not among its %d possible cells; orders %q",
				v.Request, p, c%Size, c/Size, g.tr[p].MayMine.count(), v.OppOrders)
		}
		if g.tr[p].MineProb[c] <= 0 {
			t.Fatalf("request %d of player %d: opponent's mine at %d %d has no weight", v.Request, p, c%Size, c/Size)
		}
	}
	if live != g.tr[p].Live() {
		t.Fatalf("request %d of player %d: %d live mines, the tracker counts %d", v.Request, p, live, g.tr[p].Live())
	}
	if live > 0 {
		g.mines.checks++
		g.mines.live += live
		g.mines.may += g.tr[p].MayMine.count()
		g.mines.water += g.maps[p].NWater
	}
	if g.sizes != nil && v.Request < len(g.sizes) {
		g.sizes[v.Request] = append(g.sizes[v.Request], g.tr[p].Cells)
	}
}

func playRandomTracked(t *testing.T, seed int64, maxPaths int, sizes [][]int, quiet, mines bool) *trackedGame {
	s := ocean.New(seed)
	g := newTrackedGame(s, maxPaths, sizes)
	rng := rand.New(rand.NewSource(seed))
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			g.check(t, p)
			acts = s.RandomActions(p, rng, acts[:0])
			if quiet && s.Rounds() > 0 {
				acts = silentChain(s, p, rng, mines, acts[:0])
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
// multiply (it surfaces when stuck). With mines it charges MINE half the
// time, lays a mine whenever it can, and now and then triggers one of its
// mines away from itself.
func silentChain(s *ocean.State, p int, rng *rand.Rand, mines bool, dst []ocean.Action) []ocean.Action {
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
	charge := ocean.Silence
	if mines && rng.Intn(2) == 0 {
		charge = ocean.Mine
	}
	if mines && rng.Intn(3) == 0 {
		var own []int
		for c := 0; c < Cells; c++ {
			if s.Mine(p, c%Size, c/Size) && Damage(c, Cell(x, y)) == 0 {
				own = append(own, c)
			}
		}
		if len(own) > 0 {
			c := own[rng.Intn(len(own))]
			dst = append(dst, ocean.Action{Kind: ocean.TriggerAct, X: c % Size, Y: c / Size})
		}
	}
	dst = append(dst, ocean.Action{Kind: ocean.MoveAct, Dir: d, Charge: charge})
	x, y = x+d.DX(), y+d.DY()
	if mines && (s.Cooldown(p, ocean.Mine) == 0 || (charge == ocean.Mine && s.Cooldown(p, ocean.Mine) == 1)) {
		dst = append(dst, ocean.Action{Kind: ocean.MineAct, Dir: ocean.Dir(rng.Intn(4))})
	}
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
		mines    bool
	}{
		{"default cap", MaxPaths, games, false, false},
		{"silent players", MaxPaths, games / 10, true, false},
		{"cap 8", 8, games / 10, true, false},
		{"silent mine layers", MaxPaths, games / 10, true, true},
		{"mine layers cap 8", 8, games / 10, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sizes := make([][]int, 40)
			merges := 0
			var ms mineStats
			for i := 0; i < tc.games; i++ {
				g := playRandomTracked(t, int64(i)*7919+1, tc.maxPaths, sizes, tc.quiet, tc.mines)
				merges += g.tr[0].Merges + g.tr[1].Merges
				ms.add(g)
			}
			if tc.maxPaths == 8 && merges == 0 {
				t.Errorf("cap %d never merged: the fallback went untested", tc.maxPaths)
			}
			if (tc.mines || !tc.quiet) && ms.checks == 0 {
				t.Error("no opponent ever had a live mine: the mine tracking went untested")
			}
			t.Logf("%d games, %d merges; median cells by request: %s; %s", tc.games, merges, medians(sizes), ms)
		})
	}
}

// mineStats sums the trackedGame mine counts of several games.
type mineStats struct{ checks, live, may, water int }

func (m *mineStats) add(g *trackedGame) {
	m.checks += g.mines.checks
	m.live += g.mines.live
	m.may += g.mines.may
	m.water += g.mines.water
}

func (m mineStats) String() string {
	if m.checks == 0 {
		return "no live mines"
	}
	n := float64(m.checks)
	return fmt.Sprintf("with live mines (%d requests): %.1f mines, %.1f possible cells of %.0f water on average",
		m.checks, float64(m.live)/n, float64(m.may)/n, float64(m.water)/n)
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
	var ms mineStats
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
			ms.add(g)
		})
	}
	if ms.checks == 0 {
		t.Error("no trace has a live mine: the mine tracking went untested")
	}
	t.Logf("%d traces; median cells by request: %s; %s", len(files), medians(sizes), ms)
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
		{Sonar: "NA", OppLife: 5, OppOrders: []string{"SURFACE 5", "MINE"}},
		{Sonar: "NA", OppLife: 5, OppOrders: []string{"MOVE S", "MINE", "TRIGGER 7 8"}},
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
