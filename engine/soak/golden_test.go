package soak

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cgpolicy/engine/enginetest"
	"cgpolicy/engine/trace"
)

// TestGolden replays every official game through the text protocol, and
// checks each player's view against the lines it got.
func TestGolden(t *testing.T) { enginetest.RunGolden(t, Game{}, enginetest.LoadGolden(t, "soak"), nil) }

// TestGoldenPointsAndSummary checks what trace.Replay does not: the points
// and game-summary lines after every referee turn, the reasons given for
// deactivations, and the turn counts.
func TestGoldenPointsAndSummary(t *testing.T) {
	for _, g := range enginetest.LoadGolden(t, "soak") {
		tr := g.Trace
		t.Run(g.Name, func(t *testing.T) {
			var points [][2]int
			var summary [][]string
			var played int
			type tooltip struct {
				Turn   int    `json:"turn"`
				Player int    `json:"player"`
				Text   string `json:"text"`
			}
			var tooltips, gotTips []tooltip
			if err := json.Unmarshal(tr.Extra["tooltips"], &tooltips); err != nil {
				t.Fatal("tooltips:", err)
			}
			if err := json.Unmarshal(tr.Extra["points"], &points); err != nil {
				t.Fatal("points:", err)
			}
			if err := json.Unmarshal(tr.Extra["summary"], &summary); err != nil {
				t.Fatal("summary:", err)
			}
			if err := json.Unmarshal(tr.TurnsPlayed, &played); err != nil {
				t.Fatal("turns_played:", err)
			}
			s, err := New(tr.Seed)
			if err != nil {
				t.Fatal(err)
			}
			asked, err := enginetest.Updates(s, tr, func(turn, p int, err error) {
				gotTips = append(gotTips, tooltip{turn, p, err.Error()})
			}, func() error {
				i, err := enginetest.PointsAt(s, points)
				if err != nil {
					return err
				}
				if got, want := strings.Join(s.Summary(), "\n"), strings.Join(summary[i], "\n"); got != want {
					return fmt.Errorf("referee turn %d: summary\n%s\nwant\n%s", s.Turn(), got, want)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(gotTips) != fmt.Sprint(tooltips) {
				t.Errorf("deactivations %v, want %v", gotTips, tooltips)
			}
			if asked != played {
				t.Errorf("turns played %d, want %d", asked, played)
			}
			if s.Turn() != tr.RefereeTurns {
				t.Errorf("referee turns %d, want %d", s.Turn(), tr.RefereeTurns)
			}
		})
	}
}

// TestGoldenDetectsChanges proves the golden check can fail: an altered
// input line, and an altered output line, must both give a difference.
func TestGoldenDetectsChanges(t *testing.T) {
	tr := enginetest.Longest(enginetest.LoadGolden(t, "soak"), 0)
	enginetest.CheckAlterations(t, tr, enginetest.ReplayCheck(Game{}), []enginetest.Alteration{
		{Name: "input wetness", Alter: func(tr *trace.Trace) { tr.Players[1].Turns[3].Input[1] += "1" }},
		{Name: "own count", Alter: func(tr *trace.Trace) {
			in := tr.Players[0].Turns[5].Input
			in[len(in)-1] = "9"
		}},
		// every agent of player 0 walks off to a corner: positions change
		{Name: "output move", Alter: func(tr *trace.Trace) { enginetest.SetOutputs(tr, 0, 0, "MOVE 0 0") }},
		{Name: "output fatal", Alter: func(tr *trace.Trace) { tr.Players[1].Turns[2].Output[0] = "FIRE" }},
		{Name: "init", Alter: func(tr *trace.Trace) { tr.Players[0].Init[2] = "1 0 1 4 16 9" }},
	})
}
