package caribbean

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"cgpolicy/engine"
	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
)

// TestGolden replays every official game through the text protocol, and
// checks each player's view against the lines it got.
func TestGolden(t *testing.T) {
	enginetest.RunGolden(t, Game{}, enginetest.LoadGolden(t, "caribbean"), nil)
}

type goldenTooltip struct {
	Turn   int    `json:"turn"`
	Player int    `json:"player"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

// TestGoldenDetails checks what trace.Replay does not: the setup numbers,
// the points and the referee's view (hidden mines, orders, damage) after
// every update, the deactivations with their reasons, the end reason and
// the turn counts.
func TestGoldenDetails(t *testing.T) {
	for _, g := range enginetest.LoadGolden(t, "caribbean") {
		tr := g.Trace
		t.Run(g.Name, func(t *testing.T) {
			var (
				config      map[string]string
				points      [][2]int
				views       [][]string
				tips        []goldenTooltip
				deactivated [2]bool
				played      int
			)
			for k, v := range map[string]interface{}{
				"config": &config, "points": &points, "view": &views, "tooltips": &tips,
				"deactivated": &deactivated, "turns_played": &played,
			} {
				if err := json.Unmarshal(tr.Extra[k], v); err != nil {
					t.Fatalf("%s: %v", k, err)
				}
			}
			s := New(tr.Seed)
			ships, mines, barrels := s.Config()
			if got := fmt.Sprintf("%d %d %d", ships, mines, barrels); got != config["shipsPerPlayer"]+" "+config["mineCount"]+" "+config["barrelCount"] {
				t.Fatalf("config %s, want %v", got, config)
			}
			var gotTips []goldenTooltip
			asked, err := enginetest.Updates(s, tr, func(turn, p int, err error) {
				d, ok := engine.Deactivated(err)
				if !ok {
					t.Fatal(err)
				}
				text := "$" + strconv.Itoa(p) + ": invalid action"
				if d.Timeout {
					text = "$" + strconv.Itoa(p) + ": timeout!"
				}
				gotTips = append(gotTips, goldenTooltip{turn, p, text, d.Reason})
			}, func() error {
				i, err := enginetest.PointsAt(s, points)
				if err != nil {
					return err
				}
				got, want := s.RefereeView(), views[i]
				for k := 0; k < len(got) || k < len(want); k++ {
					if k >= len(got) || k >= len(want) || got[k] != want[k] {
						return fmt.Errorf("update %d: view differs at line %d\ngot:\n%s\nwant:\n%s", s.Turn(), k,
							strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(gotTips) != fmt.Sprint(tips) {
				t.Errorf("deactivations %v, want %v", gotTips, tips)
			}
			if got := [2]bool{!s.Active(0), !s.Active(1)}; got != deactivated {
				t.Errorf("deactivated %v, want %v", got, deactivated)
			}
			if s.EndReason() != tr.EndReason {
				t.Errorf("end reason %q, want %q", s.EndReason(), tr.EndReason)
			}
			if asked != played || s.Turn() != tr.RefereeTurns {
				t.Errorf("turns played %d and updates %d, want %d and %d", asked, s.Turn(), played, tr.RefereeTurns)
			}
		})
	}
}

// TestGoldenDetectsChanges proves the golden check can fail: altered input
// or output lines must give a difference.
func TestGoldenDetectsChanges(t *testing.T) {
	tr := enginetest.Longest(enginetest.LoadGolden(t, "caribbean"), 0)
	enginetest.CheckAlterations(t, tr, enginetest.ReplayCheck(Game{}), []enginetest.Alteration{
		{Name: "input rum", Alter: func(tr *trace.Trace) { tr.Players[1].Turns[3].Input[2] += "1" }},
		{Name: "entity count", Alter: func(tr *trace.Trace) { tr.Players[0].Turns[5].Input[1] = "99" }},
		{Name: "output order", Alter: func(tr *trace.Trace) {
			enginetest.SetOutputs(tr, 0, 0, "FASTER")
			tr.Players[0].Turns[1].Output[0] = "PORT"
		}},
		{Name: "output fatal", Alter: func(tr *trace.Trace) { tr.Players[1].Turns[2].Output[0] = "WAIT " }},
	})
}
