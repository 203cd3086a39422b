// Package policy holds the Ocean of Code policies: a random legal baseline,
// the greedy hunter, and (in other files) the network and its search. They
// share one small interface so that the bot, the arena and training swap
// them freely.
//
// A policy lives for one game: it remembers what the views do not repeat
// (its own path, the tracker of the opponent), so it must see every view of
// its player in order. The package is compiled into the CodinGame bot, so
// it uses only the standard library of Go 1.18 and our engine.
package policy

import (
	"math/rand"
	"time"

	"cgpolicy/engine/ocean"
	focean "cgpolicy/features/ocean"
)

// Policy chooses a player's answer from its view: in the placement
// request (Request 0) one action whose X, Y is the start cell, then a chain
// of actions. It appends to dst; no answer is one the referee treats as
// fatal. A Policy remembers its game, so it must see every view of its
// seat in order, once.
type Policy interface {
	Act(v *ocean.View, dst []ocean.Action) []ocean.Action
}

// Planner is a policy without memory of its own: it answers from the view
// and the seat's Mind, which it only reads. Training keeps the minds in
// its game states and asks planners about any position; the bot and the
// arena wrap a planner with a mind of its own (Play).
type Planner interface {
	Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action
}

// Player is a planner with its own mind: the Policy of one seat for one
// game. It is a bot.Memory (internal/bot), so that the bot keeps its mind
// to the views it saw and the answers it sent, whatever a late Plan does.
type Player struct {
	Planner Planner
	// Mind is the seat's memory: every view observed, every answer sent.
	Mind *focean.Mind
	// work is Fork's copy of Mind, the one Decide's planner reads.
	work *focean.Mind
}

// Play gives planner pl a fresh mind.
func Play(pl Planner) *Player { return &Player{Planner: pl, Mind: focean.NewMind()} }

// Act implements Policy: the mind reads the view, the planner answers,
// the mind records the answer. It plans on Mind itself, which is Step
// without the copy, as nothing else reads the mind meanwhile.
func (p *Player) Act(v *ocean.View, dst []ocean.Action) []ocean.Action {
	p.Mind.Observe(v)
	start := len(dst)
	dst = p.Planner.Plan(v, p.Mind, dst)
	p.Mind.Played(v, dst[start:])
	return dst
}

// Seen implements bot.Memory.
func (p *Player) Seen(v *ocean.View) { p.Mind.Observe(v) }

// Fork implements bot.Memory.
func (p *Player) Fork() {
	if p.work == nil {
		p.work = focean.NewMind()
	}
	p.work.CopyFrom(p.Mind)
}

// Decide implements bot.Memory: the planner's answer from Fork's copy.
func (p *Player) Decide(v *ocean.View, dst []ocean.Action) []ocean.Action {
	return p.Planner.Plan(v, p.work, dst)
}

// Sent implements bot.Memory.
func (p *Player) Sent(v *ocean.View, sent []ocean.Action) { p.Mind.Played(v, sent) }

// SetDeadline implements bot.Deadliner (internal/bot) for a planner that
// uses deadlines.
func (p *Player) SetDeadline(t time.Time) {
	if d, ok := p.Planner.(interface{ SetDeadline(time.Time) }); ok {
		d.SetDeadline(t)
	}
}

// Random moves to a random free cell charging a random power, and uses a
// charged power now and then with random parameters; it surfaces only when
// no cell is free. It is the floor every other policy must beat, and it is
// never removed by the referee.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random planner whose every choice flows from seed.
func NewRandom(seed int64) *Random {
	return &Random{rng: rand.New(rand.NewSource(seed))}
}

// Plan implements Planner.
func (r *Random) Plan(v *ocean.View, m *focean.Mind, dst []ocean.Action) []ocean.Action {
	if v.Request == 0 {
		for {
			x, y := r.rng.Intn(focean.Size), r.rng.Intn(focean.Size)
			if m.Map.Water(x, y) {
				return append(dst, ocean.Action{X: x, Y: y})
			}
		}
	}
	c := focean.Cell(v.X, v.Y)
	if v.Cooldown[ocean.Torpedo] == 0 && r.rng.Intn(2) == 0 {
		if t, ok := randomCell(r.rng, &m.Map.Reach[c]); ok {
			dst = append(dst, ocean.Action{Kind: ocean.TorpedoAct, X: t % focean.Size, Y: t / focean.Size})
		}
	}
	if v.Cooldown[ocean.Sonar] == 0 && r.rng.Intn(2) == 0 {
		dst = append(dst, ocean.Action{Kind: ocean.SonarAct, Sector: 1 + r.rng.Intn(9)})
	}
	var free [4]ocean.Dir
	nf := 0
	for d := ocean.Dir(0); d < 4; d++ {
		if m.Free(int(m.Map.Next[c][d])) {
			free[nf] = d
			nf++
		}
	}
	if nf == 0 {
		dst = append(dst, ocean.Action{Kind: ocean.SurfaceAct})
	} else {
		d := free[r.rng.Intn(nf)]
		dst = append(dst, ocean.Action{Kind: ocean.MoveAct, Dir: d, Charge: ocean.Power(r.rng.Intn(5))})
		c = int(m.Map.Next[c][d])
		if v.Cooldown[ocean.Silence] == 0 && r.rng.Intn(2) == 0 {
			sd := ocean.Dir(r.rng.Intn(4))
			want, n := r.rng.Intn(5), 0
			for at := c; n < want; n++ {
				nx := int(m.Map.Next[at][sd])
				if !m.Free(nx) {
					break
				}
				at = nx
			}
			dst = append(dst, ocean.Action{Kind: ocean.SilenceAct, Dir: sd, Dist: n})
		}
	}
	return dst
}

// randomCell is a uniformly random member of b.
func randomCell(rng *rand.Rand, b *focean.Bits) (int, bool) {
	n := 0
	for c := 0; c < focean.Cells; c++ {
		if b.Has(c) {
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	k := rng.Intn(n)
	for c := 0; c < focean.Cells; c++ {
		if b.Has(c) {
			if k == 0 {
				return c, true
			}
			k--
		}
	}
	return 0, false
}
