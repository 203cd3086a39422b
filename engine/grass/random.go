package grass

import (
	"fmt"
	"math/rand"

	"cgpolicy/engine"
)

// Candidates appends the single actions that take effect for seat p right
// now when played alone: a recycler on each cell that allows one (matter
// permitting), one unit spawned on each cell that allows it (matter
// permitting), and every unit stack moved whole to each open neighbour.
// It is the action menu a policy chooses from.
func (s *State) Candidates(p int, dst []Action) []Action {
	for i := range s.cells {
		x, y := s.b.XY(i)
		if s.matter[p] >= RecyclerCost && s.CanBuild(p, i) {
			dst = append(dst, BuildAction(x, y))
		}
		if s.matter[p] >= UnitCost && s.CanSpawn(p, i) {
			dst = append(dst, SpawnAction(1, x, y))
		}
		n := int(s.cells[i].Units[p])
		if n == 0 {
			continue
		}
		for _, j := range s.b.adj[i] {
			if j >= 0 && s.cells[j].Scrap > 0 && !s.cells[j].Recycler {
				tx, ty := s.b.XY(int(j))
				dst = append(dst, MoveAction(n, x, y, tx, ty))
			}
		}
	}
	return dst
}

// RandomActions appends a random turn for seat p drawn from rng: most unit
// stacks move part or all of their units towards a random cell, and spare
// matter goes to spawns and now and then a recycler. No action is fatal;
// some may be skipped by the referee (a build that leaves too little matter
// for the spawns after it), as with real bots.
func RandomActions(s *State, p int, rng *rand.Rand, dst []Action) []Action {
	w, h := s.b.W, s.b.H
	for i := range s.cells {
		n := int(s.cells[i].Units[p])
		if n == 0 || rng.Intn(10) < 2 {
			continue
		}
		x, y := s.b.XY(i)
		tx, ty := rng.Intn(w), rng.Intn(h)
		if rng.Intn(2) == 0 {
			d := deltas[rng.Intn(4)]
			tx, ty = x+d[0], y+d[1]
		}
		if tx == x && ty == y {
			continue
		}
		dst = append(dst, MoveAction(1+rng.Intn(n), x, y, tx, ty))
	}
	budget := s.matter[p]
	if budget >= RecyclerCost && rng.Intn(8) == 0 {
		if i := s.randomCell(rng, func(i int) bool { return s.CanBuild(p, i) }); i >= 0 {
			x, y := s.b.XY(i)
			dst = append(dst, BuildAction(x, y))
			budget -= RecyclerCost
		}
	}
	for budget >= UnitCost && rng.Intn(4) != 0 {
		i := s.randomCell(rng, func(i int) bool { return s.CanSpawn(p, i) })
		if i < 0 {
			break
		}
		n := 1 + rng.Intn(budget/UnitCost)
		x, y := s.b.XY(i)
		dst = append(dst, SpawnAction(n, x, y))
		budget -= n * UnitCost
	}
	return dst
}

// randomCell picks uniformly among the cells that pass ok, or returns -1.
func (s *State) randomCell(rng *rand.Rand, ok func(int) bool) int {
	pick, seen := -1, 0
	for i := range s.cells {
		if ok(i) {
			seen++
			if rng.Intn(seen) == 0 {
				pick = i
			}
		}
	}
	return pick
}

// RandomAnswer is a random output line for seat p that the referee accepts,
// sometimes with the tolerated extras (WAIT, MESSAGE, spaces, trailing ;).
// It serves the conformance suite and smoke tests.
func RandomAnswer(st engine.State, p int, rng *rand.Rand) []string {
	s, ok := st.(*State)
	if !ok {
		return []string{"WAIT"}
	}
	acts := RandomActions(s, p, rng, nil)
	if rng.Intn(5) == 0 {
		acts = append(acts, Action{Kind: Message, Text: "hello there"})
	}
	line := Format(acts)
	switch rng.Intn(6) {
	case 0:
		line = "  " + line + " ;"
	case 1:
		line += ";WAIT;"
	}
	return []string{line}
}

// RoundTrip formats random typed actions for seat p, parses the text back
// and reports any difference. Coordinates range over the whole Java int
// range the referee's patterns accept, not only the map.
func RoundTrip(st engine.State, p int, rng *rand.Rand) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("grass: RoundTrip got a %T", st)
	}
	acts := RandomActions(s, p, rng, nil)
	anyInt := func() int {
		if rng.Intn(2) == 0 {
			return rng.Intn(30) - 5
		}
		return int(int32(rng.Uint32()))
	}
	natural := func() int { return int(rng.Int31()) }
	for k := rng.Intn(4); k > 0; k-- {
		switch rng.Intn(5) {
		case 0:
			acts = append(acts, MoveAction(natural(), natural(), natural(), anyInt(), anyInt()))
		case 1:
			acts = append(acts, SpawnAction(natural(), anyInt(), anyInt()))
		case 2:
			acts = append(acts, BuildAction(anyInt(), anyInt()))
		case 3:
			acts = append(acts, Action{Kind: Message, Text: fmt.Sprintf(" msg %d <x>", rng.Intn(1000))})
		default:
			acts = append(acts, Action{Kind: Wait})
		}
	}
	if len(acts) == 0 {
		acts = append(acts, Action{Kind: Wait})
	}
	line := Format(acts)
	back, err := Parse(line)
	if err != nil {
		return fmt.Errorf("parse %q: %v", line, err)
	}
	if len(back) != len(acts) {
		return fmt.Errorf("%q: %d actions back, %d sent", line, len(back), len(acts))
	}
	for i := range acts {
		if back[i] != acts[i] {
			return fmt.Errorf("%q: action %d came back as %+v, sent %+v", line, i, back[i], acts[i])
		}
	}
	return nil
}

// TypedAnswer picks random legal typed actions for seat p and returns their
// line and a function that hands the same actions to a state's typed path,
// for the conformance suite's typed-versus-text check.
func TypedAnswer(st engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	acts := RandomActions(st.(*State), p, rng, nil)
	if len(acts) == 0 {
		acts = append(acts, Action{Kind: Wait})
	}
	return []string{Format(acts)}, func(st engine.State) error { return st.(*State).AnswerActions(p, acts) }
}
