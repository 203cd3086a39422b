// Package expert is the learning core every game plugs into: expert
// iteration on the engine's typed path. Each iteration plays self-play
// games with the current network (against the game's baseline or itself),
// makes targets better than the network (by trying every candidate of a
// decision on a copy of the turn and scoring a short rollout with the
// game's value function, or from a search: the shared one, Tree, or the
// game's own, Searcher), fits
// the network to them with gorgonia, evaluates it against the game's pool
// through engine.Play, and checkpoints. At the end
// it bakes the best iteration's weights into weights/<game>.
//
// A game writes only a Game: its typed state and step, its views, its
// value function, its baseline and its network policy (encoder and
// candidates). Nothing here knows a game's rules, its seat count or whether
// its turns are simultaneous.
package expert

import (
	"cgpolicy/engine"
	"cgpolicy/internal/search"
	"cgpolicy/model"
)

// Policy chooses one player's actions for a step from its view.
type Policy[V, A any] interface {
	Act(v V, dst []A) []A
}

// Net is the network policy as the trainer drives it: a player's turn is a
// sequence of decisions, each a choice among encoded candidates. Act is the
// same policy with the top-scoring candidate of every decision.
type Net[V, A any] interface {
	Policy[V, A]
	// Begin starts the turn of the player whose view v is and returns its
	// number of decisions.
	Begin(v V) int
	// Decide encodes decision d (in order, after the choices of the earlier
	// ones were made with Choose) and scores its candidates. It returns
	// their number; 0 means the decision has no candidate and no action.
	Decide(d int) int
	// Features are the decision's features (Shape's AgentDim) and its
	// candidates' features (n rows of CandDim) from the last Decide.
	Features() (dec, cands []float32)
	// Scores are the network's scores of the last Decide's candidates.
	Scores() []float32
	// Candidate is candidate k of the last Decide, without choosing it.
	Candidate(k int) A
	// Choose fixes candidate k of the last Decide as the decision's action,
	// once per decision, and returns it; later decisions may depend on it.
	Choose(k int) A
}

// Game is one game's plug-in. S is its typed referee state, V a player's
// view and A one action. Its fast path (engine.Fast) is the engine's, with
// Answer made safe first where the game's bot does so, since the
// evaluation plays through engine.Play with it.
type Game[S engine.State, V, A any] interface {
	engine.Fast[S, V, A]
	// Name names the weights package (weights/<Name>) and the run.
	Name() string
	// Players is the seat count.
	Players() int
	// Shape is the network's input shape: decision features, candidate
	// features, and candidates per decision.
	Shape() (decDim, candDim, maxCands int)
	// Value is the heuristic worth of s for player p, in the game's own
	// units; only differences between candidates matter.
	Value(s S, p int) float64
	// Replace returns base with decision d's action replaced by cand,
	// written to dst. base is an answer of Net.Act or of the baseline, so
	// Replace must find decision d's part of any answer (the unit or cell
	// it commands), not rely on positions.
	Replace(dst, base []A, d int, cand A) []A
	// Baseline returns a fresh scripted policy: the opponent before the
	// first fit, the rollout policy and the evaluation's yardstick.
	Baseline() Policy[V, A]
	// NewNet returns the network policy over a scorer (the model being
	// trained, or generated weights).
	NewNet(sc model.Scorer) Net[V, A]
}

// Searcher is a Game whose expert is its own search, distilled into the
// network as AlphaZero does: the targets are the search's root visit
// shares, not one-step rollout values. The search takes its priors from the
// network being trained, so its targets improve as the network does, and
// it models the other players by searching their choices too rather than
// by a scripted baseline. Options.Search sets its iterations; 0 keeps the
// rollout targets.
type Searcher[S engine.State] interface {
	// NewSearch returns a search guided by sc, for one worker.
	NewSearch(sc model.Scorer) Search[S]
}

// Tree is a Game whose expert is the shared search (internal/search): it
// gives only its search.Game over the network being trained and the
// search's shape, and gets a Searcher for free, with the same search its
// bot runs. The search's units of the searching player must come in the
// Net's decision order, and its root arms' indices are the Net's candidate
// indices (Search.Visits).
type Tree[S engine.State, A any] interface {
	SearchGame(sc model.Scorer) (search.Game[S, A], search.Config)
}

// NewTreeSearch is the shared search of a Tree as a Search; a
// *search.Search already is one.
func NewTreeSearch[S engine.State, A any](g Tree[S, A], sc model.Scorer) Search[S] {
	return search.New[S, A](g.SearchGame(sc))
}

// NewSearch returns the search a worker of g runs, guided by sc: the
// shared one for a Tree, the game's own for a Searcher, nil for neither.
func NewSearch[S engine.State, V, A any](g Game[S, V, A], sc model.Scorer) Search[S] {
	if tr, ok := g.(Tree[S, A]); ok {
		return NewTreeSearch(tr, sc)
	}
	if sr, ok := g.(Searcher[S]); ok {
		return sr.NewSearch(sc)
	}
	return nil
}

// Search is one worker's search, run without a clock so that targets
// depend on seeds only.
type Search[S engine.State] interface {
	// Run searches player p's step at s for iters iterations.
	Run(s S, p, iters int)
	// Visits describes decision d of the last Run (the Net's decision
	// order): for each candidate the search tried, its index among the
	// Net's candidates of decision d and its visit count, written to idx
	// and visits (each at least Shape's maxCands long). It returns how many
	// there are, and false when the decision had nothing to search.
	Visits(d int, idx []int, visits []float32) (int, bool)
}

// Reseeder is a Search whose draws (the hidden information it samples)
// can be reseeded before a Run, so that a target depends on its
// position's seed alone, whatever the worker searched before. The shared
// search is one.
type Reseeder interface {
	Reseed(seed int64)
}
