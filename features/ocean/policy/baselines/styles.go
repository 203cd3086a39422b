package baselines

import (
	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
	"cgpolicy/features/ocean/policy"
)

// mineAvoid is what every style gives up, in cells of room, per life the
// opponent's possible mines threaten at a cell (Tracker.MineDanger).
const mineAvoid = 8

// turn is a chain being built: our cell, visited set and cooldowns as the
// chain so far leaves them.
type turn struct {
	v        *ocean.View
	m        *focean.Mind
	c        int
	vis      focean.Bits
	cd       [5]int
	acts     [8]ocean.Action
	n        int
	fired    bool
	surfaced bool
}

func newTurn(v *ocean.View, m *focean.Mind) *turn {
	return &turn{v: v, m: m, c: focean.Cell(v.X, v.Y), vis: m.Visited, cd: v.Cooldown}
}

func (t *turn) add(a ocean.Action) {
	if t.n < len(t.acts) {
		t.acts[t.n] = a
		t.n++
	}
}

// fire adds a torpedo at the best target from our cell when its score
// reaches min.
func (t *turn) fire(k *kit, min float64) {
	if t.fired || t.cd[ocean.Torpedo] > 0 {
		return
	}
	if sh, ok := k.bestShot(t.m, t.c, t.v.Life, t.v.OppLife); ok && sh.Score() >= min {
		t.add(torpedo(sh.Target))
		t.fired = true
		t.cd[ocean.Torpedo] = ocean.Torpedo.Max()
	}
}

// step moves by the best direction for score, charging the first power
// of order not yet charged; it surfaces first when no cell is free.
func (t *turn) step(k *kit, score func(n, room int) float64, order ...ocean.Power) {
	d, ok := k.move(t.m, t.c, &t.vis, score)
	if !ok {
		t.add(ocean.Action{Kind: ocean.SurfaceAct})
		t.surfaced = true
		t.vis = focean.Bits{}
		t.vis.Set(t.c)
		if d, ok = k.move(t.m, t.c, &t.vis, score); !ok {
			return
		}
	}
	p := focean.Charge(&t.cd, order...)
	if p != ocean.NoPower {
		t.cd[p]--
	}
	t.add(ocean.Action{Kind: ocean.MoveAct, Dir: d, Charge: p})
	t.c = int(t.m.Map.Next[t.c][d])
	t.vis.Set(t.c)
}

// hide adds a SILENCE of at least minRun steps, if charged, by score.
func (t *turn) hide(k *kit, minRun int, score func(end, n, room int) float64) {
	if t.cd[ocean.Silence] > 0 {
		return
	}
	d, n, ok := k.silence(t.m, t.c, &t.vis, minRun, score)
	if !ok {
		return
	}
	t.add(ocean.Action{Kind: ocean.SilenceAct, Dir: d, Dist: n})
	t.c = walk(t.m, t.c, &t.vis, d, n)
	t.cd[ocean.Silence] = ocean.Silence.Max()
}

// answer is the chain made safe.
func (t *turn) answer(dst []ocean.Action) []ocean.Action {
	return focean.Safe(t.v, t.m, t.acts[:t.n], dst)
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// Stalker hides and creeps up: it charges TORPEDO then SILENCE and
// silences whenever it can (runs of two or more when there is room),
// never sonars nor mines, keeps about four steps from the opponent's
// likely cells (MeanDist), and fires when a torpedo promises enough.
type Stalker struct{ kit }

// NewStalker returns the silent stalker, played from its own mind (policy.Play).
func NewStalker() policy.Policy { return policy.Play(&Stalker{newKit()}) }

// stalkDist is the distance the stalker keeps from the belief, stalkShot
// the least score (Shot.Score) its torpedo must promise.
const (
	stalkDist = 4
	stalkShot = 0.6
)

// Plan implements policy.Planner.
func (s *Stalker) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return s.place(v, m, dst)
	}
	t := newTurn(v, m)
	tr := &m.Tracker
	t.fire(&s.kit, stalkShot)
	t.step(&s.kit, func(n, room int) float64 {
		return cramp(room) - 1.2*absf(m.MeanDist(n)-stalkDist) - mineAvoid*tr.MineDanger(n)
	}, ocean.Torpedo, ocean.Silence)
	t.fire(&s.kit, stalkShot)
	run := 2
	if _, _, ok := s.silence(m, t.c, &t.vis, 2, func(int, int, int) float64 { return 0 }); !ok {
		run = 0
	}
	t.hide(&s.kit, run, func(end, n, room int) float64 {
		return cramp(room) - 1.2*absf(m.MeanDist(end)-stalkDist) + 0.5*float64(n) - mineAvoid*tr.MineDanger(end)
	})
	return t.answer(dst)
}

// Hunter closes in by sonar: while the belief is wide it charges SONAR
// first and sonars the sector that splits the belief best whenever it
// can, moves to firing distance of the likely cells and closer, and fires
// as soon as a torpedo promises some damage; it silences only after a
// shot gave it away, and never mines.
type Hunter struct{ kit }

// NewHunter returns the sonar hunter, played from its own mind (policy.Play).
func NewHunter() policy.Policy { return policy.Play(&Hunter{newKit()}) }

// Plan implements policy.Planner.
func (h *Hunter) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return h.place(v, m, dst)
	}
	t := newTurn(v, m)
	tr := &m.Tracker
	if t.cd[ocean.Sonar] == 0 && tr.Cells > 3 {
		if sec, ok := sonarSector(m); ok {
			t.add(ocean.Action{Kind: ocean.SonarAct, Sector: sec})
			t.cd[ocean.Sonar] = ocean.Sonar.Max()
		}
	}
	t.fire(&h.kit, 0.8)
	order := []ocean.Power{ocean.Torpedo, ocean.Silence, ocean.Sonar}
	if tr.Cells > 10 {
		order = []ocean.Power{ocean.Sonar, ocean.Torpedo, ocean.Silence}
	}
	t.step(&h.kit, func(n, room int) float64 {
		return cramp(room) - 2*m.RangeGap(n) - 0.4*m.MeanDist(n) - mineAvoid*tr.MineDanger(n)
	}, order...)
	t.fire(&h.kit, 0.8)
	if t.fired || t.surfaced {
		t.hide(&h.kit, 0, func(end, n, room int) float64 {
			return cramp(room) + 0.2*float64(n) - mineAvoid*tr.MineDanger(end)
		})
	}
	return t.answer(dst)
}

// Miner lays mines along the opponent's likely way and triggers them: it
// charges MINE first (TORPEDO first while it has minerStock mines out), lays a mine whenever it can on the
// side where the belief is densest, roams to spread its mines (keeping
// some distance from those it laid, whose blasts would hurt it), triggers
// the mine whose blast is expected to hurt the opponent most once that is
// worth it, and fires a torpedo at a likely target. It never sonars nor
// silences.
type Miner struct{ kit }

// minerStock is how many mines the miner keeps in the water before it
// charges its torpedo first.
const minerStock = 4

// NewMiner returns the mine layer, played from its own mind (policy.Play).
func NewMiner() policy.Policy { return policy.Play(&Miner{newKit()}) }

// Plan implements policy.Planner.
func (mn *Miner) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		return mn.place(v, m, dst)
	}
	t := newTurn(v, m)
	tr := &m.Tracker
	if c, ok := mn.trigger(t); ok {
		t.add(ocean.Action{Kind: ocean.TriggerAct, X: c % focean.Size, Y: c / focean.Size})
	}
	t.fire(&mn.kit, 0.8)
	order := []ocean.Power{ocean.Mine, ocean.Torpedo}
	if countBits(&m.Mines) >= minerStock {
		order = []ocean.Power{ocean.Torpedo, ocean.Mine}
	}
	t.step(&mn.kit, func(n, room int) float64 {
		return cramp(room) - 0.6*absf(m.MeanDist(n)-5) + 0.8*float64(nearMine(m, n, 4)) - mineAvoid*tr.MineDanger(n)
	}, order...)
	t.fire(&mn.kit, 0.8)
	if t.cd[ocean.Mine] == 0 {
		if d, ok := mn.layDir(t); ok {
			t.add(ocean.Action{Kind: ocean.MineAct, Dir: d})
		}
	}
	return t.answer(dst)
}

// trigger is our mine whose blast is worth the most, by the expected
// damage to the opponent (a kill counted double) less ours; false when
// none is worth half a life.
func (mn *Miner) trigger(t *turn) (int, bool) {
	m := t.m
	best, bestS := -1, 0.5
	for c := 0; c < focean.Cells; c++ {
		if !m.Mines.Has(c) {
			continue
		}
		sh := m.ShotAt(t.c, c, t.v.OppLife)
		if sh.Self >= t.v.Life || sh.Expected < 0.3 {
			continue
		}
		if s := sh.Expected + 2*sh.Kill - 1.5*float64(sh.Self); s > bestS {
			best, bestS = c, s
		}
	}
	return best, best >= 0
}

// layDir is the side of our cell where a new mine covers the most of the
// belief within two steps; false when no side takes one.
func (mn *Miner) layDir(t *turn) (ocean.Dir, bool) {
	m := t.m
	best, bestS, ok := ocean.Dir(0), -1.0, false
	for d := ocean.Dir(0); d < 4; d++ {
		c := int(m.Map.Next[t.c][d])
		if c < 0 || m.Mines.Has(c) {
			continue
		}
		cx, cy := c%focean.Size, c/focean.Size
		s := 0.0
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if focean.Inside(cx+dx, cy+dy) && absi(dx)+absi(dy) <= 2 {
					s += m.Tracker.Prob(focean.Cell(cx+dx, cy+dy))
				}
			}
		}
		if s > bestS {
			best, bestS, ok = d, s, true
		}
	}
	return best, ok
}

// nearMine is the distance (in steps, as the crow flies) from cell n to
// our nearest mine, capped at limit.
func nearMine(m *focean.Mind, n, limit int) int {
	nx, ny := n%focean.Size, n/focean.Size
	best := limit
	for c := 0; c < focean.Cells; c++ {
		if m.Mines.Has(c) {
			if d := absi(c%focean.Size-nx) + absi(c/focean.Size-ny); d < best {
				best = d
			}
		}
	}
	return best
}

func absi(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func countBits(b *focean.Bits) int {
	n := 0
	for c := 0; c < focean.Cells; c++ {
		if b.Has(c) {
			n++
		}
	}
	return n
}
