package policy

import (
	"math/rand"

	"cgpolicy/internal/games/toy/engine/nim"
	fnim "cgpolicy/internal/games/toy/features/nim"
	"cgpolicy/internal/search"
)

// smConfig is the search's shape: one unit a player, the network's
// candidates at the root (every legal move), the four scripted replies
// of smGame.Later deeper, and two plies (the move and the reply), after
// which fnim.Value judges the position.
var smConfig = search.Config{Players: 2, Units: 2, K: fnim.MaxCands, Arms: 4, Depth: 2, C: 1}

// smIters is the iteration count without a deadline.
const smIters = 300

// Smitsi is the shared search (internal/search) on Nim, played by
// search.Policy: its game is smGame, its root the view as seat 0.
type Smitsi struct {
	*search.Policy[*nim.State, *nim.View, nim.Action]
	root *nim.State
}

// NewSmitsi returns the search guided by net's scorer.
func NewSmitsi(net *Net) *Smitsi {
	g, c := SmitsiGame(net)
	s := &Smitsi{}
	s.Policy = search.NewPolicy[*nim.State, *nim.View, nim.Action](g, c, smIters, s.rootOf)
	s.Fallback = First
	return s
}

// SmitsiGame is Nim for the shared search guided by net's scorer, and the
// search's shape: the trainer's expert (game/learn.go) is the bot's search.
func SmitsiGame(net *Net) (search.Game[*nim.State, nim.Action], search.Config) {
	return &smGame{net: NewNetWith(net.sc)}, smConfig
}

// rootOf is the state to search for v: the position with the viewer to
// move, as seat 0.
func (s *Smitsi) rootOf(v *nim.View) (*nim.State, int, bool) {
	s.root = nim.FromView(v, s.root)
	return s.root, 0, s.root.Objects() > 0
}

// smGame implements search.Game. Each player is one unit, named by its
// seat; the player to move has the network's candidates at the root, the
// other none. Deeper, the mover's arms are scripted moves made from the
// position they are played in (Later), since the search's trees, one a
// player, do not see the other player's choice: the theory's winning
// move, greedy's, one object from the largest heap, and the most from
// the smallest.
type smGame struct {
	net    *Net
	greedy Greedy
	view   nim.View
	moves  [nim.MaxMoves]nim.Action
	one    [1]nim.Action
}

// Start implements search.Game: perfect information, so a copy.
func (g *smGame) Start(dst, root *nim.State, _ int, _ *rand.Rand) *nim.State {
	return nim.Fast{}.Copy(dst, root)
}

// Units implements search.Game.
func (g *smGame) Units(s *nim.State, p int, r search.Roots[nim.Action]) {
	if s.Done() || s.Mover() != p {
		r.Add(p, nil, nil)
		return
	}
	s.ViewInto(p, &g.view)
	k := g.net.Rank(&g.view)
	r.Add(p, g.net.Candidates()[:k], g.net.Scores()[:k])
}

// Later implements search.Game.
func (g *smGame) Later(s *nim.State, p, _, j int) (nim.Action, bool) {
	if s.Done() || s.Mover() != p {
		return nim.Action{}, false
	}
	v := &g.view
	s.ViewInto(p, v)
	if j == 0 {
		if a, ok := fnim.Winning(v); ok {
			return a, true
		}
	}
	if j <= 1 {
		return g.greedy.Act(v, g.one[:0])[0], true
	}
	moves := v.Moves(g.moves[:0])
	big, small := moves[0], moves[0]
	for _, a := range moves {
		if v.Heaps[a.Heap] > v.Heaps[big.Heap] {
			big = a
		}
		if h := v.Heaps[a.Heap]; h < v.Heaps[small.Heap] || h == v.Heaps[small.Heap] && a.Count > small.Count {
			small = a
		}
	}
	if j == 2 {
		return nim.Action{Heap: big.Heap, Count: 1}, true
	}
	return small, true
}

// Step implements search.Game.
func (g *smGame) Step(s *nim.State, acts [][]nim.Action) { nim.Fast{}.Step(s, acts) }

// Done implements search.Game.
func (g *smGame) Done(s *nim.State) bool { return s.Done() }

// Value implements search.Game: fnim.Value for each player.
func (g *smGame) Value(s *nim.State, _ int, v []float64) {
	for q := range v {
		v[q] = fnim.Value(s, q)
	}
}
