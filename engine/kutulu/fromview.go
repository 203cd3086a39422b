package kutulu

import (
	"fmt"

	"cgpolicy/engine/jrand"
)

// SetView makes s a game consistent with view v, for a bot's search: the
// maze, constants, explorers, minions and effects as v shows them, and a
// java.util.Random seeded with seed in place of the referee's, whose state
// no input shows. What the input hides is guessed: a slasher's remembered
// cell is its own cell while it spawns or rushes (where a fresh slasher
// rushes) and its target's cell while it stalks; an explorer below the
// slasher threshold has had its slasher unless it is close to the threshold
// and no slasher hunts it yet. Explorers missing from v are out. s keeps
// its storage, so a search that resets one state each turn does not
// allocate once it has held a game as large. The view is seat-relative in
// its order only: explorer IDs stay the referee's seats.
func (s *State) SetView(v *View, seed int64) error {
	b := findBoard(v.Rows)
	if b == nil {
		return fmt.Errorf("kutulu: view of a maze not in the pool (%dx%d)", v.Width, v.Height)
	}
	minions, effects, ev, last, f := s.minions[:0], s.effects[:0], s.ev[:0], s.last[:0], s.f
	if f == nil {
		f = new(finder)
	}
	*s = State{b: b, rnd: *jrand.NewRandom(seed), lonelyLoss: v.LonelyLoss, groupLoss: v.GroupLoss,
		spawnTime: v.SpawnTime, lifeTime: v.LifeTime, turn: v.Turn, minions: minions, effects: effects,
		ev: ev, last: last, f: f, nextID: Players}
	for p := range s.ex {
		s.ex[p] = explorer{removed: true, isolated: true, cell: b.starts[p]}
	}
	for _, e := range v.Explorers {
		c, ok := b.cell(e.X, e.Y)
		if e.ID < 0 || e.ID >= Players || !ok || !b.walk[c] {
			return fmt.Errorf("kutulu: explorer %+v off the maze", e)
		}
		s.ex[e.ID] = explorer{cell: c, sanity: e.Sanity, plans: e.Plans, lights: e.Lights,
			yelledBy: e.YelledBy, isolated: true, slasher: e.Sanity < slasherSanitySpawn}
	}
	for _, mv := range v.Minions {
		c, ok := b.cell(mv.X, mv.Y)
		if !ok || (mv.Kind != wanderer && mv.Kind != slasher) {
			return fmt.Errorf("kutulu: minion %+v", mv)
		}
		m := minion{id: mv.ID, kind: mv.Kind, cell: c, state: mv.State, spawn: s.spawnTime,
			life: mv.Countdown, target: -1, mark: -1}
		if mv.Target >= 0 && mv.Target < Players && !s.ex[mv.Target].removed {
			m.target = mv.Target
		}
		switch {
		case mv.State == stSpawning:
			m.spawn, m.life = mv.Countdown, s.lifeTime
		case mv.Kind == slasher && (mv.State == stStalking || mv.State == stStunned):
			m.stun = mv.Countdown
		}
		if mv.Kind == slasher {
			switch {
			case mv.State == stSpawning || mv.State == stRush:
				m.mark = c
			case mv.State == stStalking && m.target >= 0:
				m.mark = s.ex[m.target].cell
			}
		}
		s.minions = append(s.minions, m)
		if mv.ID >= s.nextID {
			s.nextID = mv.ID + 1
		}
	}
	// A slasher is spawned at the start of the turn after its explorer's
	// sanity fell below the threshold: one close to it without a hunter
	// has not had its slasher yet.
	for p := range s.ex {
		e := &s.ex[p]
		if e.removed || !e.slasher || e.sanity < slasherSanitySpawn-2*minionSanityLoss {
			continue
		}
		hunted := false
		for i := range s.minions {
			if s.minions[i].kind == slasher && s.minions[i].target == p {
				hunted = true
			}
		}
		e.slasher = hunted
	}
	for _, ev := range v.Effects {
		ef := effect{kind: ev.Kind, tick: ev.Tick, caster: ev.Caster, receiver: ev.Receiver, cell: -1}
		switch ev.Kind {
		case effShelter:
			c, ok := b.cell(ev.X, ev.Y)
			if !ok {
				return fmt.Errorf("kutulu: effect %+v", ev)
			}
			ef.caster, ef.receiver, ef.cell = -1, -1, c
		case effPlan, effLight:
			if ev.Caster < 0 || ev.Caster >= Players || s.ex[ev.Caster].removed {
				continue // its caster is out, so it is gone
			}
			ef.receiver = -1
		case effYell:
			if ev.Caster < 0 || ev.Caster >= Players || ev.Receiver < 0 || ev.Receiver >= Players {
				return fmt.Errorf("kutulu: effect %+v", ev)
			}
		default:
			return fmt.Errorf("kutulu: effect %+v", ev)
		}
		s.effects = append(s.effects, ef)
	}
	s.beginTurn()
	return nil
}

// FromView is SetView on a new state.
func FromView(v *View, seed int64) (*State, error) {
	s := &State{}
	if err := s.SetView(v, seed); err != nil {
		return nil, err
	}
	return s, nil
}

// findBoard is the pool's maze whose rows (as sent to the players) are
// rows, or nil.
func findBoard(rows []string) *board {
	for _, b := range boards {
		if len(b.rows) != len(rows) {
			continue
		}
		same := true
		for i := range rows {
			if rows[i] != b.rows[i] {
				same = false
				break
			}
		}
		if same {
			return b
		}
	}
	return nil
}
