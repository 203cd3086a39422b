package soak

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	es "cgpolicy/engine/soak"
)

// positions plays random games and returns copies of states along them,
// so tests see openings, contact and late games.
func positions(tb testing.TB, seeds []int64, every int) []*es.State {
	tb.Helper()
	var out []*es.State
	var acts [2][]es.Action
	var buf []es.Action
	for _, seed := range seeds {
		s, err := es.New(seed)
		if err != nil {
			tb.Fatal(err)
		}
		rng := rand.New(rand.NewSource(seed))
		for t := 0; !s.Done(); t++ {
			if t%every == 0 {
				out = append(out, s.Copy())
			}
			for p := 0; p < 2; p++ {
				acts[p], buf = s.RandomActions(p, rng, acts[p][:0], buf)
				// walk toward the other side so that the teams meet
				for i := range acts[p] {
					if rng.Intn(2) == 0 {
						a, _ := s.AgentByID(acts[p][i].Agent)
						acts[p][i].Move = true
						acts[p][i].MoveX, acts[p][i].MoveY = s.Width()-1-a.X, a.Y
					}
				}
			}
			s.Step(&acts)
		}
	}
	return out
}

// mirrored rebuilds s as bot inputs with the map flipped left-right and
// the players' roles swapped: player 0's agents become player 1's. Encoding
// player 1 there must equal encoding player 0 here.
func mirrored(tb testing.TB, s *es.State) (orig, mir *es.State) {
	tb.Helper()
	w, h := s.Width(), s.Height()
	agents := s.Agents()
	per := len(agents) / 2
	swap := func(id int) int {
		if id <= per {
			return id + per
		}
		return id - per
	}
	var init, input []string
	init = append(init, "1", fmt.Sprint(len(agents)))
	for i := range agents {
		a := agents[swap(i+1)-1]
		st := a.Class.Stats()
		init = append(init, fmt.Sprintf("%d %d %d %d %d %d", i+1, i/per, st.Cooldown, st.Range, st.Power, st.Bombs))
	}
	init = append(init, fmt.Sprintf("%d %d", w, h))
	for y := 0; y < h; y++ {
		var row []string
		for x := 0; x < w; x++ {
			row = append(row, fmt.Sprintf("%d %d %d", x, y, s.Tile(w-1-x, y)))
		}
		init = append(init, strings.Join(row, " "))
	}
	alive := 0
	var lines []string
	for i := range agents {
		a := agents[swap(i+1)-1]
		if a.Alive {
			alive++
			lines = append(lines, fmt.Sprintf("%d %d %d %d %d %d", i+1, w-1-a.X, a.Y, a.Cooldown, a.Bombs, a.Wetness))
		}
	}
	input = append(input, fmt.Sprint(alive))
	input = append(input, lines...)
	input = append(input, fmt.Sprint(s.Alive(0)))
	m, me, err := es.FromInput(init, input)
	if err != nil || me != 1 {
		tb.Fatalf("mirrored input: %v (me %d)", err, me)
	}
	m.SetProgress(s.Turn(), [2]int{s.Points(1), s.Points(0)})
	o, _, err := es.FromInput(s.InitLines(0), s.InputLines(0))
	if err != nil {
		tb.Fatal(err)
	}
	o.SetProgress(s.Turn(), [2]int{s.Points(0), s.Points(1)})
	return o, m
}

func TestMirrorSymmetry(t *testing.T) {
	states := positions(t, []int64{1, 2, 3, 5, 8}, 3)
	var e0, e1 Encoder
	checked := 0
	for si, s := range states {
		orig, mir := mirrored(t, s)
		e0.Reset(orig.PlayerView(0))
		e1.Reset(mir.PlayerView(1))
		per := len(orig.Agents()) / 2
		if v0, v1 := Value(orig, 0), Value(mir, 1); v0 != v1 {
			t.Fatalf("state %d: Value %v for player 0, %v mirrored", si, v0, v1)
		}
		for _, a := range orig.PlayerAgents(0) {
			n0 := e0.Encode(a.ID)
			n1 := e1.Encode(a.ID + per)
			if n0 != n1 {
				t.Fatalf("state %d agent %d: %d candidates, %d mirrored", si, a.ID, n0, n1)
			}
			if n0 == 0 {
				continue
			}
			checked++
			for i := range e0.Agent {
				if e0.Agent[i] != e1.Agent[i] {
					t.Fatalf("state %d agent %d: agent feature %d is %v, %v mirrored", si, a.ID, i, e0.Agent[i], e1.Agent[i])
				}
			}
			for i := 0; i < n0*CandDim; i++ {
				if e0.Cands[i] != e1.Cands[i] {
					t.Fatalf("state %d agent %d: candidate %d feature %d is %v, %v mirrored (%+v vs %+v)",
						si, a.ID, i/CandDim, i%CandDim, e0.Cands[i], e1.Cands[i], e0.Actions[i/CandDim], e1.Actions[i/CandDim])
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d agents compared", checked)
	}
}

func TestCandidatesLegal(t *testing.T) {
	var e Encoder
	full := 0
	for _, s := range positions(t, []int64{4, 9}, 2) {
		for me := 0; me < 2; me++ {
			e.Reset(s.PlayerView(me))
			for _, a := range s.Agents() {
				n := e.Encode(a.ID)
				if !a.Alive || a.Owner != me {
					if n != 0 {
						t.Fatalf("agent %d (alive %v owner %d) encoded for player %d", a.ID, a.Alive, a.Owner, me)
					}
					continue
				}
				legal := s.LegalActions(a.ID, nil)
				if len(legal) > MaxCands {
					full++
				}
				want := len(legal)
				if want > MaxCands {
					want = MaxCands
				}
				if n != want {
					t.Fatalf("agent %d: %d candidates of %d legal, want %d", a.ID, n, len(legal), want)
				}
				seen := map[es.Action]bool{}
				stay := false
				for _, c := range e.Actions[:n] {
					if seen[c] {
						t.Fatalf("agent %d: candidate %+v twice", a.ID, c)
					}
					seen[c] = true
					if !c.Move && c.Combat == es.NoCombat {
						stay = true
					}
					ok := false
					for _, l := range legal {
						ok = ok || l == c
					}
					if !ok {
						t.Fatalf("agent %d: candidate %+v is not legal", a.ID, c)
					}
				}
				if !stay {
					t.Fatalf("agent %d: staying idle was pruned", a.ID)
				}
			}
		}
	}
	if full == 0 {
		t.Log("no position needed pruning")
	}
}

// TestDamageMatchesEngine fires every shot candidate without a move on a
// copy of the state and compares the target's wetness with Damage and the
// shot features.
func TestDamageMatchesEngine(t *testing.T) {
	var e Encoder
	shots := 0
	sim := new(es.State)
	for _, s := range positions(t, []int64{3, 6, 10}, 2) {
		for me := 0; me < 2; me++ {
			e.Reset(s.PlayerView(me))
			for _, a := range s.PlayerAgents(me) {
				n := e.Encode(a.ID)
				for k := 0; k < n; k++ {
					act := e.Actions[k]
					if act.Move || act.Combat != es.Shoot {
						continue
					}
					tgt, _ := s.AgentByID(act.ShootID)
					sim.CopyFrom(s)
					var acts [2][]es.Action
					acts[me] = []es.Action{act}
					sim.Step(&acts)
					got, _ := sim.AgentByID(act.ShootID)
					dmg := Damage(s, a.Class, a.X, a.Y, tgt.X, tgt.Y, false)
					if got.Alive && got.Wetness-tgt.Wetness != dmg {
						t.Fatalf("shot %+v: engine adds %d wetness, Damage says %d", act, got.Wetness-tgt.Wetness, dmg)
					}
					if kill := e.Cands[k*CandDim+CShotKill] == 1; kill == got.Alive {
						t.Fatalf("shot %+v: kill feature %v, target alive after: %v", act, kill, got.Alive)
					}
					shots++
				}
			}
		}
	}
	if shots < 20 {
		t.Fatalf("only %d shots checked", shots)
	}
}

func TestValueAntisymmetric(t *testing.T) {
	for i, s := range positions(t, []int64{2, 7}, 5) {
		if a, b := Value(s, 0), Value(s, 1); a != -b {
			t.Fatalf("state %d: Value %v for player 0 and %v for player 1", i, a, b)
		}
	}
}

func TestEncodeAllocatesNothing(t *testing.T) {
	states := positions(t, []int64{11}, 4)
	s := states[len(states)/2]
	var e Encoder
	views := [2]*es.View{s.PlayerView(0), s.PlayerView(1)}
	allocs := testing.AllocsPerRun(20, func() {
		for me := 0; me < 2; me++ {
			e.Reset(views[me])
			for _, a := range s.PlayerAgents(me) {
				e.Encode(a.ID)
			}
		}
		Value(s, 0)
	})
	if allocs != 0 {
		t.Fatalf("a turn's encoding allocates %v times", allocs)
	}
}

func BenchmarkEncodeTurn(b *testing.B) {
	states := positions(b, []int64{11}, 4)
	s := states[len(states)/2]
	var e Encoder
	views := [2]*es.View{s.PlayerView(0), s.PlayerView(1)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Reset(views[i&1])
		for _, a := range s.PlayerAgents(i & 1) {
			e.Encode(a.ID)
		}
	}
}
