package ocean

import (
	"cgpolicy/engine/ocean"
)

// MaxPaths is the default cap on the paths a Tracker keeps. Past it the
// tracker merges the paths that end on the same cell (see Tracker).
const MaxPaths = 1024

// silenceBranches is how many paths one path can become after a SILENCE:
// staying, or 1 to 4 steps in each of four directions.
const silenceBranches = 1 + 4*4

// path is one way the opponent may have come: its cell, the cells it
// visited since it last surfaced, and the damage it took this turn so far
// if it is there (checked against its lives at the end of the turn).
// mines is where its live mines may lie if it came this way (see
// mines.go); it is no part of the path's identity: two paths alike but
// for their mines are one path holding the union of both.
type path struct {
	visited Bits
	mines   Bits
	cell    int16
	dmg     int8
}

// same reports whether p and q are one path, mines aside.
func (p *path) same(q *path) bool {
	return p.cell == q.cell && p.dmg == q.dmg && p.visited == q.visited
}

// Tracker keeps the set of the opponent's possible positions from what its
// owner can know: the opponent's orders, the owner's own sonar, torpedo
// and trigger results, and the opponent's lives.
//
// It keeps paths, not only cells, because a MOVE or SILENCE may not cross a
// cell the opponent visited since it last surfaced: a path is a cell with
// its visited set. Two paths are kept apart only when they differ in cell,
// visited set or damage taken this turn.
//
// The fallback when more than the cap of paths remain after an order: the
// paths ending on the same cell (with the same damage) are merged into one
// whose visited set is the intersection of theirs. Every true path still
// fits the merged one (it visited at least the intersection), so the true
// position always stays in the set; the tracker only forgets some cells
// the opponent cannot cross. Merging leaves at most one path per cell and
// damage, far under the cap.
//
// Its buffers grow to the largest turn seen and are kept, so after the
// first turns Update does not allocate; a copy (CopyFrom) copies only the
// live paths and makes its scratch when it first needs it.
type Tracker struct {
	m       *Map
	cap     int
	paths   []path // paths[:n] are live
	n       int
	next    []path // the SILENCE expansion's buffer
	table   []int32
	stamp   []uint32
	gen     uint32
	group   []int32 // merge slots by cell and damage
	oppLife int
	started bool
	mineState
	// Count[c] is the number of paths ending on cell c, after the last
	// Update; Cells the number of distinct cells among them.
	Count [Cells]int32
	Cells int
	// Merges counts the times the cap forced a merge; Resets the times the
	// set ran empty (an order the tracker did not expect, such as our own
	// action that the referee dropped) and started again from every water
	// cell.
	Merges, Resets int
}

// NewTracker returns a tracker on map m keeping at most maxPaths paths
// (MaxPaths when 0 or less).
func NewTracker(m *Map, maxPaths int) *Tracker {
	t := &Tracker{}
	t.Init(m, maxPaths)
	return t
}

// Init makes t a fresh tracker on map m, as NewTracker does, keeping its
// buffers.
func (t *Tracker) Init(m *Map, maxPaths int) {
	if maxPaths <= 0 {
		maxPaths = MaxPaths
	}
	t.m, t.cap = m, maxPaths
	t.Merges, t.Resets = 0, 0
	t.Reset()
}

// CopyFrom makes t a copy of o (on the same map), reusing t's buffers.
func (t *Tracker) CopyFrom(o *Tracker) {
	t.m, t.cap, t.n = o.m, o.cap, o.n
	t.paths = append(t.paths[:0], o.paths[:o.n]...)
	t.oppLife, t.started = o.oppLife, o.started
	t.mineState = o.mineState
	t.Count, t.Cells = o.Count, o.Cells
	t.Merges, t.Resets = o.Merges, o.Resets
}

// grow makes room for n paths in paths and next, keeping the live ones.
func (t *Tracker) grow(n int) {
	if cap(t.paths) < n {
		p := make([]path, n, n+n/2)
		copy(p, t.paths[:t.n])
		t.paths = p
	}
	t.paths = t.paths[:cap(t.paths)]
	if cap(t.next) < n {
		t.next = make([]path, n, n+n/2)
	}
	t.next = t.next[:cap(t.next)]
}

// Reset forgets everything: the opponent may be on any water cell, with
// full lives.
func (t *Tracker) Reset() {
	t.mineState = mineState{}
	t.resetPaths()
	t.oppLife = ocean.StartLife
	t.started = false
	t.count()
}

func (t *Tracker) resetPaths() {
	t.n = 0
	t.grow(Cells)
	for c := 0; c < Cells; c++ {
		if !t.m.Island[c] {
			p := path{cell: int16(c), mines: t.lostMines()}
			p.visited.Set(c)
			t.paths[t.n] = p
			t.n++
		}
	}
}

// Paths is the number of paths kept.
func (t *Tracker) Paths() int { return t.n }

// Possible reports whether the opponent may be on cell c.
func (t *Tracker) Possible(c int) bool { return t.Count[c] > 0 }

// Prob is the share of the paths that end on cell c: the tracker's belief
// that the opponent is there, every path counted alike.
func (t *Tracker) Prob(c int) float64 {
	if t.n == 0 {
		return 0
	}
	return float64(t.Count[c]) / float64(t.n)
}

// Update reads the turn whose view is v: mine is what the owner played in
// its previous turn as the referee ran it (nil before its first turn), v
// holds its sonar result, the opponent's orders since and its lives.
func (t *Tracker) Update(v *ocean.View, mine []ocean.Action) {
	if !t.started {
		t.started = true
		t.oppLife = ocean.StartLife
	}
	t.shots(mine, func(*ocean.Action) (bool, bool) { return v.Sonar == "Y", v.Sonar == "Y" || v.Sonar == "N" })
	for _, o := range v.OppOrders {
		t.order(o)
	}
	if v.OppLife > 0 {
		t.life(t.oppLife - v.OppLife)
	}
	t.oppLife = v.OppLife
	if t.n == 0 {
		t.Resets++
		t.resetPaths()
	}
	t.count()
	t.countMines()
}

// shots applies the shots and sonars in acts, a chain of the tracked
// player's opponent: each torpedo and trigger charges the paths with its
// blast, and a sonar keeps the paths that agree with its answer, yes
// (answer's ok is false when it has none).
func (t *Tracker) shots(acts []ocean.Action, answer func(a *ocean.Action) (yes, ok bool)) {
	for i := range acts {
		a := &acts[i]
		switch a.Kind {
		case ocean.TorpedoAct, ocean.TriggerAct:
			if Inside(a.X, a.Y) {
				t.hit(Cell(a.X, a.Y))
			}
		case ocean.SonarAct:
			if yes, ok := answer(a); ok {
				t.sonar(a.Sector, yes)
			}
		}
	}
}

// order applies one of the opponent's orders as the input writes it.
func (t *Tracker) order(o string) {
	w, a, b := splitOrder(o)
	switch w {
	case "MOVE":
		if d, ok := dirOf(a); ok {
			t.move(d)
		}
	case "SURFACE":
		if s, ok := atoi(a); ok {
			t.surface(s)
		}
	case "TORPEDO":
		x, ok1 := atoi(a)
		y, ok2 := atoi(b)
		if ok1 && ok2 && Inside(x, y) {
			t.torpedo(Cell(x, y))
		}
	case "TRIGGER":
		x, ok1 := atoi(a)
		y, ok2 := atoi(b)
		if ok1 && ok2 && Inside(x, y) {
			t.trigger(Cell(x, y))
			t.hit(Cell(x, y))
		}
	case "SILENCE":
		t.silence()
	case "MINE":
		t.mine()
	}
}

// keep keeps, in order, the live paths for which f reports true, as f
// leaves them (it may move or charge the path it is given).
func (t *Tracker) keep(f func(p *path) bool) {
	k := 0
	for i := 0; i < t.n; i++ {
		p := t.paths[i]
		if f(&p) {
			t.paths[k] = p
			k++
		}
	}
	t.n = k
}

func (t *Tracker) move(d ocean.Dir) {
	t.keep(func(p *path) bool {
		nc := t.m.Next[p.cell][d]
		if nc < 0 || p.visited.Has(int(nc)) {
			return false
		}
		p.cell = nc
		p.visited.Set(int(nc))
		return true
	})
}

func (t *Tracker) surface(sector int) {
	t.keep(func(p *path) bool {
		c := int(p.cell)
		if Sector(c%Size, c/Size) != sector {
			return false
		}
		p.visited = Bits{}
		p.visited.Set(c)
		p.dmg++
		return true
	})
	t.dedup()
}

// torpedo keeps the paths from which the opponent could fire at cell
// target, and charges each with the damage it did to itself.
func (t *Tracker) torpedo(target int) {
	t.keep(func(p *path) bool {
		if !t.m.Reach[p.cell].Has(target) {
			return false
		}
		p.dmg += int8(Damage(target, int(p.cell)))
		return true
	})
}

// hit charges every path with what an explosion at target does to it.
func (t *Tracker) hit(target int) {
	for i := 0; i < t.n; i++ {
		t.paths[i].dmg += int8(Damage(target, int(t.paths[i].cell)))
	}
}

func (t *Tracker) sonar(sector int, yes bool) {
	t.keep(func(p *path) bool {
		c := int(p.cell)
		return (Sector(c%Size, c/Size) == sector) == yes
	})
}

// prune drops the paths that took as much damage this turn as the
// opponent had lives: it would be dead, and a dead opponent is never
// tracked.
func (t *Tracker) prune() {
	t.keep(func(p *path) bool { return int(p.dmg) < t.oppLife })
}

// life keeps the paths whose damage this turn is the lives the opponent
// lost, and clears the damage for the next turn.
func (t *Tracker) life(lost int) {
	t.keep(func(p *path) bool {
		if int(p.dmg) != lost {
			return false
		}
		p.dmg = 0
		return true
	})
	t.dedup()
}

// silence branches every path into its stays and straight runs of 1 to 4
// free cells, then removes duplicates and merges past the cap.
func (t *Tracker) silence() {
	t.prune()
	if t.n > t.cap {
		t.merge()
	}
	t.grow(t.n * silenceBranches)
	k := 0
	for i := 0; i < t.n; i++ {
		p := t.paths[i]
		t.next[k] = p
		k++
		for d := ocean.Dir(0); d < 4; d++ {
			q := p
			for s := 0; s < 4; s++ {
				nc := t.m.Next[q.cell][d]
				if nc < 0 || q.visited.Has(int(nc)) {
					break
				}
				q.cell = nc
				q.visited.Set(int(nc))
				t.next[k] = q
				k++
			}
		}
	}
	t.paths, t.next = t.next, t.paths
	t.n = k
	t.dedup()
	if t.n > t.cap {
		t.merge()
	}
}

func (p *path) hash() uint64 {
	h := uint64(p.cell)<<8 | uint64(uint8(p.dmg))
	for _, w := range p.visited {
		h ^= w
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// dedup removes repeated paths in place, keeping the first of each with
// the union of their mines.
func (t *Tracker) dedup() {
	if len(t.table) < 2*t.n {
		size := 1024
		for size < 2*t.n {
			size <<= 1
		}
		t.table = make([]int32, size)
		t.stamp = make([]uint32, size)
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		for i := range t.stamp {
			t.stamp[i] = 0
		}
		t.gen = 1
	}
	mask := uint64(len(t.table) - 1)
	k := 0
	for i := 0; i < t.n; i++ {
		p := t.paths[i]
		h := p.hash() & mask
		dup := false
		for t.stamp[h] == t.gen {
			if q := &t.paths[t.table[h]]; q.same(&p) {
				q.mines.or(&p.mines)
				dup = true
				break
			}
			h = (h + 1) & mask
		}
		if dup {
			continue
		}
		t.stamp[h] = t.gen
		t.table[h] = int32(k)
		t.paths[k] = p
		k++
	}
	t.n = k
}

// merge is the cap's fallback: one path per cell and damage, visiting the
// cells all its merged paths visited.
func (t *Tracker) merge() {
	t.Merges++
	if t.group == nil {
		t.group = make([]int32, Cells*16)
	}
	for i := range t.group {
		t.group[i] = -1
	}
	k := 0
	for i := 0; i < t.n; i++ {
		p := t.paths[i]
		d := int(p.dmg)
		if d > 15 {
			d = 15
		}
		g := int(p.cell)*16 + d
		if j := t.group[g]; j >= 0 && t.paths[j].dmg == p.dmg {
			q := &t.paths[j]
			for w := range q.visited {
				q.visited[w] &= p.visited[w]
			}
			q.mines.or(&p.mines)
			continue
		}
		t.group[g] = int32(k)
		t.paths[k] = p
		k++
	}
	t.n = k
}

func (t *Tracker) count() {
	t.Count = [Cells]int32{}
	t.Cells = 0
	for i := 0; i < t.n; i++ {
		c := t.paths[i].cell
		if t.Count[c] == 0 {
			t.Cells++
		}
		t.Count[c]++
	}
}

// splitOrder splits an order into its word and up to two parameters,
// without allocating.
func splitOrder(o string) (w, a, b string) {
	f := [3]string{}
	n := 0
	start := -1
	for i := 0; i <= len(o); i++ {
		if i == len(o) || o[i] == ' ' {
			if start >= 0 && n < 3 {
				f[n] = o[start:i]
				n++
			}
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return f[0], f[1], f[2]
}

func dirOf(s string) (ocean.Dir, bool) {
	switch s {
	case "N":
		return ocean.N, true
	case "E":
		return ocean.E, true
	case "S":
		return ocean.S, true
	case "W":
		return ocean.W, true
	}
	return 0, false
}

// atoi reads a small non-negative or negative decimal without allocating.
func atoi(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	if neg {
		v = -v
	}
	return v, true
}

// UpdateSelf is Update for a tracker that follows its owner's own
// submarine as the opponent sees it, to know how exposed the owner is.
// mine is what the owner played in its previous turn (the tracked orders,
// with SILENCE's run hidden as in the input, and a SURFACE's sector in its
// Sector field), opp the opponent's actions
// since (its shots, and its sonars, whose answers the owner knows from its
// own cell at (x, y)), lost the lives the owner lost over both turns.
func (t *Tracker) UpdateSelf(mine, opp []ocean.Action, x, y, lost int) {
	for i := range mine {
		a := &mine[i]
		switch a.Kind {
		case ocean.MoveAct:
			t.move(a.Dir)
		case ocean.SurfaceAct:
			t.surface(a.Sector)
		case ocean.TorpedoAct:
			if Inside(a.X, a.Y) {
				t.torpedo(Cell(a.X, a.Y))
			}
		case ocean.TriggerAct:
			if Inside(a.X, a.Y) {
				t.hit(Cell(a.X, a.Y))
			}
		case ocean.SilenceAct:
			t.silence()
		}
	}
	t.shots(opp, func(a *ocean.Action) (bool, bool) { return Sector(x, y) == a.Sector, true })
	t.life(lost)
	if t.n == 0 {
		t.Resets++
		t.resetPaths()
	}
	t.count()
}

// Apply applies the tracked player's action a, as UpdateSelf does, to
// see what an answer would tell the opponent; sector is the sector of a
// SURFACE. It keeps Count up to date.
func (t *Tracker) Apply(a ocean.Action, sector int) {
	switch a.Kind {
	case ocean.MoveAct:
		t.move(a.Dir)
	case ocean.SurfaceAct:
		t.surface(sector)
	case ocean.TorpedoAct:
		if Inside(a.X, a.Y) {
			t.torpedo(Cell(a.X, a.Y))
		}
	case ocean.SilenceAct:
		t.silence()
	default:
		return
	}
	for i := 0; i < t.n; i++ {
		t.paths[i].dmg = 0
	}
	t.count()
}
