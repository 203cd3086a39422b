package policy

import (
	"fmt"
	"reflect"
	"testing"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/search"
	"cgpolicy/internal/search/searchtest"
)

func newSmitsi(tb testing.TB, iters int) *Smitsi {
	s := NewSmitsi(searchtest.Must(tb, NewNet))
	s.Iters = iters
	return s
}

// TestSmitsiOneIteration: after one iteration every ship's most visited
// candidate is its highest prior, so the search answers as the network
// does: same candidates, same decision order, same scores.
func TestSmitsiOneIteration(t *testing.T) {
	searchtest.OneIteration(t, 2, []searchtest.Position{{Seed: 3, Turns: 0}, {Seed: 9, Turns: 20}, {Seed: 7, Turns: 40}},
		func(p searchtest.Position) *cb.State { return midGame(t, p.Seed, p.Turns) },
		func(s *cb.State, me int) []cb.Action { return ActOn(searchtest.Must(t, NewNet), s, me, nil) },
		func(s *cb.State, me int) []cb.Action { return ActOn(newSmitsi(t, 1), s, me, nil) })
}

// searchedGames are the positions the search tests play: seed's game
// after turns turns of greedy against greedy.
var searchedGames = []struct {
	seed  int64
	turns int
}{{9, 20}, {5, 30}, {11, 10}}

// TestSmitsiDeterministic: without a deadline the search runs Iters
// iterations and answers the same twice, with some other answer than the
// network's somewhere (the search changes something).
func TestSmitsiDeterministic(t *testing.T) {
	changed := false
	for _, c := range searchedGames {
		s := midGame(t, c.seed, c.turns)
		got := searchtest.Again(t, fmt.Sprintf("seed %d", c.seed), 300, func() (searchtest.Searcher, []cb.Action) {
			sm := newSmitsi(t, 300)
			return sm, ActOn(sm, s, 0, nil)
		})
		if len(got) != s.Alive(0) {
			t.Errorf("seed %d: %d orders for %d ships", c.seed, len(got), s.Alive(0))
		}
		if !reflect.DeepEqual(got, ActOn(newSmitsi(t, 1), s, 0, nil)) {
			changed = true
		}
	}
	if !changed {
		t.Error("300 iterations never changed the network's answer")
	}
}

// TestSmitsiHidden: the search starts from the player's view, so what
// the view does not show (mines out of its ships' sight, the opponent's
// cooldowns) cannot change its answer. The referee's state is changed in
// those parts only: every hidden mine moved to another hidden cell, or
// onto the cells just ahead of the player's ships' sight, and the
// opponent's cannons cooling. The views stay equal, and so do the
// answers, the root visits included.
func TestSmitsiHidden(t *testing.T) {
	moved := 0
	for _, c := range searchedGames {
		s := midGame(t, c.seed, c.turns)
		for shift := 1; shift <= 2; shift++ {
			h := s.Copy()
			// hidden mines move shift cells along the row to a cell that is
			// hidden too
			for i := range h.Mines() {
				m := &h.Mines()[i]
				if h.MineVisible(0, m.Pos) {
					continue
				}
				to := cb.Coord{X: (m.Pos.X + shift*7) % cb.Width, Y: m.Pos.Y}
				if !h.MineVisible(0, to) {
					m.Pos = to
					moved++
				}
			}
			for i := range h.PlayerShips(1) {
				h.PlayerShips(1)[i].CannonCD = 1
			}
			var v, w cb.View
			s.ViewInto(0, &v)
			h.ViewInto(0, &w)
			if v.String() != w.String() {
				t.Fatalf("seed %d: the change shows in the view:\n%s\n%s", c.seed, v.String(), w.String())
			}
			a, b := newSmitsi(t, 200), newSmitsi(t, 200)
			x, y := a.Act(&v, nil), b.Act(&w, nil)
			if !reflect.DeepEqual(x, y) {
				t.Errorf("seed %d shift %d: %v, with the hidden parts changed %v", c.seed, shift, x, y)
			}
			searchtest.SameVisits(t, fmt.Sprintf("seed %d shift %d", c.seed, shift), a, b, smK)
		}
	}
	if moved == 0 {
		t.Fatal("no hidden mine was moved: the test proves nothing")
	}
}

// TestSmitsiTrainerHidden: the trainer runs the search on the referee's
// state (expert.Tree), and the iterations still play in the searching
// player's view: moving the mines that neither player sees into the ships'
// way changes no root visit (a search of 6 turns reaches them; one that
// copied the referee's state changes its visits there). (The other player's root candidates come from its own view,
// the network's input for it, so mines only it sees are left in place.)
func TestSmitsiTrainerHidden(t *testing.T) {
	moved := 0
	for _, c := range searchedGames {
		s := midGame(t, c.seed, c.turns)
		h := s.Copy()
		hidden := func(c cb.Coord) bool { return c.Inside() && !h.MineVisible(0, c) && !h.MineVisible(1, c) }
		// the hidden mines move into the ships' way, just out of sight:
		// where reading the referee's state would change the play
		var ways []cb.Coord
		for _, sh := range h.Ships() {
			for d := 6; d <= 7 && sh.Alive; d++ {
				if w := fcb.Ahead(sh.Pos, sh.Orient, d); hidden(w) {
					ways = append(ways, w)
				}
			}
		}
		for i := range h.Mines() {
			if m := &h.Mines()[i]; moved < len(ways) && hidden(m.Pos) {
				m.Pos = ways[moved]
				moved++
			}
		}
		for me := 0; me < 2; me++ {
			n := searchtest.Must(t, NewNet)
			ga, cfg := SmitsiGame(n)
			cfg.Depth = 6 // deep enough to reach the ships' way
			gb, _ := SmitsiGame(n)
			a, b := search.New[*cb.State, cb.Action](ga, cfg), search.New[*cb.State, cb.Action](gb, cfg)
			a.Run(s, me, 300)
			b.Run(h, me, 300)
			searchtest.SameVisits(t, fmt.Sprintf("seed %d player %d", c.seed, me), a, b, smK)
		}
	}
	if moved == 0 {
		t.Fatal("no hidden mine was moved: the test proves nothing")
	}
}

// TestSmitsiRemembersMines: a mine seen once stays in the search's state
// while out of sight, and goes when its cell is seen empty or a ball lands
// on it.
func TestSmitsiRemembersMines(t *testing.T) {
	mine := cb.Mine{ID: 40, Pos: cb.Coord{X: 8, Y: 10}}
	at := func(turn, x int, mines []cb.Mine, balls []cb.Cannonball) *cb.View {
		return &cb.View{Turn: turn, Ships: []cb.Ship{ship(0, 0, x, 10, 0, 0, 50), ship(1, 1, 20, 2, 3, 0, 100)},
			Mines: mines, Balls: balls}
	}
	seenMine := at(0, 5, []cb.Mine{mine}, nil)
	tests := []struct {
		name  string
		views []*cb.View
		want  bool
	}{
		{"in sight", []*cb.View{seenMine}, true},
		{"out of sight", []*cb.View{seenMine, at(1, 15, nil, nil)}, true},
		{"its cell seen empty", []*cb.View{seenMine, at(1, 15, nil, nil), at(2, 11, nil, nil)}, false},
		{"a ball landed on it", []*cb.View{seenMine, at(1, 15, nil, []cb.Cannonball{{ID: 50, Pos: mine.Pos, Owner: 1, Remaining: 0}})}, false},
		{"a ball still flying to it", []*cb.View{seenMine, at(1, 15, nil, []cb.Cannonball{{ID: 50, Pos: mine.Pos, Owner: 1, Remaining: 3}})}, true},
		{"another game", []*cb.View{seenMine, at(1, 15, nil, nil), at(0, 15, nil, nil)}, false},
	}
	for _, tc := range tests {
		sm := newSmitsi(t, 1)
		for _, v := range tc.views {
			sm.Act(v, nil)
		}
		got := false
		for _, m := range sm.root.Mines() {
			got = got || m == mine
		}
		if got != tc.want {
			t.Errorf("%s: mine in the search's state %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSmitsiPastDeadline: out of time, the search plays no iteration and
// still gives one order per ship.
func TestSmitsiPastDeadline(t *testing.T) {
	s := midGame(t, 9, 20)
	sm := newSmitsi(t, 100)
	got := searchtest.PastDeadline(t, sm, func(dst []cb.Action) []cb.Action { return ActOn(sm, s, 0, dst) })
	if len(got) != s.Alive(0) {
		t.Errorf("%d orders for %d ships", len(got), s.Alive(0))
	}
}

// TestSmitsiNoAllocs: once warm, a turn's search allocates nothing.
func TestSmitsiNoAllocs(t *testing.T) {
	s := midGame(t, 9, 20)
	var v cb.View
	s.ViewInto(0, &v)
	sm := newSmitsi(t, 100)
	searchtest.NoAllocs(t, 5, func(dst []cb.Action) []cb.Action { return sm.Act(&v, dst) })
}

// BenchmarkSearch is one smitsi search of 500 iterations in a mid-game
// position with three ships a side; it reports the shared search's
// iterations per second on Coders of the Caribbean.
func BenchmarkSearch(b *testing.B) {
	var s *cb.State
	for seed := int64(1); ; seed++ {
		if s = cb.New(seed); s.ShipsPerPlayer() == 3 {
			break
		}
	}
	g0, g1 := NewGreedy(), NewGreedy()
	for s.Turn() < 30 {
		if err := s.Step(ActOn(g0, s, 0, nil), ActOn(g1, s, 1, nil)); err != nil {
			b.Fatal(err)
		}
	}
	var v cb.View
	s.ViewInto(0, &v)
	sm := newSmitsi(b, 500)
	searchtest.Bench(b, sm, func(_ int, dst []cb.Action) []cb.Action { return sm.Act(&v, dst) })
}
