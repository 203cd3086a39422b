package baselines

import (
	"cmp"

	"cgpolicy/engine/soak"
	"cgpolicy/features/soak/policy"
)

// Weights of the camper's choice of post, in points of a cell's score.
const (
	campProtect = 15.0 // full protection from every enemy (high cover would be 0.75 of it)
	campCentreX = 6.0  // a column away from the middle
	campCentreY = 0.5  // a row away from the middle
	campWalk    = 0.3  // a step to walk to the post (temporary, unlike the rest)
	campStay    = 4.0  // keeping last turn's post, so agents do not dither
	campCrowd   = 25.0 // a post within one bomb's splash of a teammate's
	campBack    = 2.0  // columns on our side of the middle where the posts line up
	campOffense = 1.0  // a point of the best shot the agent would have from the post
	campSplash  = 3.0  // steps of walk worth keeping one teammate out of a shared splash
)

// camper is the pool's cover camper: each agent picks a post, the cell
// near the middle of the map whose walls best shield it from where the
// enemies stand, walks there, and from then on only shoots what it can
// reach, bombs two enemies at once, or hunkers when nothing is in reach.
// Agents take different posts, in id order. It has no randomness.
type camper struct {
	q     squad
	score []float64               // each cell's worth as a post, before the walk
	crowd []float64               // penalty of posts near the posts taken so far
	post  [soak.MaxAgents + 1]int // last turn's post per agent id, cell+1
}

// NewCamper returns the cover-camping baseline.
func NewCamper() policy.Policy { return &camper{} }

// Act implements Policy.
func (c *camper) Act(v *soak.View, dst []soak.Action) []soak.Action {
	q := &c.q
	q.reset(v)
	s := q.s
	if s.Turn() == 0 {
		c.post = [soak.MaxAgents + 1]int{}
	}
	if len(q.enemies) == 0 {
		return hunkerAll(q, dst)
	}
	c.rate()
	w := s.Width()
	for cell := range c.crowd {
		c.crowd[cell] = 0
	}
	for i, a := range q.mine {
		// the post: the best cell reachable, counting the walk
		dist := q.bfs(a.X, a.Y)
		goal, goalV := -1, 0.0
		power := float64(a.Class.Stats().Power)
		for cell, d := range dist {
			if d < 0 {
				continue
			}
			v := c.score[cell] - c.crowd[cell] - campWalk*float64(d)
			if c.post[a.ID] == cell+1 {
				v += campStay
			}
			if goal >= 0 && v+campOffense*power <= goalV {
				continue // even its best shot would not make it the post
			}
			v += campOffense * c.bestShot(a, cell)
			if goal < 0 || v > goalV {
				goal, goalV = cell, v
			}
		}
		if goal < 0 {
			goal = a.Y*w + a.X
		}
		c.claim(goal)
		c.post[a.ID] = goal + 1
		// the step: toward the post, but apart from teammates while enemy
		// bombs are near, so one splash cannot soak two campers
		toGoal := q.bfs(goal%w, goal/w)
		acts := q.legal(i)
		bombs := q.bombsNear(a.X, a.Y)
		x, y := a.X, a.Y
		bestV := c.stepValue(i, toGoal, x, y, bombs)
		for _, act := range acts {
			if !act.Move || act.Combat != soak.NoCombat {
				continue
			}
			if v := c.stepValue(i, toGoal, act.MoveX, act.MoveY, bombs); v > bestV {
				x, y, bestV = act.MoveX, act.MoveY, v
			}
		}
		act := bestCombat(a, acts, x, y, func(act soak.Action) (float64, bool) { return c.combat(i, x, y, act) })
		q.commit(i, act)
		dst = append(dst, act)
	}
	return dst
}

// rate scores every floor cell as a post: its shelter from the enemies
// where they stand, and how near it is to the middle of the map.
func (c *camper) rate() {
	q := &c.q
	s := q.s
	w, h := s.Width(), s.Height()
	if cap(c.score) < w*h {
		c.score = make([]float64, w*h)
		c.crowd = make([]float64, w*h)
	}
	c.score, c.crowd = c.score[:w*h], c.crowd[:w*h]
	mx, my := float64(w-1)/2, float64(h-1)/2
	// our side: where our agents stand against theirs, on average
	side := 0
	for _, m := range q.mine {
		side += m.X
	}
	for _, e := range q.enemies {
		side -= e.X * len(q.mine) / len(q.enemies)
	}
	if side < 0 {
		mx -= campBack
	} else if side > 0 {
		mx += campBack
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if s.Tile(x, y) != soak.Floor {
				c.score[y*w+x] = 0
				continue
			}
			shelter := 0.0
			for _, e := range q.enemies {
				shelter += 1 - coverFactor(s, e.X, e.Y, x, y)
			}
			shelter /= float64(len(q.enemies))
			c.score[y*w+x] = campProtect*shelter - campCentreX*fabs(float64(x)-mx) - campCentreY*fabs(float64(y)-my)
		}
	}
}

// stepValue is the worth of agent i ending the turn on (x, y) on its way
// to a post: steps left to walk, and teammates one splash could catch with
// it when enemy bombs are near.
func (c *camper) stepValue(i int, toGoal []int, x, y int, bombs bool) float64 {
	d := toGoal[y*c.q.s.Width()+x]
	if d < 0 {
		d = 1 << 20
	}
	v := -float64(d)
	if bombs {
		v -= campSplash * float64(c.q.crowd(i, x, y))
	}
	return v
}

// bestShot is the most wetness agent a could deal from cell to an enemy
// where it stands now.
func (c *camper) bestShot(a soak.Agent, cell int) float64 {
	q := &c.q
	w := q.s.Width()
	best := 0
	for _, e := range q.enemies {
		if d, ok := policy.ShotDamage(q.s, a.Class, cell%w, cell/w, e.X, e.Y, false); ok && d > best {
			best = d
		}
	}
	return float64(best)
}

// claim takes post cell for one agent: nobody else may take it, and posts
// whose 3x3 splash zones overlap it cost campCrowd, so that one bomb
// cannot soak two campers.
func (c *camper) claim(cell int) {
	w, h := c.q.s.Width(), c.q.s.Height()
	px, py := cell%w, cell/w
	for y := py - 2; y <= py+2; y++ {
		for x := px - 2; x <= px+2; x++ {
			if x >= 0 && y >= 0 && x < w && y < h {
				c.crowd[y*w+x] += campCrowd
			}
		}
	}
	c.crowd[cell] += 1e9
}

// combat scores act's combat part for agent i on (x, y): the best shot or
// a bomb on two enemies; hunkering when neither is possible.
func (c *camper) combat(i, x, y int, act soak.Action) (float64, bool) {
	q := &c.q
	switch act.Combat {
	case soak.Shoot:
		_, v, d, ok := q.shot(i, x, y, act)
		return v, ok && d > 0 && v > 0
	case soak.Throw:
		v, hits, ok := q.throwGain(act.ThrowX, act.ThrowY)
		return v, ok && hits >= 2
	case soak.Hunker:
		return hunkerTieBreak, true
	}
	return 0, false
}

// coverFactor is the share of a shot's power that reaches (tx, ty) from
// (ax, ay) past the walls, by the referee's rule: a wall next to the target
// on the shooter's side shields it unless the shooter stands next to that
// wall; the best of the two axes counts. Range is ignored.
func coverFactor(s *soak.State, ax, ay, tx, ty int) float64 {
	f := 1.0
	dx, dy := tx-ax, ty-ay
	if iabs(dx) > 1 {
		f = shield(s, ax, ay, tx-cmp.Compare(dx, 0), ty, f)
	}
	if iabs(dy) > 1 {
		f = shield(s, ax, ay, tx, ty-cmp.Compare(dy, 0), f)
	}
	return f
}

// shield lowers f to the cover of the wall at (cx, cy), when the shooter
// at (ax, ay) is not next to it.
func shield(s *soak.State, ax, ay, cx, cy int, f float64) float64 {
	if iabs(cx-ax) <= 1 && iabs(cy-ay) <= 1 {
		return f
	}
	var c float64
	switch s.Tile(cx, cy) {
	case soak.LowCover:
		c = 0.5
	case soak.HighCover:
		c = 0.25
	default:
		return f
	}
	if c < f {
		return c
	}
	return f
}

func fabs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
