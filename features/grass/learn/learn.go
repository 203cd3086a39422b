// Package learn plugs Keep Off The Grass into the learning core
// (model/expert): the typed engine, the views, the value function, the
// greedy baseline and the network policy with its encoder. It holds no
// rules of its own.
package learn

import (
	"math/rand"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/features/grass/policy"
	_ "cgpolicy/features/grass/policy/baselines" // the pool's scripted members
	"cgpolicy/internal/search"
	"cgpolicy/model"
	"cgpolicy/model/expert"
)

// Game is Keep Off The Grass for expert.Run.
type Game struct{}

var (
	_ expert.Game[*grass.State, *grass.View, grass.Action] = Game{}
	_ expert.Tree[*grass.State, grass.Action]              = Game{}
	_ expert.Pooled[*grass.View, grass.Action]             = Game{}
)

// Name implements expert.Game.
func (Game) Name() string { return "grass" }

// Players implements expert.Game.
func (Game) Players() int { return 2 }

// Shape implements expert.Game.
func (Game) Shape() (int, int, int) { return fgrass.DecDim, fgrass.CandDim, fgrass.MaxCands }

// NewState implements expert.Game.
func (Game) NewState(seed int64) (*grass.State, error) { return grass.New(seed) }

// Seed implements expert.Game: SHA1PRNG seeds, 0 excluded.
func (Game) Seed(rng *rand.Rand) int64 {
	for {
		if v := rng.Int63n(1 << 31); v != 0 {
			return v
		}
	}
}

// Copy implements expert.Game.
func (Game) Copy(dst, src *grass.State) *grass.State {
	if dst == nil {
		return src.Copy()
	}
	dst.CopyFrom(src)
	return dst
}

// ViewInto implements expert.Game.
func (Game) ViewInto(s *grass.State, p int, v *grass.View) *grass.View {
	if v == nil {
		v = new(grass.View)
	}
	s.ViewInto(p, v)
	return v
}

// Step implements expert.Game. A finished game cannot step; the core never
// asks it to.
func (Game) Step(s *grass.State, acts [][]grass.Action) {
	_ = s.Step(acts[0], acts[1])
}

// Answer implements expert.Game: the orders without the "do nothing"
// markers, as the bot prints them, through the referee's typed path.
func (Game) Answer(s *grass.State, p int, acts []grass.Action) error {
	return s.AnswerActions(p, fgrass.Strip(nil, acts))
}

// Value implements expert.Game.
func (Game) Value(s *grass.State, p int) float64 { return fgrass.Value(s, p) }

// Replace implements expert.Game. A decision is found by what it commands,
// not by its position: the build decision replaces every build; a stack's
// decision every move from its cell (a stay marker carries the cell); a
// spawn decision the units at its place in the turn's spawn order (the
// candidate carries its first unit's place in FromX and its units in N),
// counted over the answer's spawns in order.
func (Game) Replace(dst, base []grass.Action, _ int, cand grass.Action) []grass.Action {
	switch {
	case cand.Kind == grass.Build || cand.Kind == grass.Wait && cand.Text == fgrass.TagNoBuild:
		for _, a := range base {
			if a.Kind != grass.Build {
				dst = append(dst, a)
			}
		}
		if cand.Kind == grass.Build {
			dst = append(dst, cand)
		}
	case cand.Kind == grass.Move || cand.Kind == grass.Wait && cand.Text == fgrass.TagStay:
		for _, a := range base {
			if a.Kind != grass.Move || a.FromX != cand.FromX || a.FromY != cand.FromY {
				dst = append(dst, a)
			}
		}
		if cand.Kind == grass.Move {
			dst = append(dst, cand)
		}
	case cand.Kind == grass.Spawn || cand.Kind == grass.Wait && cand.Text == fgrass.TagNoSpawn:
		dst = replaceSpawn(dst, base, cand)
	default:
		dst = append(dst, base...)
	}
	return dst
}

// replaceSpawn copies base with the spawned units [lo, hi) of the turn's
// spawn order (lo = cand.FromX, hi = lo + cand.N) taken out, and cand's
// units put in their place when it is a spawn.
func replaceSpawn(dst, base []grass.Action, cand grass.Action) []grass.Action {
	lo, hi := cand.FromX, cand.FromX+cand.N
	off := 0
	placed := false
	put := func() {
		if !placed && cand.Kind == grass.Spawn {
			dst = append(dst, cand)
		}
		placed = true
	}
	for _, a := range base {
		if a.Kind != grass.Spawn || a.N <= 0 {
			dst = append(dst, a)
			continue
		}
		start, end := off, off+a.N
		off = end
		if end <= lo || start >= hi {
			if start >= hi {
				put()
			}
			dst = append(dst, a)
			continue
		}
		if start < lo {
			b := a
			b.N = lo - start
			dst = append(dst, b)
		}
		put()
		if end > hi {
			b := a
			b.N = end - hi
			dst = append(dst, b)
		}
	}
	put()
	return dst
}

// Baseline implements expert.Game: the greedy bot.
func (Game) Baseline() expert.Policy[*grass.View, grass.Action] { return policy.NewGreedy() }

// NewNet implements expert.Game.
func (Game) NewNet(sc model.Scorer) expert.Net[*grass.View, grass.Action] {
	return &net{Net: policy.NewNetWith(sc)}
}

// net drives policy.Net decision by decision, as Net.Act answers.
type net struct {
	*policy.Net
	n int
}

func (n *net) Begin(v *grass.View) int { return n.Reset(v) }

func (n *net) Decide(d int) int {
	n.n = n.Rank(d)
	return n.n
}

func (n *net) Features() ([]float32, []float32) {
	e := n.Encoder()
	return e.Dec[:], e.Cands[:n.n*fgrass.CandDim]
}

func (n *net) Candidate(k int) grass.Action { return n.Candidates()[k] }

// SearchGame implements expert.Tree: the shared search (internal/search)
// over the network being trained, the bot's smitsi, whose root visit shares
// the trainer distils (the default run, -search 400; -search 0 gives the
// rollout targets). The searching player's units
// are the Net's decisions in order, and its arms' indices the Net's
// candidate indices, so Search.Visits(d) describes the Net's decision d.
func (Game) SearchGame(sc model.Scorer) (search.Game[*grass.State, grass.Action], search.Config) {
	return policy.SmitsiGame(policy.NewNetWith(sc))
}

// Pool implements expert.Pooled: the pool the arena's pool mode plays too,
// the baselines of different styles and the frozen earlier bot, as far as
// they are registered.
func (Game) Pool() []expert.Member[*grass.View, grass.Action] {
	return expert.NamedPool(policy.PoolNames(), func(name string, seed int64) (expert.Policy[*grass.View, grass.Action], error) {
		return policy.New(name, seed)
	})
}
