package baselines

import (
	"fmt"
	"hash/fnv"
	"os/exec"
	"testing"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
	"cgpolicy/internal/registry/pooltest"
)

// tally counts one seat's actions of each kind over a game, its turns,
// and the lives its triggers took from the opponent; answers hashes every
// answer it gave, in order.
type tally struct {
	kinds    [7]int
	charges  [5]int // MOVEs by the power they charge
	turns    int
	mineHits int
	answers  uint64
}

// play runs seed to the end with pols[0] in seat 0 through each seat's
// view on the typed path. It fails on an answer the referee refuses or a
// removal, and checks each policy's tracker: the opponent's true cell and
// mines are always possible.
func play(t testing.TB, seed int64, pols [2]policy.Policy) (*ocean.State, [2]tally) {
	t.Helper()
	var tl [2]tally
	s := ocean.New(seed)
	var acts []ocean.Action
	for !s.Done() {
		for _, p := range s.Pending() {
			v := s.View(p).(*ocean.View)
			acts = pols[p].Act(v, acts[:0])
			if err := s.AnswerActions(p, acts); err != nil {
				t.Fatalf("seed %d request %d seat %d: %v\n%s", seed, v.Request, p, err, ocean.FormatActions(acts))
			}
			h := fnv.New64a()
			fmt.Fprintf(h, "%d %s", tl[p].answers, ocean.FormatActions(acts))
			tl[p].answers = h.Sum64()
			if v.Request == 0 {
				continue
			}
			tl[p].turns++
			ox, oy := s.Position(1 - p)
			for _, a := range acts {
				tl[p].kinds[a.Kind]++
				if a.Kind == ocean.MoveAct {
					tl[p].charges[a.Charge]++
				}
				if a.Kind == ocean.TriggerAct && focean.Inside(a.X, a.Y) {
					tl[p].mineHits += focean.Damage(focean.Cell(a.X, a.Y), focean.Cell(ox, oy))
				}
			}
			pl, ok := pols[p].(*policy.Player)
			if !ok {
				continue
			}
			tr := &pl.Mind.Tracker
			if ox, oy := s.Position(1 - p); !tr.Possible(focean.Cell(ox, oy)) || tr.Resets > 0 {
				t.Fatalf("seed %d request %d seat %d: the opponent's cell is not tracked", seed, v.Request, p)
			}
			for c := 0; c < focean.Cells; c++ {
				if s.Mine(1-p, c%focean.Size, c/focean.Size) && !tr.MayMine.Has(c) {
					t.Fatalf("seed %d request %d seat %d: the opponent's mine at %d is not tracked", seed, v.Request, p, c)
				}
			}
		}
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	if d := s.Deactivation(); d != nil {
		t.Fatalf("seed %d: %v", seed, d)
	}
	return s, tl
}

// TestRegistered: the pool is whole, in pool order, and nothing failed.
func TestRegistered(t *testing.T) {
	pooltest.Registered(t, "ocean", policy.Policies, Pool, []string{"random", "greedy", "stalker", "miner", "hunter", "v1"})
}

// score is a's per-game score against b over seeds 1..n, both seats (a
// draw counts a half), and every game's final scores and hashes of both
// seats' answers.
func score(t testing.TB, a, b string, n int64) (float64, []uint64) {
	sum := 0.0
	var all []uint64
	for seed := int64(1); seed <= n; seed++ {
		for seat := 0; seat < 2; seat++ {
			var pols [2]policy.Policy
			pols[seat] = pooltest.Make(t, policy.Policies, a, seed*31+int64(seat))
			pols[1-seat] = pooltest.Make(t, policy.Policies, b, seed*37+int64(seat))
			s, tl := play(t, seed, pols)
			switch s.Winner() {
			case seat:
				sum++
			case -1:
				sum += 0.5
			}
			all = append(all, uint64(s.Scores()[0]), uint64(s.Scores()[1]), tl[0].answers, tl[1].answers)
		}
	}
	return sum / float64(2*n), all
}

// TestBaselinesBeatRandom: each baseline scores at least 0.85 against
// random over seeds 1-10 (both seats), with legal answers only, and
// replays its games identically.
func TestBaselinesBeatRandom(t *testing.T) {
	seeds := int64(10)
	if testing.Short() {
		seeds = 3
	}
	for _, name := range []string{"stalker", "miner", "hunter", "v1"} {
		name := name
		t.Run(name, func(t *testing.T) {
			got, a := score(t, name, "random", seeds)
			t.Logf("%s vs random: %.2f", name, got)
			if got < 0.85 {
				t.Fatalf("%s scored %.2f against random, want at least 0.85", name, got)
			}
			if _, b := score(t, name, "random", seeds); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%s: same seeds gave scores and answers %v then %v", name, a, b)
			}
		})
	}
}

// TestStyles: the plans differ in what they do, over seeds 1-4 in seat 0
// against greedy. Per turn, the stalker silences more than anyone and
// never sonars nor mines; the hunter sonars more than anyone; the miner
// lays mines and triggers them, and never sonars nor silences.
func TestStyles(t *testing.T) {
	rate := map[string][7]float64{}
	for _, name := range []string{"stalker", "miner", "hunter", "greedy"} {
		var sum tally
		for seed := int64(1); seed <= 4; seed++ {
			_, tl := play(t, seed, [2]policy.Policy{pooltest.Make(t, policy.Policies, name, seed), pooltest.Make(t, policy.Policies, "greedy", seed)})
			for k := range sum.kinds {
				sum.kinds[k] += tl[0].kinds[k]
			}
			sum.turns += tl[0].turns
		}
		var r [7]float64
		for k := range r {
			r[k] = float64(sum.kinds[k]) / float64(sum.turns)
		}
		rate[name] = r
		t.Logf("%-8s per turn: torpedo %.2f sonar %.2f silence %.2f mine %.2f trigger %.2f surface %.2f",
			name, r[ocean.TorpedoAct], r[ocean.SonarAct], r[ocean.SilenceAct], r[ocean.MineAct], r[ocean.TriggerAct], r[ocean.SurfaceAct])
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"stalker silences most", rate["stalker"][ocean.SilenceAct] > rate["hunter"][ocean.SilenceAct] &&
			rate["stalker"][ocean.SilenceAct] > rate["greedy"][ocean.SilenceAct]},
		{"stalker never sonars nor mines", rate["stalker"][ocean.SonarAct] == 0 && rate["stalker"][ocean.MineAct] == 0},
		{"hunter sonars most", rate["hunter"][ocean.SonarAct] > rate["greedy"][ocean.SonarAct] &&
			rate["hunter"][ocean.SonarAct] > rate["stalker"][ocean.SonarAct] && rate["hunter"][ocean.SonarAct] > rate["miner"][ocean.SonarAct]},
		{"miner lays mines", rate["miner"][ocean.MineAct] >= 0.15},
		{"miner triggers", rate["miner"][ocean.TriggerAct] > 0},
		{"miner never sonars nor silences", rate["miner"][ocean.SonarAct] == 0 && rate["miner"][ocean.SilenceAct] == 0},
	} {
		if !tc.ok {
			t.Errorf("%s: rates %v", tc.name, rate)
		}
	}
}

// TestCharges: v1 charges in its own order (mines before silence), the
// network over today's weights in the bot's (silence before mines), over
// seeds 1-3 in seat 0 against greedy.
func TestCharges(t *testing.T) {
	for _, tc := range []struct {
		name         string
		silenceFirst bool
	}{{"v1", false}, {"net", true}} {
		var ch [5]int
		for seed := int64(1); seed <= 3; seed++ {
			_, tl := play(t, seed, [2]policy.Policy{pooltest.Make(t, policy.Policies, tc.name, seed), pooltest.Make(t, policy.Policies, "greedy", seed)})
			for k, n := range tl[0].charges {
				ch[k] += n
			}
		}
		si, mi := ch[ocean.Silence], ch[ocean.Mine]
		t.Logf("%s charged silence %d times, mines %d", tc.name, si, mi)
		if (si > mi) != tc.silenceFirst {
			t.Errorf("%s charged silence %d times and mines %d; silence first: %v", tc.name, si, mi, tc.silenceFirst)
		}
	}
}

// TestMineAvoidance: keeping away from the opponent's likely mines pays.
// Greedy (MineWeight 8) loses at least 15% fewer lives to the miner's
// mines than greedy blind to them (MineWeight 0), over seeds 1-25 (both
// seats). Both scores against the miner are logged; the seeing greedy's
// match alone, longer, is arena play -game ocean -bot builtin:greedy -bot
// builtin:miner -games 50 (the blind one is no builtin).
func TestMineAvoidance(t *testing.T) {
	const n = 25
	var lost [2]int
	for i, w := range []float64{0, 8} {
		sum := 0.0
		for seed := int64(1); seed <= int64(n); seed++ {
			for seat := 0; seat < 2; seat++ {
				g := policy.NewGreedy()
				g.MineWeight = w
				var pols [2]policy.Policy
				pols[seat] = policy.Play(g)
				pols[1-seat] = pooltest.Make(t, policy.Policies, "miner", seed)
				s, tl := play(t, seed, pols)
				lost[i] += tl[1-seat].mineHits
				switch s.Winner() {
				case seat:
					sum++
				case -1:
					sum += 0.5
				}
			}
		}
		t.Logf("greedy MineWeight %g vs miner: %.3f over %d games; its mines took %d lives", w, sum/float64(2*n), 2*n, lost[i])
	}
	if float64(lost[1]) > 0.85*float64(lost[0]) {
		t.Fatalf("greedy lost %d lives to mines avoiding them, %d blind to them: want at least 15%% fewer", lost[1], lost[0])
	}
}

// TestV1Weights: v1.txt is what its go:generate recipe takes from commit
// d53f606, byte for byte.
func TestV1Weights(t *testing.T) {
	out, err := exec.Command("git", "show", "d53f606:weights/ocean/weights.txt").Output()
	if err != nil {
		t.Fatalf("git show d53f606:weights/ocean/weights.txt: %v (the frozen weights need the repository's history)", err)
	}
	if string(out) != v1Weights {
		t.Fatal("v1.txt differs from weights/ocean/weights.txt at d53f606: run go generate ./features/ocean/policy/baselines")
	}
}
