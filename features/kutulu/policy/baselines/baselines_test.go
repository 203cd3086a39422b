package baselines

import (
	"fmt"
	"testing"

	ek "cgpolicy/engine/kutulu"
	fk "cgpolicy/features/kutulu"
	"cgpolicy/features/kutulu/policy"
	"cgpolicy/internal/registry/pooltest"
)

// record is what one seat did in a game: its commands by kind, the sums
// over its turns of the Manhattan distance to the nearest other explorer
// (while there is one) and to the nearest wanderer (while there is one),
// and its spooked turns: those it lost more sanity in than the madness of
// the turn takes (a spook or a rush costs 20, heals never exceed 17).
type record struct {
	kinds                [9]int
	other, wand          float64
	otherTurns, wndTurns int
	turns, spooked       int
}

// play runs seed to the end with pols[p] in seat p, through each seat's
// view on the typed path, and records each seat's commands. Every command
// must parse back to itself and be taken by the referee; no explorer may
// be removed for a bad one.
func play(seed int64, pols [ek.Players]policy.Policy) (*ek.State, [ek.Players]record, error) {
	var rec [ek.Players]record
	s := ek.New(seed)
	var v ek.View
	var buf []ek.Action
	for !s.Done() {
		var acts [ek.Players]ek.Action
		var before [ek.Players]int
		living := 0
		for p := range acts {
			before[p] = s.Sanity(p)
			if s.Active(p) {
				living++
			}
		}
		for p := range acts {
			if !s.Active(p) {
				continue
			}
			s.ViewInto(p, &v)
			buf = pols[p].Act(&v, buf[:0])
			if len(buf) != 1 {
				return nil, rec, fmt.Errorf("seed %d turn %d seat %d: %d commands", seed, s.Turn(), p, len(buf))
			}
			line := ek.FormatAction(buf[0])
			if back, ok := ek.ParseLine(line); !ok || back != buf[0] {
				return nil, rec, fmt.Errorf("seed %d turn %d seat %d: %q does not parse back", seed, s.Turn(), p, line)
			}
			acts[p] = buf[0]
			note(&rec[p], &v, buf[0])
		}
		drain := v.LonelyLoss
		if living == 1 {
			drain = 50
		}
		if err := s.Step(&acts); err != nil {
			return nil, rec, fmt.Errorf("seed %d turn %d: %v", seed, s.Turn(), err)
		}
		for p := range acts {
			if before[p] > 0 && s.Sanity(p) > 0 {
				rec[p].turns++
				if before[p]-s.Sanity(p) > drain {
					rec[p].spooked++
				}
			}
		}
	}
	for p := 0; p < ek.Players; p++ {
		if s.Score(p) < 0 {
			return nil, rec, fmt.Errorf("seed %d: seat %d removed for a bad command", seed, p)
		}
	}
	return s, rec, nil
}

func note(r *record, v *ek.View, a ek.Action) {
	r.kinds[a.Kind]++
	me := &v.Explorers[0]
	dist := func(x, y int) int { return abs(x-me.X) + abs(y-me.Y) }
	if len(v.Explorers) > 1 {
		best := 1 << 20
		for _, e := range v.Explorers[1:] {
			if d := dist(e.X, e.Y); d < best {
				best = d
			}
		}
		r.other += float64(best)
		r.otherTurns++
	}
	best := -1
	for _, m := range v.Minions {
		if m.Kind == wanderer && m.State == stWander {
			if d := dist(m.X, m.Y); best < 0 || d < best {
				best = d
			}
		}
	}
	if best >= 0 {
		r.wand += float64(best)
		r.wndTurns++
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// table plays name in each of the four seats against three copies of
// other, on seeds 1..n, and returns name's mean place (1 is first, shared
// places count as the place itself), its records, and every game's scores.
func table(t *testing.T, name, other string, n int) (float64, []record, []int) {
	t.Helper()
	places := 0
	var recs []record
	var scores []int
	for seed := int64(1); seed <= int64(n); seed++ {
		for seat := 0; seat < ek.Players; seat++ {
			var pols [ek.Players]policy.Policy
			for p := range pols {
				pols[p] = pooltest.Make(t, policy.Policies, other, seed*10+int64(p))
			}
			pols[seat] = pooltest.Make(t, policy.Policies, name, seed)
			s, rec, err := play(seed, pols)
			if err != nil {
				t.Fatal(err)
			}
			places += s.Ranks()[seat]
			recs = append(recs, rec[seat])
			scores = append(scores, s.Scores()...)
		}
	}
	return float64(places) / float64(ek.Players*n), recs, scores
}

// TestRegistered: the pool is whole, in pool order, and nothing failed.
func TestRegistered(t *testing.T) {
	pooltest.Registered(t, "kutulu", policy.Policies, Pool, []string{"random", "greedy", "pack", "loner", "skills", "v1"})
}

// TestBaselinesBeatRandom: seated with three random explorers on seeds 1-3
// in each of the four seats, each baseline's mean place is at most 1.5,
// with legal commands only, and the same seeds replay identically.
func TestBaselinesBeatRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 96 games")
	}
	for _, name := range []string{"pack", "loner", "skills"} {
		name := name
		t.Run(name, func(t *testing.T) {
			place, _, a := table(t, name, "random", 3)
			t.Logf("%s: mean place %.2f against three random", name, place)
			if place > 1.5 {
				t.Fatalf("%s: mean place %.2f against three random, want at most 1.5", name, place)
			}
			if _, _, b := table(t, name, "random", 3); fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%s: same seeds gave scores %v then %v", name, a, b)
			}
		})
	}
}

// TestStyles: the plans differ measurably. Each baseline is seated with
// three greedy survivors on seeds 1-2, in each seat: the pack keeps
// nearer to the other explorers than the loner does, and the skill user
// casts more PLAN, LIGHT and YELL than either, YELL included, where the
// pack never lights or yells and the loner never yells. (A loner draws
// the wanderers to itself, so its distance to them in play says little of
// its plan; TestChoices shows that in one position.)
func TestStyles(t *testing.T) {
	type sum struct {
		kinds       [9]int
		other, wand float64
		spooks      float64 // spooked turns per 100
	}
	sums := map[string]sum{}
	for _, name := range []string{"pack", "loner", "skills"} {
		_, recs, _ := table(t, name, "greedy", 2)
		var s sum
		var ot, wt, turns, spooked int
		for _, r := range recs {
			turns += r.turns
			spooked += r.spooked
			for k := range s.kinds {
				s.kinds[k] += r.kinds[k]
			}
			s.other += r.other
			s.wand += r.wand
			ot += r.otherTurns
			wt += r.wndTurns
		}
		s.other /= float64(ot)
		s.wand /= float64(wt)
		s.spooks = 100 * float64(spooked) / float64(turns)
		sums[name] = s
		t.Logf("%-6s PLAN %2d LIGHT %2d YELL %2d, mean distance to the nearest explorer %.2f, to the nearest wanderer %.2f, spooked %.1f turns in 100",
			name, s.kinds[ek.Plan], s.kinds[ek.Light], s.kinds[ek.Yell], s.other, s.wand, s.spooks)
	}
	pack, loner, skills := sums["pack"], sums["loner"], sums["skills"]
	casts := func(s sum) int { return s.kinds[ek.Plan] + s.kinds[ek.Light] + s.kinds[ek.Yell] }
	if pack.other >= loner.other-0.5 {
		t.Errorf("pack keeps %.2f from the nearest explorer, loner %.2f: want the pack nearer by half a cell", pack.other, loner.other)
	}
	if casts(skills) <= casts(pack) || casts(skills) <= casts(loner) || skills.kinds[ek.Yell] == 0 {
		t.Errorf("casts: skills %d (%d YELL), pack %d, loner %d: want the skill user first, with a YELL", casts(skills), skills.kinds[ek.Yell], casts(pack), casts(loner))
	}
	if n := pack.kinds[ek.Light] + pack.kinds[ek.Yell] + loner.kinds[ek.Yell]; n != 0 {
		t.Errorf("%d LIGHT or YELL by the pack or YELL by the loner, want none", n)
	}
}

// TestChoices: the plans differ in one position of seed 1's maze. The
// explorer stands at (7,7), the three others to its west around (3,7),
// and a wanderer beyond them at (1,9), eight steps away by the maze: the
// pack steps west toward the others, the loner away from the wanderer.
func TestChoices(t *testing.T) {
	v := ek.New(1).View(0).(*ek.View)
	if v.Rows[7] != "###.........###" {
		t.Fatalf("seed 1 maze changed:\n%s", v)
	}
	ex := func(id, x, y int) ek.ExplorerView {
		return ek.ExplorerView{ID: id, X: x, Y: y, Sanity: 250, Plans: 2, Lights: 3}
	}
	v.Explorers = []ek.ExplorerView{ex(0, 7, 7), ex(1, 3, 7), ex(2, 4, 6), ex(3, 3, 8)}
	v.Minions = []ek.MinionView{{Kind: wanderer, ID: 9, X: 1, Y: 9, Countdown: 30, State: stWander, Target: 0}}
	var g fk.Grid
	g.Load(v)
	walk := func(fx, fy, tx, ty int) int {
		var d [maxCells]int16
		from, _ := g.Cell(fx, fy)
		to, _ := g.Cell(tx, ty)
		g.BFS(from, &d)
		return int(d[to])
	}
	meanToOthers := func(x, y int) float64 {
		sum := 0
		for _, e := range v.Explorers[1:] {
			sum += walk(x, y, e.X, e.Y)
		}
		return float64(sum) / 3
	}
	cases := []struct {
		name string
		want func(x, y int) bool
		why  string
	}{
		{"pack", func(x, y int) bool { return meanToOthers(x, y) < meanToOthers(7, 7) }, "nearer the others"},
		{"loner", func(x, y int) bool { return walk(x, y, 1, 9) > walk(7, 7, 1, 9) }, "farther from the wanderer"},
	}
	for _, tc := range cases {
		a := pooltest.Make(t, policy.Policies, tc.name, 1).Act(v, nil)
		if len(a) != 1 || a[0].Kind != ek.Move || !tc.want(a[0].X, a[0].Y) {
			t.Errorf("%s played %v, want a step %s", tc.name, a, tc.why)
		}
	}
}
