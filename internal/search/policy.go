package search

import (
	"fmt"
	"strconv"
	"strings"
)

// Policy is a game's bot over the shared search, the one every game plays
// (a game's policy package names it "smitsi"): from the player's view V it
// takes the state to search and the searching player (Root), searches it
// for Iters iterations, or until the deadline when one is set, and answers
// with each own unit's most visited root arm (Best), which Finish may turn
// into the answer.
type Policy[S, V, A any] struct {
	*Search[S, A]
	// Iters is the iteration count without a deadline, so that games
	// without one depend only on their seeds.
	Iters int
	// Root is the state to search for view v and the searching player;
	// false when v cannot be searched, and Fallback answers instead.
	Root func(v V) (root S, me int, ok bool)
	// Fallback, when set, answers a view Root refuses (nil: no actions).
	Fallback func(v V, dst []A) []A
	// Finish, when set, turns the most visited arms into the answer,
	// appended to dst: dropping a game's markers, say, or a default
	// action for a unit that had none.
	Finish func(v V, best, dst []A) []A

	game Game[S, A]
	best []A
}

// NewPolicy makes the policy of game g over a search of shape c, with
// iters iterations without a deadline.
func NewPolicy[S, V, A any](g Game[S, A], c Config, iters int, root func(V) (S, int, bool)) *Policy[S, V, A] {
	return &Policy[S, V, A]{Search: New(g, c), Iters: iters, Root: root, game: g}
}

// Act answers view v.
func (p *Policy[S, V, A]) Act(v V, dst []A) []A {
	root, me, ok := p.Root(v)
	if !ok {
		if p.Fallback == nil {
			return dst
		}
		return p.Fallback(v, dst)
	}
	p.Run(root, me, p.Iters)
	if p.Finish == nil {
		return p.Best(dst)
	}
	p.best = p.Best(p.best[:0])
	return p.Finish(v, p.best, dst)
}

// Game is the game the policy searches.
func (p *Policy[S, V, A]) Game() Game[S, A] { return p.game }

// Set implements registry.Tunable, so that a variant is tried by name
// (smitsi?c=1.5&iters=1000): iters, c, depth, k, arms, anchor and others
// (OthersAnchor) set the search; k, arms and depth resize it. Any other key
// goes to the game's own options when it takes any (a Tunable Game).
func (p *Policy[S, V, A]) Set(key, value string) error {
	num := func() (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("want a whole number >= 0, got %q", value)
		}
		return n, nil
	}
	c := p.Config
	switch key {
	case "iters", "depth", "k", "arms", "anchor", "others":
		n, err := num()
		if err != nil {
			return err
		}
		switch key {
		case "iters":
			p.Iters = n
			return nil
		case "anchor":
			p.Anchor = n
			return nil
		case "others":
			p.OthersAnchor = n
			return nil
		case "depth":
			c.Depth = n
		case "k":
			c.K = n
		case "arms":
			c.Arms = n
		}
		if c.Depth < 1 || c.K < 1 {
			return fmt.Errorf("depth and k must be at least 1")
		}
		p.Search = New(p.game, c)
		return nil
	case "c":
		x, err := strconv.ParseFloat(value, 64)
		if err != nil || !(x >= 0) {
			return fmt.Errorf("want a number >= 0, got %q", value)
		}
		p.C = x
		return nil
	}
	if t, ok := p.game.(interface{ Set(key, value string) error }); ok {
		return t.Set(key, value)
	}
	return fmt.Errorf("unknown option %q (takes %s)", key, strings.Join(Options, ", "))
}

// Options are the keys Policy.Set takes for every game.
var Options = []string{"iters", "c", "depth", "k", "arms", "anchor", "others"}
