package policy

import (
	"math/rand"

	"cgpolicy/engine"
	"cgpolicy/engine/soak"
	fsoak "cgpolicy/features/soak"
	"cgpolicy/internal/search"
)

// Smitsimax shape: root candidates per agent (the network's best), arms of
// the later turns (5 steps × attack or hunker) and turns simulated.
const (
	smK     = 8
	smA     = 10
	smDepth = 3
)

// smConfig is the search's shape and tuning. In the bot it stops at the
// deadline the bot gives it, Bot.Think into the turn.
var smConfig = search.Config{Players: 2, Units: soak.MaxAgents, K: smK, Arms: smA, Depth: smDepth,
	C: 1.5}

// Smitsi is the Smitsimax search: the shared search's policy
// (internal/search) over Soak Overflow, with one tree per agent of both
// sides. On the first turn an agent picks among its network candidates
// with softmax priors; on later turns among a step and either hunkering or
// its best attack from that state (later). Depth turns are played on the
// engine's typed path and scored by fsoak.Value. Each own agent plays its
// most visited root candidate. Nothing is allocated per iteration.
type Smitsi = search.Policy[*soak.State, *soak.View, soak.Action]

// NewSmitsi returns the search around net with its tuned defaults.
func NewSmitsi(net *Net) *Smitsi {
	g, c := SmitsiGame(net)
	return search.NewPolicy[*soak.State, *soak.View, soak.Action](g, c, 100, func(v *soak.View) (*soak.State, int, bool) { return v.State(), v.Me, true })
}

// SmitsiGame is Soak Overflow for the shared search, guided by net, and
// the search's shape: the trainer's expert (features/soak/learn) is the
// same search as the bot's.
func SmitsiGame(net *Net) (search.Game[*soak.State, soak.Action], search.Config) {
	return &smGame{net: net}, smConfig
}

// smGame implements search.Game: units are the living agents of each
// side in id order (Act's answer and the trainer's decisions), root arms
// the network's candidates for the side's own view, continuation arms
// later, and the value fsoak.Value of the searching side, negated for the
// other.
type smGame struct {
	net  *Net
	view soak.View
	acts [2][]soak.Action
	one  [1]soak.Action
}

func (*smGame) Start(dst, root *soak.State, _ int, _ *rand.Rand) *soak.State {
	if dst == nil {
		dst = new(soak.State) // as root.Copy() does
	}
	dst.CopyFrom(root)
	return dst
}

func (g *smGame) Units(s *soak.State, p int, r search.Roots[soak.Action]) {
	s.ViewInto(p, &g.view)
	g.net.Reset(&g.view)
	for _, a := range s.PlayerAgents(p) {
		if !a.Alive {
			continue
		}
		var ok bool
		if g.net.Rank(a.ID) == 0 {
			g.one[0] = soak.Action{Agent: a.ID, Combat: soak.Hunker}
			ok = r.Add(a.ID, g.one[:], nil)
		} else {
			ok = r.Add(a.ID, g.net.Candidates(), g.net.Scores())
		}
		if !ok {
			return
		}
	}
}

func (*smGame) Later(s *soak.State, _, id, j int) (soak.Action, bool) {
	a, ok := s.AgentByID(id)
	if !ok || !a.Alive {
		return soak.Action{}, false
	}
	return later(s, &a, j), true
}

func (g *smGame) Step(s *soak.State, acts [][]soak.Action) {
	g.acts[0], g.acts[1] = acts[0], acts[1]
	s.Step(&g.acts)
}

func (*smGame) Done(s *soak.State) bool { return s.Done() }

func (*smGame) Value(s *soak.State, me int, v []float64) {
	v[me] = fsoak.Value(s, me)
	v[1-me] = -v[me]
}

// smSteps are the later turns' moves: stay, then the four neighbours,
// forward (toward the enemy's side) before back.
var smSteps = [5][2]int{{0, 0}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// smStep is arm j's column step for player p, mirrored for player 1 so
// that ties between unvisited arms break the same way on both sides.
func smStep(p, j int) int {
	if p == 1 {
		return -smSteps[j/2][0]
	}
	return smSteps[j/2][0]
}

// later turns arm j of agent a into orders in sim: step j/2 (onto floor
// only), then the best attack from there when j is even, else hunker.
func later(sim *soak.State, a *soak.Agent, j int) soak.Action {
	act := soak.Action{Agent: a.ID, Combat: soak.Hunker}
	x, y := a.X+smStep(a.Owner, j), a.Y+smSteps[j/2][1]
	if j >= 2 && sim.Tile(x, y) == soak.Floor {
		act.Move, act.MoveX, act.MoveY = true, x, y
	} else {
		x, y = a.X, a.Y
	}
	if j%2 == 1 {
		return act
	}
	best := 0
	for _, t := range sim.Agents() {
		if !t.Alive || t.Owner == a.Owner {
			continue
		}
		d := engine.Abs(t.X-x) + engine.Abs(t.Y-y)
		if a.Bombs > 0 && d <= soak.ThrowRange {
			if v := splash(sim, a.Owner, t.X, t.Y); v > best {
				best, act.Combat, act.ThrowX, act.ThrowY = v, soak.Throw, t.X, t.Y
			}
		}
		if a.Cooldown == 0 {
			if v := hit(fsoak.Damage(sim, a.Class, x, y, t.X, t.Y, false), t.Wetness); v > best {
				best, act.Combat, act.ShootID = v, soak.Shoot, t.ID
			}
		}
	}
	return act
}

// hit values wetness dmg added to an agent at wet: what it takes of the
// agent's remaining 100, with a bonus for a kill.
func hit(dmg, wet int) int {
	if dmg >= 100-wet {
		return 100 - wet + 30
	}
	return dmg
}

// splash values a bomb at (x, y) for player p: enemies hit minus twice
// the own agents hit.
func splash(sim *soak.State, p, x, y int) int {
	v := 0
	for _, t := range sim.Agents() {
		if t.Alive && engine.Abs(t.X-x) <= 1 && engine.Abs(t.Y-y) <= 1 {
			if h := hit(soak.ThrowDamage, t.Wetness); t.Owner == p {
				v -= 2 * h
			} else {
				v += h
			}
		}
	}
	return v
}
