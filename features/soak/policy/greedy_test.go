package policy

import (
	"fmt"
	"strings"
	"testing"

	"cgpolicy/engine/soak"
)

// spec is one agent of a hand-made position.
type spec struct {
	class         soak.Class
	x, y, wet, cd int
	bombs         int
	dead          bool
}

// position builds a state for player 0 from a map drawn with '.' floor,
// 'l' low and 'h' high cover, and both teams' agents (same count each),
// through the same FromInput the bot uses.
func position(t *testing.T, rows []string, mine, theirs []spec) *soak.State {
	t.Helper()
	if len(mine) != len(theirs) {
		t.Fatal("teams must have the same size")
	}
	all := append(append([]spec{}, mine...), theirs...)
	init := []string{"0", fmt.Sprint(len(all))}
	for i, a := range all {
		st := a.class.Stats()
		init = append(init, fmt.Sprintf("%d %d %d %d %d %d", i+1, i/len(mine), st.Cooldown, st.Range, st.Power, st.Bombs))
	}
	init = append(init, fmt.Sprintf("%d %d", len(rows[0]), len(rows)))
	for y, row := range rows {
		var cells []string
		for x, c := range row {
			cells = append(cells, fmt.Sprintf("%d %d %d", x, y, strings.IndexRune(".lh", c)))
		}
		init = append(init, strings.Join(cells, " "))
	}
	input := []string{""}
	alive, own := 0, 0
	for i, a := range all {
		if a.dead {
			continue
		}
		alive++
		if i < len(mine) {
			own++
		}
		input = append(input, fmt.Sprintf("%d %d %d %d %d %d", i+1, a.x, a.y, a.cd, a.bombs, a.wet))
	}
	input[0] = fmt.Sprint(alive)
	input = append(input, fmt.Sprint(own))
	s, me, err := soak.FromInput(init, input)
	if err != nil || me != 0 {
		t.Fatalf("position: %v (me %d)", err, me)
	}
	return s
}

var open = []string{
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
	"..........",
}

// dead pads a team: FromInput needs equal team sizes.
var dead = spec{class: soak.Gunner, dead: true}

// splashFree reports whether no throw in acts splashes an own agent where
// it stands or where it moves.
func splashFree(s *soak.State, acts []soak.Action) bool {
	for _, th := range acts {
		if th.Combat != soak.Throw {
			continue
		}
		for _, a := range acts {
			ag, _ := s.AgentByID(a.Agent)
			if near(ag.X, ag.Y, th.ThrowX, th.ThrowY) || (a.Move && near(a.MoveX, a.MoveY, th.ThrowX, th.ThrowY)) {
				return false
			}
		}
	}
	return true
}

func TestGreedyCases(t *testing.T) {
	cases := []struct {
		name         string
		rows         []string
		mine, theirs []spec
		ok           func(s *soak.State, acts []soak.Action) bool
	}{
		{
			name:   "kill shot before a fresh target",
			rows:   open,
			mine:   []spec{{class: soak.Gunner, x: 3, y: 2}, dead},
			theirs: []spec{{class: soak.Gunner, x: 3, y: 5, cd: 1}, {class: soak.Gunner, x: 6, y: 2, wet: 90, cd: 1}},
			ok: func(s *soak.State, acts []soak.Action) bool {
				return acts[0].Combat == soak.Shoot && acts[0].ShootID == 4
			},
		},
		{
			name: "push past 50 before plain damage",
			rows: open,
			mine: []spec{{class: soak.Gunner, x: 3, y: 2}, dead},
			theirs: []spec{{class: soak.Gunner, x: 3, y: 5, wet: 10, cd: 1},
				{class: soak.Gunner, x: 6, y: 2, wet: 40, cd: 1}},
			ok: func(s *soak.State, acts []soak.Action) bool {
				return acts[0].Combat == soak.Shoot && acts[0].ShootID == 4
			},
		},
		{
			name: "bomb the pair without splashing the teammate next to them",
			rows: open,
			mine: []spec{{class: soak.Bomber, x: 3, y: 3, bombs: 3, cd: 1},
				{class: soak.Gunner, x: 5, y: 3, cd: 1}, dead},
			theirs: []spec{{class: soak.Gunner, x: 6, y: 3, wet: 40, cd: 1},
				{class: soak.Assault, x: 6, y: 2, wet: 40, cd: 1}, dead},
			ok: func(s *soak.State, acts []soak.Action) bool {
				return acts[0].Combat == soak.Throw && splashFree(s, acts)
			},
		},
		{
			name: "no bomb when every splash on the target hits a teammate",
			rows: open,
			mine: []spec{{class: soak.Bomber, x: 2, y: 2, bombs: 3, cd: 1},
				{class: soak.Gunner, x: 5, y: 1, cd: 1}, {class: soak.Gunner, x: 5, y: 3, cd: 1}},
			theirs: []spec{{class: soak.Gunner, x: 5, y: 2, wet: 80, cd: 1}, dead, dead},
			ok: func(s *soak.State, acts []soak.Action) bool {
				return splashFree(s, acts)
			},
		},
		{
			name: "bomb a cluster",
			rows: open,
			mine: []spec{{class: soak.Bomber, x: 1, y: 1, bombs: 1, cd: 1}, dead},
			theirs: []spec{{class: soak.Gunner, x: 4, y: 3, cd: 1},
				{class: soak.Sniper, x: 5, y: 3, cd: 3}},
			ok: func(s *soak.State, acts []soak.Action) bool {
				a := acts[0]
				return a.Combat == soak.Throw && near(4, 3, a.ThrowX, a.ThrowY) && near(5, 3, a.ThrowX, a.ThrowY)
			},
		},
		{
			name:   "hunker when exposed with no shot",
			rows:   open,
			mine:   []spec{{class: soak.Sniper, x: 2, y: 2, cd: 3}, dead},
			theirs: []spec{{class: soak.Gunner, x: 5, y: 2}, dead},
			ok: func(s *soak.State, acts []soak.Action) bool {
				return acts[0].Combat == soak.Hunker
			},
		},
		{
			name: "step behind high cover from a sniper",
			rows: []string{
				"..........",
				"....h.....",
				"..........",
				"..........",
			},
			mine:   []spec{{class: soak.Gunner, x: 3, y: 2, cd: 1}, dead},
			theirs: []spec{{class: soak.Sniper, x: 9, y: 1}, dead},
			ok: func(s *soak.State, acts []soak.Action) bool {
				a := acts[0]
				return a.Move && a.MoveX == 3 && a.MoveY == 1 && a.Combat == soak.Hunker
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.rows, tc.mine, tc.theirs)
			acts := act(t, s)
			if !tc.ok(s, acts) {
				t.Errorf("greedy chose %+v", acts)
			}
		})
	}
}

// act runs greedy for player 0 and checks it gave one action per living
// agent, each for an own agent.
func act(t *testing.T, s *soak.State) []soak.Action {
	t.Helper()
	acts := ActOn(NewGreedy(), s, 0, nil)
	if len(acts) != s.ExpectedLines(0) {
		t.Fatalf("%d actions for %d agents", len(acts), s.ExpectedLines(0))
	}
	for _, a := range acts {
		if ag, ok := s.AgentByID(a.Agent); !ok || !ag.Alive || ag.Owner != 0 {
			t.Fatalf("action %+v for agent %d, not a living own agent", a, a.Agent)
		}
	}
	return acts
}
