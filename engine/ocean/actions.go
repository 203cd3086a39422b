package ocean

import (
	"fmt"
	"math/rand"
	"strings"

	"cgpolicy/engine"
)

// RandomActions appends to dst a random chain for p that the referee
// accepts without removing p: mostly a MOVE to a free cell, some powers
// (which the referee drops when uncharged), sometimes SURFACE. In the first
// frame it is one action whose X, Y is a random water cell. Chains are
// tried on a copy of the state; after many refusals it answers SURFACE,
// which is always accepted.
func (s *State) RandomActions(p int, rng *rand.Rand, dst []Action) []Action {
	dst = dst[:0]
	if s.kind == frameInit {
		for {
			x, y := rng.Intn(Size), rng.Intn(Size)
			if s.b.water(x, y) {
				return append(dst, Action{X: x, Y: y})
			}
		}
	}
	for try := 0; try < 20; try++ {
		dst = s.randomChain(p, rng, dst[:0])
		t := *s
		if t.AnswerActions(p, dst) == nil {
			return dst
		}
	}
	return append(dst[:0], Action{Kind: SurfaceAct})
}

// randomChain picks a chain, following p's position through its moves and
// silences so that they stay on free water.
func (s *State) randomChain(p int, rng *rand.Rand, dst []Action) []Action {
	pl := s.pl[p]
	kinds := [numKinds]Kind{}
	for i := range kinds {
		kinds[i] = Kind(i)
	}
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	n := 1 + rng.Intn(3)
	if rng.Intn(5) != 0 {
		// a move first, as most turns have
		for i := range kinds {
			if kinds[i] == MoveAct {
				kinds[0], kinds[i] = kinds[i], kinds[0]
			}
		}
	}
	for _, k := range kinds[:n] {
		a := Action{Kind: k}
		switch k {
		case MoveAct, SilenceAct:
			var free [numDirs]Dir
			nf := 0
			for d := Dir(0); d < numDirs; d++ {
				x, y := pl.x+d.DX(), pl.y+d.DY()
				if s.b.water(x, y) && !pl.visited.has(cell(x, y)) {
					free[nf] = d
					nf++
				}
			}
			if nf == 0 {
				if k == MoveAct {
					a = Action{Kind: SurfaceAct}
					pl.visited = bits{}
					pl.visited.set(cell(pl.x, pl.y))
					break
				}
				a.Dir = Dir(rng.Intn(int(numDirs)))
				break
			}
			a.Dir = free[rng.Intn(nf)]
			steps := 1
			if k == MoveAct {
				a.Charge = Power(rng.Intn(int(numPowers)))
			} else {
				steps = rng.Intn(5)
				a.Dist = steps
			}
			for i := 0; i < steps; i++ {
				x, y := pl.x+a.Dir.DX(), pl.y+a.Dir.DY()
				if !s.b.water(x, y) || pl.visited.has(cell(x, y)) {
					a.Dist = i
					break
				}
				pl.x, pl.y = x, y
				pl.visited.set(cell(x, y))
			}
		case SurfaceAct:
			pl.visited = bits{}
			pl.visited.set(cell(pl.x, pl.y))
		case TorpedoAct, TriggerAct:
			a.X, a.Y = pl.x+rng.Intn(9)-4, pl.y+rng.Intn(9)-4
		case SonarAct:
			a.Sector = 1 + rng.Intn(9)
		case MineAct:
			a.Dir = Dir(rng.Intn(int(numDirs)))
		}
		dst = append(dst, a)
	}
	// a surface made up for a blocked move may repeat a chosen one
	seen := [numKinds]bool{}
	out := dst[:0]
	for _, a := range dst {
		if !seen[a.Kind] {
			seen[a.Kind] = true
			out = append(out, a)
		}
	}
	return out
}

// answerText writes a chain as a bot might: with messages, spaces around
// '|' and empty parts now and then, all of which the referee ignores.
func answerText(s *State, acts []Action, rng *rand.Rand) string {
	if s.kind == frameInit {
		return fmt.Sprintf("%d %d", acts[0].X, acts[0].Y)
	}
	parts := make([]string, 0, len(acts)+2)
	for _, a := range acts {
		parts = append(parts, FormatAction(a))
	}
	if rng.Intn(6) == 0 {
		parts = append(parts, "MSG hello")
	}
	if rng.Intn(10) == 0 {
		parts = append(parts, "")
	}
	sep := "|"
	if rng.Intn(8) == 0 {
		sep = " | "
	}
	return strings.Join(parts, sep)
}

// RandomAnswer is a random legal answer for the conformance suite.
func RandomAnswer(es engine.State, p int, rng *rand.Rand) []string {
	s := es.(*State)
	return []string{answerText(s, s.RandomActions(p, rng, nil), rng)}
}

// RoundTrip checks that random typed actions for p survive FormatAction and
// ParseAction unchanged.
func RoundTrip(es engine.State, p int, rng *rand.Rand) error {
	s := es.(*State)
	if s.kind == frameInit {
		return nil
	}
	acts := s.randomChain(p, rng, nil)
	acts = append(acts, Action{Kind: SonarAct, Sector: 12}, Action{Kind: SilenceAct, Dir: W, Dist: -1},
		Action{Kind: TorpedoAct, X: -5, Y: 99})
	for _, a := range acts {
		line := FormatAction(a)
		got, err := ParseAction(line)
		if err != nil && judge(&a) == fNone {
			return fmt.Errorf("%+v formatted as %q: %v", a, line, err)
		}
		if got != a {
			return fmt.Errorf("%+v formatted as %q parsed back as %+v", a, line, got)
		}
	}
	return nil
}

// TypedAnswer gives the same random chain as text and as a typed answer,
// for the suite's typed-versus-text check.
func TypedAnswer(es engine.State, p int, rng *rand.Rand) ([]string, func(engine.State) error) {
	s := es.(*State)
	acts := s.RandomActions(p, rng, nil)
	if rng.Intn(10) == 0 && s.kind != frameInit {
		// a chain the referee refuses, so both paths must remove p alike
		acts = append(acts, Action{Kind: acts[0].Kind})
	}
	line := answerText(s, acts, rng)
	return []string{line}, func(t engine.State) error { return t.(*State).AnswerActions(p, acts) }
}
