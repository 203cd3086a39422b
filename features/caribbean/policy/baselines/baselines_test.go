package baselines

import (
	"fmt"
	"testing"

	cb "cgpolicy/engine/caribbean"
	"cgpolicy/features/caribbean/policy"
	"cgpolicy/internal/registry/pooltest"
)

// TestRegistered: the pool is whole, in pool order, and nothing failed.
func TestRegistered(t *testing.T) {
	pooltest.Registered(t, "caribbean", policy.Policies, Pool, []string{"random", "greedy", "racer", "duelist", "miner", "v1"})
}

// TestBaselinesBeatRandom: each baseline wins at least 10 of 12 games
// against random (seeds 1-6, both seats), with legal orders only, and
// replays them identically.
func TestBaselinesBeatRandom(t *testing.T) {
	pooltest.BeatRandom(t, policy.Policies, []string{"racer", "duelist", "miner"}, 6, 10, pooltest.Unseeded, pooltest.Seed31, pooltest.Scored(play))
}

// record is what one seat did in a game: its orders by kind, the shots
// it led (aimed off the target ship's current centre at a moving ship),
// the mines it laid within two cells of an enemy's centre or course, and
// the mean distance from its ships to the nearest enemy.
type record struct {
	kinds          [8]int
	led, shots     int
	near           float64
	turns          int
	minesNearEnemy int
}

// play runs seed to the end with pols[p] in seat p, through each seat's
// view on the typed path, and records each seat's orders. Every order
// must parse back to itself, number one per ship afloat, and be taken by
// the referee without deactivating the player.
func play(seed int64, pols [2]policy.Policy) (*cb.State, [2]record, error) {
	var rec [2]record
	s := cb.New(seed)
	var acts [2][]cb.Action
	var v cb.View
	for !s.Done() {
		for p := 0; p < 2; p++ {
			s.ViewInto(p, &v)
			acts[p] = pols[p].Act(&v, acts[p][:0])
			if n := s.Alive(p); len(acts[p]) != n {
				return nil, rec, fmt.Errorf("seed %d turn %d seat %d: %d orders for %d ships", seed, s.Turn(), p, len(acts[p]), n)
			}
			for _, a := range acts[p] {
				line := cb.FormatAction(a)
				if back, _, _, ok := cb.ParseLine(line); !ok || back != a {
					return nil, rec, fmt.Errorf("seed %d turn %d seat %d: %q does not parse back", seed, s.Turn(), p, line)
				}
			}
			note(&rec[p], &v, acts[p])
		}
		if err := s.Step(acts[0], acts[1]); err != nil {
			return nil, rec, fmt.Errorf("seed %d turn %d: %v", seed, s.Turn(), err)
		}
	}
	return s, rec, nil
}

// note adds one turn's orders of the seat whose view is v.
func note(r *record, v *cb.View, acts []cb.Action) {
	own := 0
	sum := 0
	for i := range v.Ships {
		sh := &v.Ships[i]
		if sh.Owner != 0 {
			continue
		}
		near := 99
		for j := range v.Ships {
			if e := &v.Ships[j]; e.Owner != 0 && sh.Pos.Distance(e.Pos) < near {
				near = sh.Pos.Distance(e.Pos)
			}
		}
		sum += near
		if own < len(acts) {
			a := acts[own]
			r.kinds[a.Kind]++
			switch a.Kind {
			case cb.Fire:
				r.shots++
				if e := nearestTo(v, cb.Coord{X: a.X, Y: a.Y}); e != nil && e.Speed > 0 && e.Pos != (cb.Coord{X: a.X, Y: a.Y}) {
					r.led++
				}
			case cb.LayMine:
				if mineNearEnemy(v, sh) {
					r.minesNearEnemy++
				}
			}
		}
		own++
	}
	if own > 0 {
		r.near += float64(sum) / float64(own)
		r.turns++
	}
}

// nearestTo is the enemy ship nearest to c.
func nearestTo(v *cb.View, c cb.Coord) *cb.Ship {
	var best *cb.Ship
	for i := range v.Ships {
		if e := &v.Ships[i]; e.Owner != 0 && (best == nil || e.Pos.Distance(c) < best.Pos.Distance(c)) {
			best = e
		}
	}
	return best
}

// mineNearEnemy reports whether sh's mine cell is within two cells of an
// enemy's centre or of the four cells straight ahead of it.
func mineNearEnemy(v *cb.View, sh *cb.Ship) bool {
	c := sh.Stern().Neighbor((sh.Orient + 3) % 6)
	for i := range v.Ships {
		e := &v.Ships[i]
		if e.Owner == 0 {
			continue
		}
		p := e.Pos
		for s := 0; s <= 4; s++ {
			if p.Distance(c) <= 2 {
				return true
			}
			p = p.Neighbor(e.Orient)
		}
	}
	return false
}

// TestStyles: the plans differ in what they do. Over seeds 1-4 in seat 0
// against greedy: the racer neither fires nor mines and keeps the farthest
// from the enemy; the duellist fires most, leads most of its shots at
// moving ships and never mines; the miner lays mines, most of them near an
// enemy's centre or course, and never fires.
func TestStyles(t *testing.T) {
	recs := map[string]record{}
	for _, name := range []string{"racer", "duelist", "miner"} {
		var sum record
		for seed := int64(1); seed <= 4; seed++ {
			_, r, err := play(seed, [2]policy.Policy{pooltest.Make(t, policy.Policies, name, 0), pooltest.Make(t, policy.Policies, "greedy", 0)})
			if err != nil {
				t.Fatal(err)
			}
			for k := range sum.kinds {
				sum.kinds[k] += r[0].kinds[k]
			}
			sum.led += r[0].led
			sum.shots += r[0].shots
			sum.near += r[0].near
			sum.turns += r[0].turns
			sum.minesNearEnemy += r[0].minesNearEnemy
		}
		recs[name] = sum
		t.Logf("%-8s fires %3d (led %3d), mines %3d (%3d near an enemy), mean distance to the enemy %.1f",
			name, sum.kinds[cb.Fire], sum.led, sum.kinds[cb.LayMine], sum.minesNearEnemy, sum.near/float64(sum.turns))
	}
	racer, duel, miner := recs["racer"], recs["duelist"], recs["miner"]
	dist := func(r record) float64 { return r.near / float64(r.turns) }
	if n := racer.kinds[cb.Fire] + racer.kinds[cb.LayMine]; n != 0 {
		t.Errorf("racer fired or mined %d times, want never", n)
	}
	if dist(racer) <= dist(duel)+1 {
		t.Errorf("racer keeps %.1f cells from the enemy, duellist %.1f: want the racer at least a cell farther", dist(racer), dist(duel))
	}
	if duel.kinds[cb.Fire] < 40 || duel.kinds[cb.LayMine] != 0 {
		t.Errorf("duellist fired %d times and mined %d, want at least 40 shots and no mine", duel.kinds[cb.Fire], duel.kinds[cb.LayMine])
	}
	if 2*duel.led < duel.shots || duel.led == 0 {
		t.Errorf("duellist led %d of %d shots, want most of them at moving ships", duel.led, duel.shots)
	}
	if miner.kinds[cb.LayMine] < 8 || miner.kinds[cb.Fire] != 0 {
		t.Errorf("miner mined %d times and fired %d, want at least 8 mines and no shot", miner.kinds[cb.LayMine], miner.kinds[cb.Fire])
	}
	if 2*miner.minesNearEnemy < miner.kinds[cb.LayMine] {
		t.Errorf("miner laid %d of %d mines near an enemy, want most", miner.minesNearEnemy, miner.kinds[cb.LayMine])
	}
}
