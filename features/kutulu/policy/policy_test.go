package policy

import (
	"math/rand"
	"testing"

	ek "cgpolicy/engine/kutulu"
	"cgpolicy/features/kutulu/kutulutest"
)

var (
	mazeView = kutulutest.MazeView
	explorer = kutulutest.Explorer
	wanderer = kutulutest.Wanderer
	// far are other explorers in the corners, out of the way.
	far = kutulutest.Corners
)

func TestGreedyChoices(t *testing.T) {
	tests := []struct {
		name      string
		me        ek.ExplorerView
		others    []ek.ExplorerView
		minions   []ek.MinionView
		effects   []ek.EffectView
		want      ek.Action
		notWanted []ek.Action
	}{
		{name: "flees a wanderer two steps up", me: explorer(0, 7, 6, 250), others: far,
			minions: []ek.MinionView{wanderer(9, 7, 4, 0)},
			want:    ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{name: "walks back to the group", me: explorer(0, 7, 6, 250),
			others: []ek.ExplorerView{explorer(1, 7, 9, 250), explorer(2, 8, 9, 250), explorer(3, 9, 9, 250)},
			want:   ek.Action{Kind: ek.Move, X: 7, Y: 7}},
		{name: "plans among others when hurt", me: explorer(0, 7, 7, 150),
			others: []ek.ExplorerView{explorer(1, 6, 7, 250), explorer(2, 8, 7, 250), explorer(3, 1, 13, 250)},
			want:   ek.Action{Kind: ek.Plan}},
		{name: "no second plan while one is on", me: explorer(0, 7, 7, 150),
			others:    []ek.ExplorerView{explorer(1, 6, 7, 250), explorer(2, 8, 7, 250), explorer(3, 1, 13, 250)},
			effects:   []ek.EffectView{{Kind: 4, X: 7, Y: 7, Tick: 3, Caster: 0, Receiver: -1}},
			notWanted: []ek.Action{{Kind: ek.Plan}, {Kind: ek.Light}}},
		{name: "lights when wanderers close in from both sides", me: explorer(0, 7, 6, 250), others: far,
			minions: []ek.MinionView{wanderer(8, 7, 3, 0), wanderer(9, 7, 9, 0)},
			want:    ek.Action{Kind: ek.Light}},
		{name: "steps out of a rushing slasher's line", me: explorer(0, 7, 7, 190), others: far,
			minions:   []ek.MinionView{{Kind: 2, ID: 9, X: 7, Y: 3, State: 3, Target: 0}},
			notWanted: []ek.Action{{Kind: ek.Wait}, {Kind: ek.Move, X: 7, Y: 6}, {Kind: ek.Move, X: 7, Y: 8}, {Kind: ek.Plan}, {Kind: ek.Light}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := mazeView(t)
			v.Explorers = append([]ek.ExplorerView{tt.me}, tt.others...)
			v.Minions, v.Effects = tt.minions, tt.effects
			got := NewGreedy().Act(v, nil)
			if len(got) != 1 {
				t.Fatalf("got %d actions, want 1", len(got))
			}
			if tt.want != (ek.Action{}) && got[0] != tt.want {
				t.Errorf("got %v, want %v", ek.FormatAction(got[0]), ek.FormatAction(tt.want))
			}
			for _, bad := range tt.notWanted {
				if got[0] == bad {
					t.Errorf("got %v", ek.FormatAction(got[0]))
				}
			}
		})
	}
}

// playOut plays whole games with the named policy in every seat and
// reports the explorers removed for a bad command.
func playOut(t *testing.T, name string, seeds int) (removed, games int) {
	t.Helper()
	for seed := int64(1); seed <= int64(seeds); seed++ {
		s := ek.New(seed)
		var pols [ek.Players]Policy
		for p := range pols {
			var err error
			if pols[p], err = Policies.Make(name, seed*10+int64(p)); err != nil {
				t.Fatal(err)
			}
		}
		var buf []ek.Action
		for !s.Done() {
			var acts [ek.Players]ek.Action
			for p := range acts {
				if s.Active(p) {
					buf = ActOn(pols[p], s, p, buf[:0])
					acts[p] = buf[0]
				}
			}
			_ = s.Step(&acts)
		}
		for p := 0; p < ek.Players; p++ {
			if s.Score(p) < 0 {
				removed++
			}
		}
		games++
	}
	return removed, games
}

func TestPoliciesNeverRemoved(t *testing.T) {
	for _, name := range []string{"random", "greedy"} {
		if removed, games := playOut(t, name, 4); removed > 0 {
			t.Errorf("%s: %d explorers removed for bad commands in %d games", name, removed, games)
		}
	}
}

func TestRandomIsSeeded(t *testing.T) {
	v := mazeView(t)
	a, b := NewRandom(5), NewRandom(5)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 50; i++ {
		v.Turn = rng.Intn(200)
		x, y := a.Act(v, nil), b.Act(v, nil)
		if x[0] != y[0] {
			t.Fatalf("draw %d: %v vs %v from the same seed", i, x[0], y[0])
		}
	}
}

func TestRegistry(t *testing.T) {
	names := map[string]bool{}
	for _, n := range Policies.Names() {
		names[n] = true
	}
	for _, want := range []string{"random", "greedy"} {
		if !names[want] {
			t.Errorf("%q not registered (have %v)", want, Policies.Names())
		}
		if _, err := Policies.Make(want, 1); err != nil {
			t.Error(err)
		}
	}
	if _, err := Policies.Make("nope", 1); err == nil {
		t.Error("unknown policy accepted")
	}
	if err := Policies.Register("greedy", func(int64) Policy { return NewGreedy() }); err == nil {
		t.Error("a name registered twice")
	}
	if err := Policies.Register("", nil); err == nil {
		t.Error("empty registration accepted")
	}
}
