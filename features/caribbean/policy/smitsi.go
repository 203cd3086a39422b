package policy

import (
	"cgpolicy/internal/bot"
	"math/rand"

	cb "cgpolicy/engine/caribbean"
	fcb "cgpolicy/features/caribbean"
	"cgpolicy/internal/nn"
	"cgpolicy/internal/search"
)

// Smitsimax shape: root arms per ship (the network's best candidates),
// continuation arms (smLater) and turns an iteration plays. Tuned on
// seeds 7001 to 7040 at 800 iterations against greedy and the old search
// (package baselines, "search"):
// depth 3 to 5 and C from 0.7 to 1.5 scored within the noise (0.85 to
// 0.95 against either); depth 3 is the cheapest, C 0.4 was worse.
const (
	smK     = 6
	smArms  = 8
	smDepth = 3
)

// smConfig is the search's shape and tuning. In the bot it stops at the
// deadline the bot gives it, Bot.Think into the turn.
var smConfig = search.Config{Players: 2, Units: 2 * cb.MaxShips, K: smK, Arms: smArms, Depth: smDepth,
	C: 0.7}

// Smitsi is the Smitsimax search on Coders of the Caribbean: the shared
// search (internal/search) with one bandit tree per ship of both players.
// At the root a ship picks among the network's best candidates with
// softmax priors; deeper, among cheap scripted orders (smLater). Depth
// turns are played on the engine's typed path from the player's own view
// and scored by fcb.Value. The opponent is searched the same way, never
// predicted by a script.
//
// Hidden information: the search starts from the view, never from the
// referee's state. Mines out of sight are those the player saw before and
// has not seen gone (they never move), and no others: the referee's
// density is about 3% of the cells, and mines guessed at random would
// mostly teach the ships to fear the whole map. The opponent's cooldowns,
// which no input shows, count as ready; the own ones come from the
// policy's memory of its orders.
//
// It runs until the deadline (SetDeadline), or for Iters
// iterations when there is none, so that games without deadlines depend
// only on their seeds. Each own ship plays its most visited root
// candidate. Nothing is allocated per iteration.
type Smitsi struct {
	*search.Policy[*cb.State, *cb.View, cb.Action]

	// The memory, split as bot.Memory asks: Seen and Sent write cd.sent
	// and mines, Fork copies them to cd.work and work, which Decide reads.
	cd    memory
	mines []cb.Mine // every mine seen and not known to be gone
	work  []cb.Mine // Fork's copy of mines
	turn  int       // of the last view seen
	root  *cb.State
	view  cb.View
}

// smIters is the default iteration count without a deadline: about what
// the 25 ms a turn searches give at the lower rate BenchmarkSearch
// measured (48,000 to 88,000 iterations a second with three ships a side
// on a busy 2-core machine), so that in-process games play the bot's
// search.
const smIters = 1200

// NewSmitsi returns the search around net's scorer with its tuned
// defaults. One Smitsi plays one game (it remembers its cooldowns).
func NewSmitsi(net *Net) *Smitsi {
	g, c := SmitsiGame(net)
	g.(*smGame).viewRoot = true
	s := &Smitsi{}
	s.Policy = search.NewPolicy[*cb.State, *cb.View, cb.Action](g, c, smIters, s.rootOf)
	return s
}

// SmitsiGame is Coders of the Caribbean for the shared search, guided by
// net's scorer, and the search's shape: the trainer's expert
// (features/caribbean/learn) is the same search as the bot's.
func SmitsiGame(net *Net) (search.Game[*cb.State, cb.Action], search.Config) {
	return &smGame{sc: net.sc, greedy: NewGreedy()}, smConfig
}

// Act implements Policy for in-process play: every answer is sent.
func (s *Smitsi) Act(v *cb.View, dst []cb.Action) []cb.Action {
	return bot.Step[*cb.View, cb.Action](s, v, dst)
}

// Seen implements bot.Memory: the turn's cooldowns and the mines seen.
func (s *Smitsi) Seen(v *cb.View) {
	s.cd.observe(v)
	s.remember(v)
}

// Fork implements bot.Memory.
func (s *Smitsi) Fork() {
	s.cd.fork()
	s.work = append(s.work[:0], s.mines...)
}

// Sent implements bot.Memory: the cooldowns of the orders the bot sent,
// whoever chose them.
func (s *Smitsi) Sent(v *cb.View, sent []cb.Action) { s.cd.sent.RecordAnswer(v, sent) }

// Remembered is the cooldowns of the orders sent, for tests.
func (s *Smitsi) Remembered() *fcb.Cooldowns { return &s.cd.sent }

// Decide implements bot.Memory: the search's answer, each own ship's
// most visited candidate.
func (s *Smitsi) Decide(v *cb.View, dst []cb.Action) []cb.Action { return s.Policy.Act(v, dst) }

// rootOf is the root state of view v: the player in seat 0, with its
// cooldowns and the mines it saw from Fork's copy.
func (s *Smitsi) rootOf(v *cb.View) (*cb.State, int, bool) {
	s.cd.work.Begin(v.Turn)
	s.view = *v
	s.view.Mines = s.work
	s.root = cb.FromView(&s.view, s.root)
	own := s.root.PlayerShips(0)
	for i := range own {
		if own[i].Alive {
			own[i].CannonCD = s.cd.work.Cannon(own[i].ID, v.Turn)
			own[i].MineCD = s.cd.work.Mine(own[i].ID, v.Turn)
		}
	}
	return s.root, 0, true
}

// remember updates the mines seen with view v: mines never move, so a
// mine seen once stays where it was until the player sees its cell empty
// (a ship's centre within sight of it) or sees a cannonball land on it.
// A view of an earlier turn starts another game.
func (s *Smitsi) remember(v *cb.View) {
	if v.Turn < s.turn {
		s.mines = s.mines[:0]
	}
	s.turn = v.Turn
	kept := s.mines[:0]
	for _, m := range s.mines {
		if !seen(v, m.Pos) && !landed(v, m.Pos) {
			kept = append(kept, m)
		}
	}
	s.mines = append(kept, v.Mines...)
}

// seen reports whether the player of v sees cell c: an own ship's centre
// is within sight of it.
func seen(v *cb.View, c cb.Coord) bool {
	for i := range v.Ships {
		if v.Ships[i].Owner == 0 && v.Ships[i].Pos.Distance(c) <= cb.MineVisibility {
			return true
		}
	}
	return false
}

// landed reports whether a cannonball of v lands on c now or has just
// landed there.
func landed(v *cb.View, c cb.Coord) bool {
	for _, b := range v.Balls {
		if b.Pos == c && b.Remaining <= 1 {
			return true
		}
	}
	return false
}

// smGame implements search.Game. Units are each player's ships afloat in
// its view's order (the Net's decision order), named by ship id; root
// arms are the network's candidates for the player's view of the root,
// each decision encoded with the earlier ones at the network's choice, as
// Net.Act does. Iterations play in the searching player's view (seat 0),
// so player p's ships sit in seat p^me there.
type smGame struct {
	sc     Scorer
	greedy *Greedy
	enc    fcb.Encoder
	cd     fcb.Cooldowns
	view   cb.View
	hint   []cb.Action
	scores [fcb.MaxCands]float32
	one    [1]cb.Action
	last   int // candidates of the last decision, chosen before the next

	// viewRoot: the root is the player's belief already (the bot's,
	// rebuilt from its view and memory), which Start only copies;
	// otherwise it is the referee's state (the trainer's), which Start
	// turns into the player's view first.
	viewRoot bool
	fresh    bool // a Run began: Start rebuilds the belief
	me       int
	belief   *cb.State
	bview    cb.View
}

// Units adds player p's decisions at s, one a ship, in order, each with
// the candidates its encoder gives after the earlier decisions took their
// best. The cooldowns of p's ships are those of s: the root's own come
// from the policy's memory, the opponent's are unknown there and count as
// ready.
func (g *smGame) Units(s *cb.State, p int, r search.Roots[cb.Action]) {
	s.ViewInto(p, &g.view)
	g.cd.Clear() // the cooldowns are s's alone, not the last player's or position's
	for _, sh := range s.PlayerShips(p) {
		if !sh.Alive {
			continue
		}
		// the turn of the order that left these cooldowns at the start
		// of this turn
		if sh.CannonCD > 0 {
			g.cd.Record(sh.ID, g.view.Turn+sh.CannonCD-cb.CannonCooldown-1, cb.Action{Kind: cb.Fire})
		}
		if sh.MineCD > 0 {
			g.cd.Record(sh.ID, g.view.Turn+sh.MineCD-cb.MineCooldown-1, cb.Action{Kind: cb.LayMine})
		}
	}
	g.hint = g.greedy.Plan(&g.view, &g.cd, g.hint[:0])
	nd := g.enc.Reset(&g.view, &g.cd, g.hint)
	g.last = 0
	for d := 0; d < nd; d++ {
		id := g.enc.T.Ship(d).ID
		arms, scores := g.root(d)
		if !r.Add(id, arms, scores) {
			return
		}
	}
}

// root is decision d's candidates, after the earlier decisions chose
// their best.
func (g *smGame) root(d int) ([]cb.Action, []float32) {
	if g.last > 0 {
		g.enc.Choose(nn.Argmax(g.scores[:g.last]))
	}
	k := g.enc.Encode(d)
	g.last = k
	if k == 0 {
		g.one[0] = cb.Action{Kind: cb.Wait}
		return g.one[:], nil
	}
	g.sc.ScoreAll(g.enc.Dec[:], g.enc.Cands[:k*fcb.CandDim], k, g.scores[:k])
	return g.enc.Actions[:k], g.scores[:k]
}

// Start is the searching player's belief about root: the bot's root
// itself, or the player's view of the referee's root rebuilt as a state
// (mines out of sight absent, the opponent's cooldowns ready), with its
// own cooldowns, which it knows, from root. It is rebuilt once a Run and
// copied for every iteration.
func (g *smGame) Start(dst, root *cb.State, me int, _ *rand.Rand) *cb.State {
	g.me = me
	if g.viewRoot {
		if dst == nil {
			return root.Copy()
		}
		root.CopyTo(dst)
		return dst
	}
	if g.fresh || g.belief == nil {
		g.fresh = false
		root.ViewInto(me, &g.bview)
		g.belief = cb.FromView(&g.bview, g.belief)
		mine := root.PlayerShips(me)
		own := g.belief.PlayerShips(0)
		for i := range own {
			for _, sh := range mine {
				if sh.ID == own[i].ID {
					own[i].CannonCD, own[i].MineCD = sh.CannonCD, sh.MineCD
				}
			}
		}
	}
	if dst == nil {
		return g.belief.Copy()
	}
	g.belief.CopyTo(dst)
	return dst
}

// Begin implements search.Beginner: the next Start rebuilds the belief.
func (g *smGame) Begin(*cb.State, int) { g.fresh = true }

// Later is continuation arm j of ship id (smLater) in the iteration's
// state.
func (g *smGame) Later(s *cb.State, p, id, j int) (cb.Action, bool) {
	seat := p ^ g.me
	ships := s.PlayerShips(seat)
	for i := range ships {
		if sh := &ships[i]; sh.ID == id {
			if !sh.Alive {
				return cb.Action{}, false
			}
			return smLater(s, seat, sh, j), true
		}
	}
	return cb.Action{}, false
}

// smKinds are the continuation arms 2 to 6: every steering order.
var smKinds = [5]cb.Kind{cb.Wait, cb.Faster, cb.Slower, cb.Port, cb.Starboard}

// smLater is continuation arm j of ship sh of seat in s: 0 sails to the
// nearest barrel (or, with none left, ahead of the nearest enemy), 1
// fires where the nearest enemy will be when the ball lands, 2 to 6 are
// the steering orders and 7 lays a mine. A shot or a mine the ship cannot
// make sails on as arm 0 does, so that the arm is not wasted on nothing.
func smLater(s *cb.State, seat int, sh *cb.Ship, j int) cb.Action {
	switch {
	case j >= 2 && j < 7:
		return cb.Action{Kind: smKinds[j-2]}
	case j == 1 && sh.CannonCD <= 1:
		if e := nearestEnemy(s, seat, sh); e != nil {
			bow := sh.Bow()
			if t := fcb.Predict(e, bow); t.Inside() && bow.Distance(t) <= cb.FireRange {
				return cb.Action{Kind: cb.Fire, X: t.X, Y: t.Y}
			}
		}
	case j == 7 && sh.MineCD <= 1:
		return cb.Action{Kind: cb.LayMine}
	}
	bow := sh.Bow()
	t, bd := sh.Pos, -1
	for _, b := range s.Barrels() {
		if d := bow.Distance(b.Pos); bd < 0 || d < bd {
			t, bd = b.Pos, d
		}
	}
	if bd < 0 {
		if e := nearestEnemy(s, seat, sh); e != nil {
			t = fcb.Ahead(e.Pos, e.Orient, 2)
		}
	}
	return cb.Action{Kind: cb.Move, X: t.X, Y: t.Y}
}

// nearestEnemy is the enemy ship afloat whose centre is nearest to sh's,
// nil when none is.
func nearestEnemy(s *cb.State, seat int, sh *cb.Ship) *cb.Ship {
	ships := s.PlayerShips(1 - seat)
	var best *cb.Ship
	bd := 0
	for i := range ships {
		if e := &ships[i]; e.Alive {
			if d := sh.Pos.Distance(e.Pos); best == nil || d < bd {
				best, bd = e, d
			}
		}
	}
	return best
}

// Step plays the players' orders: the searching player is seat 0.
func (g *smGame) Step(s *cb.State, acts [][]cb.Action) {
	_ = s.Step(acts[g.me], acts[1-g.me])
}

func (*smGame) Done(s *cb.State) bool { return s.Done() }

// Value is fcb.Value of the searching player (seat 0), negated for the
// other.
func (g *smGame) Value(s *cb.State, me int, v []float64) {
	v[me] = fcb.Value(s, 0)
	v[1-me] = -v[me]
}
