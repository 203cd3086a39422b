package policy

import (
	"math/rand"
	"time"

	"cgpolicy/engine/grass"
	fgrass "cgpolicy/features/grass"
	"cgpolicy/internal/nn"
	"cgpolicy/internal/search"
)

// smConfig is the shape of Keep Off The Grass on the shared search: the
// units are each side's decisions (a recycler, each stack's move, the
// spawns), a few hundred at most on the contest's maps, each keeping the
// network's 4 best candidates; an iteration plays the joint root choice
// and one more turn of greedy for both sides. There are no continuation
// arms: a turn's decisions name cells and stacks that the turn itself
// moves, so after the root both sides play the greedy bot (in Step).
// Safety and Budget are Soak's.
var smConfig = search.Config{Players: 2, Units: 400, K: 4, Depth: 2,
	C: 1.5, Budget: 36 * time.Millisecond, Safety: 12 * time.Millisecond}

// Smitsi is the Smitsimax search on Keep Off The Grass: the shared search
// (internal/search) with one bandit per decision of both sides, whose arms
// are the network's best candidates with softmax priors, judged by
// fgrass.Value after the root turn and a greedy turn. It runs until the
// deadline (SetDeadline, capped by Budget), or for Iters iterations when
// there is none, so that games without deadlines depend only on their
// seeds. Each own decision takes its most visited candidate. Nothing is
// allocated per iteration.
type Smitsi struct {
	*search.Search[*grass.State, grass.Action]
	// Iters is the iteration count without a deadline.
	Iters int
	best  []grass.Action
}

// NewSmitsi returns the search around net with its defaults: without a
// deadline 40 iterations a turn (about 8 ms on 2 idle cores), so that
// in-process games and the bundle's parity test stay short.
func NewSmitsi(net *Net) *Smitsi {
	return &Smitsi{Search: search.New[*grass.State, grass.Action](SmitsiGame(net)), Iters: 40}
}

// SmitsiGame is Keep Off The Grass for the shared search, guided by net,
// and the search's shape: the trainer's expert is the bot's search.
func SmitsiGame(net *Net) (search.Game[*grass.State, grass.Action], search.Config) {
	return &smGame{net: net, greedy: NewGreedy()}, smConfig
}

// Act implements Policy; in a view the player is seat 0.
func (s *Smitsi) Act(v *grass.View, dst []grass.Action) []grass.Action {
	s.Run(v.State(), 0, s.Iters)
	s.best = s.Best(s.best[:0])
	return fgrass.Strip(dst, s.best)
}

// smGame implements search.Game. Units are a side's decisions in the
// Net's order (as the trainer's); a decision's candidates are encoded with
// the earlier ones at the network's choice. The root turn plays the units'
// arms without the "do nothing" markers, later turns the greedy bot; the
// value is fgrass.Value of the searching side, negated for the other.
type smGame struct {
	net    *Net
	greedy *Greedy
	view   grass.View
	last   int // candidates of the last Rank, chosen before the next
	turn   int // turns played since Start
	acts   [2][]grass.Action
}

func (g *smGame) Start(dst, root *grass.State, _ int, _ *rand.Rand) *grass.State {
	g.turn = 0
	if dst == nil {
		return root.Copy()
	}
	dst.CopyFrom(root)
	return dst
}

func (g *smGame) Units(s *grass.State, p int, ids []int) int {
	s.ViewInto(p, &g.view)
	nd := g.net.Reset(&g.view)
	g.last = 0
	n := 0
	for ; n < nd && n < len(ids); n++ {
		ids[n] = n
	}
	return n
}

// Root is decision d, called in order after Units.
func (g *smGame) Root(_ *grass.State, _, d int) ([]grass.Action, []float32) {
	if g.last > 0 {
		g.net.Choose(nn.Argmax(g.net.Scores()))
	}
	if g.last = g.net.Rank(d); g.last == 0 {
		return nil, nil
	}
	return g.net.Candidates(), g.net.Scores()
}

func (*smGame) Later(*grass.State, int, int, int) (grass.Action, bool) {
	return grass.Action{}, false
}

func (g *smGame) Step(s *grass.State, acts [][]grass.Action) {
	for p := range g.acts {
		if g.turn == 0 {
			g.acts[p] = fgrass.Strip(g.acts[p][:0], acts[p])
		} else {
			s.ViewInto(p, &g.view)
			g.acts[p] = g.greedy.Act(&g.view, g.acts[p][:0])
		}
	}
	g.turn++
	_ = s.Step(g.acts[0], g.acts[1])
}

func (*smGame) Done(s *grass.State) bool { return s.Done() }

func (*smGame) Value(s *grass.State, me int, v []float64) {
	v[me] = fgrass.Value(s, me)
	v[1-me] = -v[me]
}
